import { Box, Button, Field, HStack, Heading, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { toaster } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/error-messages';
import { readDomainError } from '../../../lib/errors';
import { useCommitments, useNotes, type Commitment, type Note } from '../api/profile-api';
import { ConfirmDialog } from './confirm-dialog';
import { EditableItem } from './editable-item';
import { ProfileCard } from './profile-card';

const NOTE_MAX = 300;
const COMMITMENT_MAX = 200;

function sinceFormat(timeZone: string) {
  try {
    return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone });
  } catch {
    return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' });
  }
}

/** The first field error of a failed call, else the general copy. */
function saveError(error: unknown): string {
  const info = readDomainError(error);
  const first = Object.values(info.fieldErrors)[0]?.[0];
  return first ?? errorMessage(error);
}

/** "Lo que tu coach sabe de ti": the notes and open commitments the coach reads, editable and deletable. */
export function CoachMemoryCard({ timeZone }: { timeZone: string }) {
  return (
    <ProfileCard
      id="perfil-coach"
      title="Lo que tu coach sabe de ti"
      description="Además de tu evaluación y tu actividad, tu coach tiene en cuenta estas notas y tus compromisos abiertos. Puedes cambiarlos o borrarlos cuando quieras."
    >
      <Stack gap="8">
        <NotesSection timeZone={timeZone} />
        <CommitmentsSection timeZone={timeZone} />
      </Stack>
    </ProfileCard>
  );
}

function NotesSection({ timeZone }: { timeZone: string }) {
  const { notes, add, edit, remove } = useNotes();
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<Note | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const newNoteRef = useRef<HTMLTextAreaElement>(null);
  const format = sinceFormat(timeZone);

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const text = draft.trim();
    if (!text) {
      setAddError('Escribe la nota');
      newNoteRef.current?.focus();
      return;
    }
    if (text.length > NOTE_MAX) {
      setAddError(`Máximo ${NOTE_MAX} caracteres`);
      newNoteRef.current?.focus();
      return;
    }
    add.mutate(
      { text },
      {
        onSuccess: () => {
          setDraft('');
          setAddError(null);
          toaster.create({ type: 'success', title: 'Nota guardada', description: 'Tu coach la tendrá en cuenta.', closable: true });
        },
        onError: (error) => {
          setAddError(saveError(error));
          newNoteRef.current?.focus();
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    setDeleteError(null);
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          setToDelete(null);
          toaster.create({ type: 'success', title: 'Nota borrada', closable: true });
        },
        onError: (error) => setDeleteError(errorMessage(error)),
      },
    );
  };

  const list = notes.data;

  return (
    <Box as="section" aria-labelledby="perfil-notas">
      <Heading as="h3" id="perfil-notas" fontSize="md" color="heading" mb="1">
        Tus notas para el coach
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        Cosas que quieres que tu coach recuerde: cómo prefieres trabajar, qué está pasando en tu vida, qué evitar.
      </Text>

      <form onSubmit={handleAdd} noValidate aria-label="Añadir una nota">
        <Stack gap="3">
          <Field.Root invalid={Boolean(addError)}>
            <Field.Label>Nueva nota</Field.Label>
            <Textarea
              ref={newNoteRef}
              value={draft}
              onChange={(event) => {
                setDraft(event.target.value);
                setAddError(null);
              }}
              placeholder="Por ejemplo: prefiero sesiones cortas por la mañana."
              autoresize
              maxH="40"
              bg="surface"
            />
            <HStack justify="space-between" w="full" gap="3">
              <Field.ErrorText>{addError}</Field.ErrorText>
              <Text fontSize="xs" color={draft.trim().length > NOTE_MAX ? 'fg.error' : 'text.muted'} ms="auto" aria-hidden="true">
                {draft.trim().length}/{NOTE_MAX}
              </Text>
            </HStack>
          </Field.Root>
          <Button type="submit" alignSelf="flex-start" size="sm" colorPalette="brand" borderRadius="full" loading={add.isPending} loadingText="Guardando...">
            Añadir nota
          </Button>
        </Stack>
      </form>

      <Box mt="5">
        {list ? (
          list.length === 0 ? (
            <Text color="text.muted">Todavía no has añadido notas.</Text>
          ) : (
            <Box as="ul" listStyleType="none" display="grid" gap="3" aria-labelledby="perfil-notas">
              {list.map((note) => (
                <Box as="li" key={note.id} p="4" borderRadius="lg" borderWidth="1px" borderColor="border.soft" bg="canvas">
                  <EditableItem
                    text={note.text}
                    meta={`${note.updatedAt.getTime() !== note.createdAt.getTime() ? 'Editada' : 'Añadida'} el ${format.format(note.updatedAt)}`}
                    fieldLabel="Texto de la nota"
                    minLength={1}
                    maxLength={NOTE_MAX}
                    tooShortMessage="Escribe la nota"
                    saving={edit.isPending && edit.variables.id === note.id}
                    onSave={async (text) => {
                      try {
                        await edit.mutateAsync({ id: note.id, text });
                        return null;
                      } catch (error) {
                        return saveError(error);
                      }
                    }}
                    onDelete={() => {
                      setDeleteError(null);
                      setToDelete(note);
                    }}
                  />
                </Box>
              ))}
            </Box>
          )
        ) : notes.isError ? (
          <HStack gap="3" flexWrap="wrap">
            <Text role="alert">No hemos podido cargar tus notas. {errorMessage(notes.error)}</Text>
            <Button size="sm" variant="outline" borderRadius="full" onClick={() => void notes.refetch()}>
              Reintentar
            </Button>
          </HStack>
        ) : (
          <Skeleton h="16" borderRadius="lg" />
        )}
      </Box>

      <ConfirmDialog
        open={toDelete !== null}
        title="¿Borrar esta nota?"
        confirmLabel="Borrar nota"
        pendingLabel="Borrando..."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        finalFocusEl={() => newNoteRef.current}
      >
        <Text>Tu coach dejará de tenerla en cuenta. No se puede deshacer.</Text>
        {toDelete ? (
          <Text as="blockquote" borderStartWidth="3px" borderColor="brand.300" ps="3" color="text" overflowWrap="anywhere">
            {toDelete.text}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}

function CommitmentsSection({ timeZone }: { timeZone: string }) {
  const { commitments, edit, remove, setStatus } = useCommitments();
  const [toDelete, setToDelete] = useState<Commitment | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const format = sinceFormat(timeZone);
  const open = commitments.data?.filter((c) => c.status === 'open') ?? [];
  const done = commitments.data?.filter((c) => c.status === 'done').length ?? 0;

  const markDone = (commitment: Commitment) => {
    setStatus.mutate(
      { id: commitment.id, status: 'done' },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: '¡Compromiso cumplido!', description: commitment.text, closable: true });
          requestAnimationFrame(() => headingRef.current?.focus());
        },
        onError: (error) => toaster.create({ type: 'error', title: 'No hemos podido marcarlo como hecho', description: errorMessage(error), closable: true }),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    setDeleteError(null);
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          setToDelete(null);
          toaster.create({ type: 'success', title: 'Compromiso borrado', closable: true });
        },
        onError: (error) => setDeleteError(errorMessage(error)),
      },
    );
  };

  return (
    <Box as="section" aria-labelledby="perfil-compromisos">
      <Heading as="h3" id="perfil-compromisos" ref={headingRef} tabIndex={-1} fontSize="md" color="heading" mb="1" _focus={{ outline: 'none' }}>
        Tus compromisos abiertos
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        Los acordaste con tu coach al cerrar una sesión. Márcalos como hechos cuando los cumplas.
        {done > 0 ? ` Ya has cumplido ${done} ${done === 1 ? 'compromiso' : 'compromisos'}.` : ''}
      </Text>
      {commitments.data ? (
        open.length === 0 ? (
          <Text color="text.muted">No tienes compromisos abiertos. Aparecerán aquí cuando cierres una sesión completa con tu coach.</Text>
        ) : (
          <Box as="ul" listStyleType="none" display="grid" gap="3" aria-labelledby="perfil-compromisos">
            {open.map((commitment) => (
              <Box as="li" key={commitment.id} p="4" borderRadius="lg" borderWidth="1px" borderColor="border.soft" bg="canvas">
                <EditableItem
                  text={commitment.text}
                  meta={`Desde el ${format.format(commitment.createdAt)}`}
                  fieldLabel="Texto del compromiso"
                  minLength={3}
                  maxLength={COMMITMENT_MAX}
                  tooShortMessage="Escribe al menos 3 caracteres"
                  saving={edit.isPending && edit.variables.id === commitment.id}
                  onSave={async (text) => {
                    try {
                      await edit.mutateAsync({ id: commitment.id, text });
                      return null;
                    } catch (error) {
                      return saveError(error);
                    }
                  }}
                  onDelete={() => {
                    setDeleteError(null);
                    setToDelete(commitment);
                  }}
                  actions={
                    <Button
                      size="xs"
                      colorPalette="brand"
                      borderRadius="full"
                      onClick={() => markDone(commitment)}
                      loading={setStatus.isPending && setStatus.variables.id === commitment.id}
                      loadingText="Guardando..."
                      aria-label={`Marcar como hecho: ${commitment.text}`}
                    >
                      <CheckIcon />
                      Hecho
                    </Button>
                  }
                />
              </Box>
            ))}
          </Box>
        )
      ) : commitments.isError ? (
        <HStack gap="3" flexWrap="wrap">
          <Text role="alert">No hemos podido cargar tus compromisos. {errorMessage(commitments.error)}</Text>
          <Button size="sm" variant="outline" borderRadius="full" onClick={() => void commitments.refetch()}>
            Reintentar
          </Button>
        </HStack>
      ) : (
        <Skeleton h="16" borderRadius="lg" />
      )}

      <ConfirmDialog
        open={toDelete !== null}
        title="¿Borrar este compromiso?"
        confirmLabel="Borrar compromiso"
        pendingLabel="Borrando..."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        finalFocusEl={() => headingRef.current}
      >
        <Text>Tu coach dejará de tenerlo en cuenta. Si solo lo has cumplido, mejor márcalo como hecho.</Text>
        {toDelete ? (
          <Text as="blockquote" borderStartWidth="3px" borderColor="brand.300" ps="3" color="text" overflowWrap="anywhere">
            {toDelete.text}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
