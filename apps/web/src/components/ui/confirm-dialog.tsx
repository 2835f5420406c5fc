import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormAlert } from '../forms/form-alert';
import { AlertDialogFrame } from './alert-dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Where focus goes once the dialog closes (the trigger may no longer exist after a delete). */
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * Confirmation for a destructive action (an alert dialog). Focus starts on "Cancelar", the safe
 * choice; Escape cancels; focus returns to `finalFocusEl` or to the trigger.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending = false,
  error = null,
  onConfirm,
  onClose,
  finalFocusEl,
}: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <AlertDialogFrame
      open={open}
      title={title}
      maxW="md"
      closeOnInteractOutside={!pending}
      initialFocusEl={() => cancelRef.current}
      finalFocusEl={finalFocusEl}
      onDismiss={() => {
        if (!pending) onClose();
      }}
      footer={
        <>
          <Button ref={cancelRef} variant="outline" borderRadius="full" onClick={onClose} disabled={pending}>
            Cancelar
          </Button>
          <Button colorPalette="red" bg="red.700" borderRadius="full" onClick={onConfirm} loading={pending} loadingText={pendingLabel}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Dialog.Description asChild>
          <Stack gap="3" color="text">
            {typeof children === 'string' ? <Text>{children}</Text> : children}
          </Stack>
        </Dialog.Description>
        <FormAlert message={error} />
      </Stack>
    </AlertDialogFrame>
  );
}

export interface ConfirmDialogControl {
  /** For the confirmed action's success. */
  close: () => void;
  /** Goes on the button that opens the dialog. */
  trigger: { ref: RefObject<HTMLButtonElement | null>; onClick: () => void };
  /** Goes on the ConfirmDialog. */
  dialog: Pick<ConfirmDialogProps, 'open' | 'onClose' | 'finalFocusEl'>;
}

/**
 * A ConfirmDialog opened by a button that the confirmed action may remove (a revoked link's «Revocar»):
 * focus returns to the button or, once it is gone, to the element with the id `fallbackId`.
 */
export function useConfirmDialog(fallbackId: string): ConfirmDialogControl {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  return {
    close,
    trigger: { ref: triggerRef, onClick: () => setOpen(true) },
    dialog: { open, onClose: close, finalFocusEl: () => triggerRef.current ?? document.getElementById(fallbackId) },
  };
}
