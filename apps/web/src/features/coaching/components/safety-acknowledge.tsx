import { Box, Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { SAFETY_BOX, SAFETY_BUTTON, SAFETY_COLORS } from '#components/ui/safety-resources';

/** Moves focus to the latest safety answer's heading (its helplines come right after it). */
export function focusLatestSafetyAnswer(): void {
  const headings = document.querySelectorAll<HTMLElement>('[data-safety-heading]');
  headings[headings.length - 1]?.focus();
}

/**
 * Under a safety answer, in place of the message box's note: the conversation waits until the person
 * says they have seen the helplines; then it goes on, and the coach is in careful mode.
 */
export function SafetyAcknowledge({ onAcknowledge, answerId }: { onAcknowledge: () => Promise<boolean>; answerId: string | undefined }) {
  const [pending, setPending] = useState(false);
  const [failed, setFailed] = useState(false);

  // Focus goes to the safety answer once it is on screen (it arrives just after the pause).
  useEffect(() => {
    if (!answerId) return;
    const frame = requestAnimationFrame(focusLatestSafetyAnswer);
    return () => cancelAnimationFrame(frame);
  }, [answerId]);

  const acknowledge = async () => {
    setPending(true);
    setFailed(false);
    const ok = await onAcknowledge();
    setPending(false);
    if (!ok) setFailed(true);
  };

  return (
    <Box {...SAFETY_BOX} borderRadius="xl" px="4" py="3" color={SAFETY_COLORS.text} data-testid="confirmar-recursos">
      <Text>Cuando hayas visto los recursos de ayuda, puedes seguir hablando con tu coach. Irá con calma y sin prisas.</Text>
      <Button type="button" mt="3" borderRadius="full" {...SAFETY_BUTTON} onClick={() => void acknowledge()} loading={pending} loadingText="Un momento…">
        He leído los recursos, quiero continuar
      </Button>
      {failed ? (
        <Text role="alert" mt="2" fontSize="sm" color="fg.error">
          No hemos podido guardar tu confirmación. Inténtalo de nuevo.
        </Text>
      ) : null}
    </Box>
  );
}
