import { Box, HStack, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { CARD_SURFACE } from './card-surface';
import { FocusHeading } from './focus-heading';

export interface SectionCardProps extends Omit<BoxProps, 'title'> {
  /** The h2's id; the section is labelled by it (a landmark region for screen-reader navigation). */
  id: string;
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  tone?: 'default' | 'danger';
  /** Space between the heading block and the content. */
  headerGap?: BoxProps['mb'];
  children: ReactNode;
}

/** A white card section headed by its h2, an optional description and actions (profile and admin pages). */
export function SectionCard({ id, title, description, actions, tone = 'default', children, headerGap = '4', ...props }: SectionCardProps) {
  return (
    <Box as="section" aria-labelledby={id} {...CARD_SURFACE} borderColor={tone === 'danger' ? 'red.200' : 'border.soft'} {...props}>
      <HStack justify="space-between" align="flex-start" gap="3" flexWrap="wrap" mb={headerGap}>
        <Box>
          <FocusHeading as="h2" id={id} fontSize="lg">
            {title}
          </FocusHeading>
          {description ? (
            <Text color="text.muted" fontSize="sm" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions}
      </HStack>
      {children}
    </Box>
  );
}

/** A light inset box inside a card (a list row, a sub-form). Props override the padding and colours. */
export function InsetBox(props: BoxProps) {
  return <Box p="3" borderRadius="lg" borderWidth="1px" borderColor="border.soft" bg="canvas" {...props} />;
}

/** Preformatted text (an e-mail's plain-text version) in a monospace box. Props override the look. */
export function PlainTextBox(props: BoxProps) {
  return <Box as="pre" borderWidth="1px" borderColor="ink.100" fontSize="sm" whiteSpace="pre-wrap" overflowWrap="anywhere" fontFamily="mono" {...props} />;
}
