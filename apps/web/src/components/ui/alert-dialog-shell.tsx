import {
  Dialog,
  Portal,
  type DialogBodyProps,
  type DialogContentProps,
  type DialogFooterProps,
  type DialogHeaderProps,
  type DialogRootProps,
  type DialogTitleProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface AlertDialogShellProps extends Omit<DialogRootProps, 'children' | 'role' | 'placement'> {
  title: ReactNode;
  /** The dialog's body (its description and any error). */
  children: ReactNode;
  /** The buttons (the safe choice first). */
  footer: ReactNode;
  backdropBg?: string;
  contentProps?: DialogContentProps;
  headerProps?: DialogHeaderProps;
  titleProps?: DialogTitleProps;
  bodyProps?: DialogBodyProps;
  footerProps?: DialogFooterProps;
}

/**
 * A centred alert dialog (a question before something that cannot be undone): title, body, buttons.
 * The Root props (open, onOpenChange, focus) pass through; the parts' props set their look.
 */
export function AlertDialogShell({
  title,
  children,
  footer,
  backdropBg,
  contentProps,
  headerProps,
  titleProps,
  bodyProps,
  footerProps,
  ...root
}: AlertDialogShellProps) {
  return (
    <Dialog.Root role="alertdialog" placement="center" {...root}>
      <Portal>
        <Dialog.Backdrop bg={backdropBg} />
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="card" {...contentProps}>
            <Dialog.Header {...headerProps}>
              <Dialog.Title {...titleProps}>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body {...bodyProps}>{children}</Dialog.Body>
            <Dialog.Footer {...footerProps}>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
