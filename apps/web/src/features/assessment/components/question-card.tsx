import { Box, Text, chakra, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CARD_SURFACE } from '#components/ui/card-surface';

/** The white card around one question; `invalid` marks a required question left unanswered after an attempt. */
export function QuestionCard({ invalid = false, children, ...props }: { invalid?: boolean; children: ReactNode } & BoxProps) {
  return (
    <Box {...CARD_SURFACE} borderColor={invalid ? 'red.600' : 'border.soft'} px={{ base: '4', md: '6' }} py={{ base: '5', md: '6' }} {...props}>
      {children}
    </Box>
  );
}

/** The question text as a fieldset legend (choice groups) — same look as a field label. */
export const QuestionLegend = chakra('legend', {
  base: {
    fontSize: { base: 'md', md: 'lg' },
    fontWeight: '600',
    color: 'heading',
    lineHeight: '1.35',
    mb: '1',
    p: '0',
  },
});

/** A borderless fieldset (the card draws the box). */
export const PlainFieldset = chakra('fieldset', {
  base: { border: '0', p: '0', m: '0', minW: '0' },
});

export function QuestionHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <Text id={id} color="text.muted" fontSize="sm" mb="4">
      {children}
    </Text>
  );
}

/** "Responde esta pregunta", shown under a required question after an attempt to continue. */
export function QuestionError({ id, show }: { id: string; show: boolean }) {
  if (!show) return null;
  return (
    <Text id={id} color="fg.error" fontSize="sm" fontWeight="500" mt="3">
      Responde esta pregunta para continuar.
    </Text>
  );
}
