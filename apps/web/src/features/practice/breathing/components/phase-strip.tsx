import { Box, HStack, Text } from '@chakra-ui/react';
import type { BreathPhase } from '@ascenso/domain/breathing';

const TONES: Record<BreathPhase['kind'], { bg: string; color: string }> = {
  inhale: { bg: 'brand.100', color: 'brand.900' },
  'inhale-top': { bg: 'brand.200', color: 'brand.950' },
  hold: { bg: 'sun.100', color: 'sun.900' },
  exhale: { bg: 'ink.100', color: 'ink.900' },
};

/**
 * The cycle as proportional segments ("Inhala 4 s · Mantén 4 s …"); the current phase is outlined
 * during a practice. Reads as a list for screen readers.
 */
export function PhaseStrip({ phases, current, label }: { phases: readonly BreathPhase[]; current?: number; label: string }) {
  return (
    <Box>
      <Text srOnly>{label}</Text>
      <HStack as="ol" listStyleType="none" gap="1.5" align="stretch" w="full">
        {phases.map((phase, index) => {
          const tone = TONES[phase.kind];
          const active = current === index;
          return (
            <Box
              as="li"
              key={index}
              flexGrow={Math.max(phase.seconds, 2.5)}
              flexBasis="0"
              minW="0"
              bg={tone.bg}
              color={tone.color}
              borderRadius="md"
              px="2"
              py="1.5"
              outline={active ? '2px solid' : undefined}
              outlineColor={active ? 'brand.700' : undefined}
              outlineOffset="1px"
              aria-current={active ? 'step' : undefined}
            >
              <Text fontSize="xs" fontWeight="700" lineHeight="1.25">
                {phase.label}
              </Text>
              <Text fontSize="xs">{String(phase.seconds).replace('.', ',')} s</Text>
            </Box>
          );
        })}
      </HStack>
    </Box>
  );
}
