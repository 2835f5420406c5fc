import { chakra, Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog, type ConfirmDialogControl } from './confirm-dialog';
import { ClipboardIcon, InfoIcon } from './icons';

export interface SecretLinkFieldProps {
  /** The field's label ("Tu enlace privado"). */
  label: string;
  /** The link, shown once: the server keeps only a hash of its token. */
  url: string;
  /** Said after a successful copy: where to paste it. */
  copiedMessage: string;
  /** Why it is shown only once and who can open it. */
  warning: string;
  /** Lines between the field and the copy status (e.g. when it expires). */
  children?: ReactNode;
}

/**
 * A freshly created secret link (a share, a calendar feed): read-only field, "Copiar enlace" (the field is
 * selected when the clipboard refuses), a polite live region for the result, and the warning that it will
 * not be shown again. Focus moves to the field when a new link appears, so keyboard and screen-reader users
 * land on it.
 */
export function SecretLinkField({ label, url, copiedMessage, warning, children }: SecretLinkFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<{ url: string; message: string } | null>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied({ url, message: copiedMessage });
    } catch {
      inputRef.current?.select();
      setCopied({ url, message: 'No hemos podido copiarlo: está seleccionado, cópialo con Ctrl+C (o Cmd+C).' });
    }
  };

  return (
    <Stack gap="3">
      <chakra.label display="grid" gap="1" fontSize="sm" fontWeight="600" color="heading">
        {label}
        <HStack gap="2" align="stretch" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Input ref={inputRef} readOnly value={url} fontFamily="mono" fontSize="sm" bg="canvas" onFocus={(event) => event.currentTarget.select()} />
          <Button variant="solid" borderRadius="full" onClick={() => void copy()} flexShrink={0}>
            <ClipboardIcon aria-hidden="true" />
            Copiar enlace
          </Button>
        </HStack>
      </chakra.label>
      {children}
      <Text fontSize="sm" color="ink.800" aria-live="polite" minH="5">
        {copied?.url === url ? copied.message : ''}
      </Text>
      <HStack gap="2" align="flex-start" fontSize="sm" color="ink.800">
        <InfoIcon boxSize="4" mt="0.5" color="sun.800" aria-hidden="true" />
        <Text>{warning}</Text>
      </HStack>
    </Stack>
  );
}

export interface RevokeLinkDialogProps {
  /** From useConfirmDialog: its trigger is the card's «Revocar». */
  control: ConfirmDialogControl;
  title: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  /** What stops working, and that another link can be created. */
  children: string;
}

/** The confirmation before a secret link (a share, a calendar feed) stops working for whoever has it. */
export function RevokeLinkDialog({ control, title, pending, error, onConfirm, children }: RevokeLinkDialogProps) {
  return (
    <ConfirmDialog
      {...control.dialog}
      title={title}
      confirmLabel="Revocar el enlace"
      pendingLabel="Revocando..."
      pending={pending}
      error={error}
      onConfirm={onConfirm}
    >
      {children}
    </ConfirmDialog>
  );
}
