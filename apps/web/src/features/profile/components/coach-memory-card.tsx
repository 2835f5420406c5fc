import { COACH_NOTE_MAX_LENGTH, COMMITMENT_MAX_LENGTH, CoachNoteTextSchema, CommitmentTextSchema } from '@ascenso/domain/profile';
import { Button, Stack } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { CheckIcon } from '#components/ui/icons';
import { toaster } from '#components/ui/toaster';
import { errorMessage, type ErrorContext } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import type { Commitment } from '#lib/coaching-queries';
import { useCommitments, useNotes } from '../api/profile-api';
import { checkMemberText, type MemberTextField } from '../utils/member-text';
import { CountedTextarea } from './counted-textarea';
import { EditableList } from './editable-list';
import { ProfileCard } from './profile-card';

function sinceFormat(timeZone: string) {
  try {
    return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone });
  } catch {
    return new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long' });
  }
}

/** The first field error of a failed call, else the general copy. */
function saveError(error: unknown, context?: ErrorContext): string {
  const info = readDomainError(error);
  const first = Object.values(info.fieldErrors)[0]?.[0];
  return first ?? errorMessage(error, context);
}

const NOTE_FIELD: MemberTextField = { label: 'Texto de la nota', schema: CoachNoteTextSchema, maxLength: COACH_NOTE_MAX_LENGTH };
const COMMITMENT_FIELD: MemberTextField = { label: 'Texto del compromiso', schema: CommitmentTextSchema, maxLength: COMMITMENT_MAX_LENGTH };

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
  const newNoteRef = useRef<HTMLTextAreaElement>(null);
  const format = sinceFormat(timeZone);

  const handleAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (add.isPending) return;
    const { text, error } = checkMemberText(NOTE_FIELD.schema, draft);
    if (error !== null) {
      setAddError(error);
      newNoteRef.current?.focus();
      return;
    }
    add.mutate(
      { text },
      {
        onSuccess: () => {
          setDraft('');
          setAddError(null);
          toaster.create({
            type: 'success',
            title: 'Nota guardada',
            description: 'Tu coach la tendrá en cuenta.',
            closable: true,
          });
        },
        onError: (error) => {
          setAddError(saveError(error, 'note-save'));
          newNoteRef.current?.focus();
        },
      },
    );
  };

  return (
    <EditableList
      headingId="perfil-notas"
      title="Tus notas para el coach"
      description="Cosas que quieres que tu coach recuerde: cómo prefieres trabajar, qué está pasando en tu vida, qué evitar."
      before={
        <form onSubmit={handleAdd} noValidate aria-label="Añadir una nota">
          <Stack gap="3">
            <CountedTextarea
              label="Nueva nota"
              textareaRef={newNoteRef}
              value={draft}
              onChange={(value) => {
                setDraft(value);
                setAddError(null);
              }}
              placeholder="Por ejemplo: prefiero sesiones cortas por la mañana."
              maxLength={NOTE_FIELD.maxLength}
              error={addError}
            />
            <Button type="submit" alignSelf="flex-start" size="sm" colorPalette="brand" borderRadius="full" loading={add.isPending} loadingText="Guardando...">
              Añadir nota
            </Button>
          </Stack>
        </form>
      }
      query={notes}
      items={notes.data}
      emptyText="Todavía no has añadido notas."
      loadErrorText="No hemos podido cargar tus notas."
      field={NOTE_FIELD}
      meta={(note) => `${note.updatedAt.getTime() !== note.createdAt.getTime() ? 'Editada' : 'Añadida'} el ${format.format(note.updatedAt)}`}
      {...{ edit, remove, saveError }}
      removal={{
        title: '¿Borrar esta nota?',
        confirmLabel: 'Borrar nota',
        explanation: 'Tu coach dejará de tenerla en cuenta. No se puede deshacer.',
        doneToast: 'Nota borrada',
      }}
      finalFocusEl={() => newNoteRef.current}
    />
  );
}

function CommitmentsSection({ timeZone }: { timeZone: string }) {
  const { commitments, edit, remove, setStatus } = useCommitments();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const format = sinceFormat(timeZone);
  const open = commitments.data?.filter((c) => c.status === 'open') ?? [];
  const done = commitments.data?.filter((c) => c.status === 'done').length ?? 0;

  const markDone = (commitment: Commitment) => {
    setStatus.mutate(
      { id: commitment.id, status: 'done' },
      {
        onSuccess: () => {
          toaster.create({
            type: 'success',
            title: '¡Compromiso cumplido!',
            description: commitment.text,
            closable: true,
          });
          requestAnimationFrame(() => headingRef.current?.focus());
        },
        onError: (error) =>
          toaster.create({
            type: 'error',
            title: 'No hemos podido marcarlo como hecho',
            description: errorMessage(error),
            closable: true,
          }),
      },
    );
  };

  return (
    <EditableList
      headingId="perfil-compromisos"
      title="Tus compromisos abiertos"
      headingRef={headingRef}
      description={
        <>
          Los acordaste con tu coach al cerrar una sesión. Márcalos como hechos cuando los cumplas.
          {done > 0 ? ` Ya has cumplido ${done} ${done === 1 ? 'compromiso' : 'compromisos'}.` : ''}
        </>
      }
      query={commitments}
      items={commitments.data ? open : undefined}
      emptyText="No tienes compromisos abiertos. Aparecerán aquí cuando cierres una sesión completa con tu coach."
      loadErrorText="No hemos podido cargar tus compromisos."
      field={COMMITMENT_FIELD}
      meta={(commitment) => `Desde el ${format.format(commitment.createdAt)}`}
      actions={(commitment) => (
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
      )}
      {...{ edit, remove, saveError }}
      removal={{
        title: '¿Borrar este compromiso?',
        confirmLabel: 'Borrar compromiso',
        explanation: 'Tu coach dejará de tenerlo en cuenta. Si solo lo has cumplido, mejor márcalo como hecho.',
        doneToast: 'Compromiso borrado',
      }}
      finalFocusEl={() => headingRef.current}
    />
  );
}
