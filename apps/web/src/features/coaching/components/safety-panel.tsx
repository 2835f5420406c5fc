import { Box, HStack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { HeartHandIcon } from '#components/ui/icons';
import { DEFAULT_RESOURCES, SAFETY_BOX, SAFETY_COLORS, SafetyResourceList, type SafetyView } from '#components/ui/safety-resources';
import { FocusHeading } from '#components/ui/focus-heading';

/**
 * The coach's fixed answer to a crisis message: calm, distinct from coaching, with its category's
 * helplines one tap away (024, 016, ANAR, 112 and a line for other countries). Its heading takes focus
 * when the conversation pauses (SafetyAcknowledge), so a screen reader reads it first.
 */
export function SafetyPanel({ content, safety }: { content: string; safety: SafetyView | null }) {
  const titleId = useId();
  return (
    <Box
      as="section"
      aria-labelledby={titleId}
      data-testid="panel-seguridad"
      data-categoria={safety?.category}
      {...SAFETY_BOX}
      borderRadius="card"
      px={{ base: '5', md: '6' }}
      py={{ base: '5', md: '6' }}
    >
      <HStack gap="3" mb="3">
        <Box as="span" display="inline-flex" p="2" borderRadius="full" bg="white" color={SAFETY_COLORS.icon} aria-hidden="true">
          <HeartHandIcon boxSize="5" />
        </Box>
        <FocusHeading
          as="h2"
          id={titleId}
          data-safety-heading=""
          fontSize="lg"
          color={SAFETY_COLORS.ink}
          _focusVisible={{ outline: `2px solid ${SAFETY_COLORS.ink}` }}
        >
          Ahora lo importante eres tú
        </FocusHeading>
      </HStack>
      <Text color={SAFETY_COLORS.text} whiteSpace="pre-wrap">
        {content}
      </Text>
      <SafetyResourceList resources={safety?.resources ?? DEFAULT_RESOURCES} />
    </Box>
  );
}
