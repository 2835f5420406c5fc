import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { checkMemberText, type MemberTextField } from '../utils/member-text';
import { CountedTextarea } from './counted-textarea';

export interface EditableItemProps {
  text: string;
  meta?: ReactNode;
  /** The textarea while editing ("Texto de la nota") and the domain schema that checks the text. */
  field: MemberTextField;
  saving: boolean;
  /** Resolves to an error message, or null when saved. */
  onSave: (text: string) => Promise<string | null>;
  onDelete: () => void;
  /** More buttons before "Editar" (e.g. "Hecho"). */
  actions?: ReactNode;
}

/**
 * One note or commitment: its text, then "Editar" (inline form, focus moves into it and back) and
 * "Borrar" (the caller confirms). Buttons are described by the text they act on.
 */
export function EditableItem({ text, meta, field, saving, onSave, onDelete, actions }: EditableItemProps) {
  const textId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [error, setError] = useState<string | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  const startEditing = () => {
    setDraft(text);
    setError(null);
    setEditing(true);
    requestAnimationFrame(() => {
      const textarea = textareaRef.current;
      if (!textarea) return;
      textarea.focus();
      textarea.setSelectionRange(textarea.value.length, textarea.value.length);
    });
  };

  // Focus goes back to "Editar" once the item is shown again and no save is pending (the button is
  // disabled while saving), not on a timer that can fire before the list settles.
  const focusEditOnClose = useRef(false);
  const stopEditing = () => {
    focusEditOnClose.current = true;
    setEditing(false);
  };
  useEffect(() => {
    if (!editing && !saving && focusEditOnClose.current) {
      focusEditOnClose.current = false;
      editRef.current?.focus();
    }
  }, [editing, saving]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const checked = checkMemberText(field.schema, draft);
    const failure = checked.error === null ? await onSave(checked.text) : checked.error;
    if (failure) {
      setError(failure);
      textareaRef.current?.focus();
      return;
    }
    stopEditing();
  };

  if (editing) {
    return (
      <form onSubmit={(event) => void handleSubmit(event)} noValidate aria-label={field.label}>
        <Stack gap="3">
          <CountedTextarea
            label={field.label}
            textareaRef={textareaRef}
            value={draft}
            onChange={(value) => {
              setDraft(value);
              setError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                stopEditing();
              }
            }}
            maxLength={field.maxLength}
            error={error}
          />
          <HStack gap="2" flexWrap="wrap">
            <Button type="submit" size="sm" colorPalette="brand" borderRadius="full" loading={saving} loadingText="Guardando...">
              Guardar
            </Button>
            <Button type="button" size="sm" variant="outline" borderRadius="full" onClick={stopEditing} disabled={saving}>
              Cancelar
            </Button>
          </HStack>
        </Stack>
      </form>
    );
  }

  return (
    <Stack gap="2">
      <Box>
        <Text id={textId} color="text" overflowWrap="anywhere" whiteSpace="pre-wrap">
          {text}
        </Text>
        {meta ? (
          <Text fontSize="sm" color="text.muted">
            {meta}
          </Text>
        ) : null}
      </Box>
      <HStack gap="2" flexWrap="wrap">
        {actions}
        <Button ref={editRef} size="xs" variant="outline" borderRadius="full" onClick={startEditing} aria-describedby={textId}>
          Editar
        </Button>
        <Button size="xs" variant="ghost" color="red.700" borderRadius="full" onClick={onDelete} aria-describedby={textId}>
          Borrar
        </Button>
      </HStack>
    </Stack>
  );
}
