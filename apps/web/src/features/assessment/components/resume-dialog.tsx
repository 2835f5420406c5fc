import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { AlertDialogFrame } from '#components/ui/alert-dialog';

const DATE_FORMAT = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' });

/**
 * "Retomar Evaluación" (spec §2/§4): shown when the user completed an assessment within the last
 * month and has no evaluation in progress. Escape counts as "Cancelar y Regresar" (the safe choice).
 */
export function ResumeDialog({
  open,
  assessmentCreatedAt,
  timeZone,
  onCancel,
  onContinue,
}: {
  open: boolean;
  assessmentCreatedAt: Date;
  timeZone: string;
  onCancel: () => void;
  onContinue: () => void;
}) {
  const continueRef = useRef<HTMLButtonElement>(null);
  let when: string;
  try {
    when = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone }).format(assessmentCreatedAt);
  } catch {
    when = DATE_FORMAT.format(assessmentCreatedAt);
  }

  return (
    <AlertDialogFrame
      open={open}
      title="Retomar Evaluación"
      initialFocusEl={() => continueRef.current}
      onDismiss={onCancel}
      // The buttons wrap (and shrink) rather than overflow: with their long labels side by side they
      // used to push "Cancelar y Regresar" out past the dialog's left edge on desktop.
      footerProps={{ flexWrap: { sm: 'wrap' } }}
      footer={
        <>
          <Button variant="outline" borderRadius="full" flex={{ sm: '1 1 auto' }} minW="0" onClick={onCancel}>
            Cancelar y Regresar
          </Button>
          <Button ref={continueRef} colorPalette="brand" borderRadius="full" flex={{ sm: '1 1 auto' }} minW="0" onClick={onContinue}>
            Continuar con Nueva Evaluación
          </Button>
        </>
      }
    >
      <Dialog.Description asChild>
        <Stack gap="3" color="text">
          <Text>Ya completaste tu evaluación el {when}.</Text>
          <Text color="text.muted">
            Puedes hacer una nueva evaluación desde el principio; cuando la termines, tu coach usará tus respuestas nuevas. Tu evaluación anterior se conserva
            en tu historial.
          </Text>
        </Stack>
      </Dialog.Description>
    </AlertDialogFrame>
  );
}
