import { Box, HStack, Text, type BoxProps } from '@chakra-ui/react';
import type { ReactNode, Ref } from 'react';
import { InfoIcon } from './icons';

/** The warm (sun) tint of a box that asks for attention without alarm: notices, hints, the day's question. */
export const WARM_BOX = { bg: 'sun.50', borderWidth: '1px', borderColor: 'sun.200' } as const;

/**
 * A warm (sun-toned) notice that stops a practice for a decision: an info icon, a bold title, a line of
 * explanation and the buttons that answer it. The box takes the role and aria props the caller gives
 * (an `alert` for a failed save, an `alertdialog` for "¿Salir de la clase?").
 */
export function WarmNotice({
  title,
  titleId,
  message,
  messageId,
  actions,
  actionsRef,
  ...box
}: {
  title: string;
  titleId?: string;
  message: ReactNode;
  messageId?: string;
  actions: ReactNode;
  actionsRef?: Ref<HTMLDivElement>;
} & Omit<BoxProps, 'title'>) {
  return (
    <Box borderRadius="xl" {...WARM_BOX} p="5" {...box}>
      <HStack align="flex-start" gap="3">
        <InfoIcon boxSize="5" color="sun.800" mt="0.5" aria-hidden="true" flexShrink={0} />
        <Box>
          <Text id={titleId} fontWeight="700" color="heading">
            {title}
          </Text>
          <Text id={messageId} mt="1" color="ink.800">
            {message}
          </Text>
          <HStack ref={actionsRef} mt="4" gap="2" flexWrap="wrap">
            {actions}
          </HStack>
        </Box>
      </HStack>
    </Box>
  );
}
