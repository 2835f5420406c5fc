import { Box, HStack, Spinner, Text } from '@chakra-ui/react';
import { CircleCheckIcon, InfoIcon } from '#components/ui/icons';
import { earnedStepsLabel } from '#lib/steps/format-steps';
import type { CompletionNote } from '../hooks/use-audio-completion';

/** What happened after an audio ended, in a polite live region (the toast tells the steps too). */
export function CompletionNoteView({ note, tone = 'light' }: { note: CompletionNote; tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  return (
    <Box role="status" aria-live="polite" minH={note ? undefined : '0'}>
      {note?.kind === 'saving' ? (
        <HStack gap="2" color={dark ? 'hero.muted' : 'text.muted'} fontSize="sm">
          <Spinner size="xs" aria-hidden="true" />
          <Text>Registrando tu escucha...</Text>
        </HStack>
      ) : null}
      {note?.kind === 'earned' ? (
        <HStack gap="2" color={dark ? 'sun.200' : 'brand.800'} fontSize="sm" fontWeight="600">
          <CircleCheckIcon boxSize="4" aria-hidden="true" />
          <Text>Escucha completada: {earnedStepsLabel(note.stepsEarned)}</Text>
        </HStack>
      ) : null}
      {note?.kind === 'note' ? (
        <HStack
          gap="2"
          align="flex-start"
          fontSize="sm"
          color={dark ? 'hero.text' : 'ink.800'}
          bg={dark ? 'whiteAlpha.200' : 'sun.50'}
          borderWidth="1px"
          borderColor={dark ? 'whiteAlpha.300' : 'sun.200'}
          borderRadius="lg"
          px="3"
          py="2"
        >
          <InfoIcon boxSize="4" mt="0.5" flexShrink={0} aria-hidden="true" />
          <Text>{note.message}</Text>
        </HStack>
      ) : null}
    </Box>
  );
}
