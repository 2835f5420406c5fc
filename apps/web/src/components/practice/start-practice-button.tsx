import { Button, type ButtonProps } from '@chakra-ui/react';
import { unlockTones } from '#lib/practice/cues';

/**
 * The big "Empezar" of a guided practice: busy ("Preparando...") while the session starts, and, when the
 * user wants sound cues, it unlocks the tones inside this click (browsers only allow audio after a gesture).
 */
export function StartPracticeButton({
  starting,
  sound,
  onBegin,
  ...button
}: { starting: boolean; sound: boolean; onBegin: () => void } & Omit<ButtonProps, 'onClick' | 'loading'>) {
  return (
    <Button
      colorPalette="brand"
      size="xl"
      borderRadius="full"
      loading={starting}
      loadingText="Preparando..."
      onClick={() => {
        if (sound) unlockTones();
        onBegin();
      }}
      {...button}
    />
  );
}
