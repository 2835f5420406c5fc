import { Box, Circle, Text } from '@chakra-ui/react';
import { CheckIcon } from '#components/ui/icons';
import type { ConversationStatus } from '../utils/reply-stream';
import { SESSION_PHASES, phaseIndex, phaseState } from '../utils/conversation';

/** The five phases of a structured session with the current one highlighted (aria-current="step"). */
export function SessionStepper({ stage, status }: { stage: string | null; status: ConversationStatus }) {
  const current = phaseIndex(stage, status);
  return (
    <Box
      as="ol"
      aria-label="Fases de la sesión"
      listStyleType="none"
      m="0"
      p="0"
      display="grid"
      gridTemplateColumns="repeat(5, minmax(0, 1fr))"
      gap={{ base: '0', md: '2' }}
    >
      {SESSION_PHASES.map((phase, index) => {
        const state = phaseState(index, current);
        const isCurrent = state === 'current';
        const complete = state === 'complete' || (status === 'completed' && isCurrent);
        return (
          <Box
            as="li"
            key={phase.stage}
            aria-current={isCurrent ? 'step' : undefined}
            data-state={state}
            display="flex"
            flexDirection="column"
            alignItems="center"
            textAlign="center"
            gap="1.5"
            position="relative"
            // The line joining each phase to the previous one.
            _before={
              index === 0
                ? undefined
                : {
                    content: '""',
                    position: 'absolute',
                    top: '4',
                    left: '-50%',
                    right: '50%',
                    height: '2px',
                    bg: index <= current ? 'brand.600' : 'ink.200',
                    zIndex: 0,
                  }
            }
          >
            <Circle
              size="8"
              position="relative"
              zIndex={1}
              bg={complete ? 'brand.700' : isCurrent ? 'sun.300' : 'surface'}
              color={complete ? 'white' : isCurrent ? 'brand.950' : 'ink.600'}
              borderWidth="2px"
              borderColor={complete ? 'brand.700' : isCurrent ? 'sun.500' : 'ink.300'}
              fontWeight="700"
              fontSize="sm"
              aria-hidden="true"
              boxShadow={isCurrent ? '0 0 0 4px var(--chakra-colors-sun-100)' : undefined}
            >
              {complete ? <CheckIcon boxSize="4" /> : index + 1}
            </Circle>
            <Text
              fontSize={{ base: '2xs', sm: 'xs', md: 'sm' }}
              fontWeight={isCurrent ? '700' : '500'}
              color={isCurrent ? 'heading' : 'text.muted'}
              lineHeight="1.2"
              letterSpacing={{ base: '-0.01em', sm: 'normal' }}
            >
              {phase.label}
              <Text as="span" srOnly>
                {complete ? ' (completada)' : isCurrent ? ' (fase actual)' : ''}
              </Text>
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
