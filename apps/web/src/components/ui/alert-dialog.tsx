import { Dialog, Portal, type DialogFooterProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface AlertDialogFrameProps {
  open: boolean;
  title: string;
  /** Closing by Escape, the close trigger or (when allowed) a click outside. */
  onDismiss: () => void;
  initialFocusEl: () => HTMLElement | null;
  finalFocusEl?: (() => HTMLElement | null) | undefined;
  closeOnInteractOutside?: boolean;
  maxW?: string;
  /** Wraps header, body and footer (the account deletion puts them in its form). */
  wrap?: (content: ReactNode) => ReactNode;
  footer: ReactNode;
  footerProps?: DialogFooterProps;
  children: ReactNode;
}

/** A centred alert dialog (role alertdialog): title, body, and the actions stacked on phones, in a row from `sm`. */
export function AlertDialogFrame({
  open,
  title,
  onDismiss,
  initialFocusEl,
  finalFocusEl,
  closeOnInteractOutside = false,
  maxW = 'lg',
  wrap = (content) => content,
  footer,
  footerProps,
  children,
}: AlertDialogFrameProps) {
  return (
    <Dialog.Root
      open={open}
      role="alertdialog"
      placement="center"
      closeOnInteractOutside={closeOnInteractOutside}
      initialFocusEl={initialFocusEl}
      {...(finalFocusEl ? { finalFocusEl } : {})}
      onOpenChange={(details) => {
        if (!details.open) onDismiss();
      }}
    >
      <Portal>
        <Dialog.Backdrop bg="rgba(11, 40, 38, 0.55)" />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="card" maxW={maxW}>
            {wrap(
              <>
                <Dialog.Header pb="2">
                  <Dialog.Title fontSize="xl" color="heading">
                    {title}
                  </Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>{children}</Dialog.Body>
                <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3" {...footerProps}>
                  {footer}
                </Dialog.Footer>
              </>,
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
