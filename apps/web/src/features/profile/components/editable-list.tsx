import { Box, Heading, Skeleton, Text } from '@chakra-ui/react';
import { useState, type ReactNode, type RefObject } from 'react';
import { RetryAlert } from '#components/ui/retry-alert';
import { toaster } from '#components/ui/toaster';
import { errorMessage } from '#lib/error-messages';
import type { MemberTextField } from '../utils/member-text';
import { ConfirmDialog } from '#components/ui/confirm-dialog';
import { EditableItem } from './editable-item';

interface ListItem {
  id: string;
  text: string;
}

/** The query the list shows (react-query's result fits). */
interface ListQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** `{ id, text }` edit mutation (react-query's result fits). */
interface EditMutation {
  isPending: boolean;
  variables: { id: string } | undefined;
  mutateAsync: (input: { id: string; text: string }) => Promise<unknown>;
}

/** `{ id }` delete mutation (react-query's result fits). */
interface RemoveMutation {
  isPending: boolean;
  mutate: (input: { id: string }, options: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}

export interface EditableListProps<T extends ListItem> {
  headingId: string;
  title: string;
  /** Makes the heading focusable (tabIndex -1), for the caller to move focus there. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  description: ReactNode;
  /** Shown between the description and the list (e.g. the form that adds an item). */
  before?: ReactNode;
  query: ListQuery;
  /** The items to show; undefined while they load (or when they failed to). */
  items: readonly T[] | undefined;
  emptyText: string;
  /** "No hemos podido cargar tus notas." (the error message follows). */
  loadErrorText: string;
  /** How each item is edited: the textarea's label and the domain schema of the text. */
  field: MemberTextField;
  meta: (item: T) => string;
  /** More buttons per item, before "Editar". */
  actions?: (item: T) => ReactNode;
  edit: EditMutation;
  /** Turns a failed edit into the message shown under the field. */
  saveError: (error: unknown) => string;
  remove: RemoveMutation;
  /** The delete confirmation: dialog title, its button, its explanation and the success toast. */
  removal: { title: string; confirmLabel: string; explanation: string; doneToast: string };
  /** Where focus goes when the delete dialog closes (the deleted item's buttons are gone). */
  finalFocusEl: () => HTMLElement | null;
}

/**
 * A section of items the user can edit in place and delete after confirming (the coach's notes, the
 * open commitments): heading, description, the list (or its empty, error and loading states) and the
 * delete dialog, which quotes the item.
 */
export function EditableList<T extends ListItem>({
  headingId,
  title,
  headingRef,
  description,
  before,
  query,
  items,
  emptyText,
  loadErrorText,
  field,
  meta,
  actions,
  edit,
  saveError,
  remove,
  removal,
  finalFocusEl,
}: EditableListProps<T>) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    setDeleteError(null);
    remove.mutate(
      { id: toDelete.id },
      {
        onSuccess: () => {
          setToDelete(null);
          toaster.create({ type: 'success', title: removal.doneToast, closable: true });
        },
        onError: (error) => setDeleteError(errorMessage(error)),
      },
    );
  };

  return (
    <Box as="section" aria-labelledby={headingId}>
      <Heading
        as="h3"
        id={headingId}
        fontSize="md"
        color="heading"
        mb="1"
        {...(headingRef ? { ref: headingRef, tabIndex: -1, _focus: { outline: 'none' } } : {})}
      >
        {title}
      </Heading>
      <Text fontSize="sm" color="text.muted" mb="4">
        {description}
      </Text>
      {before}

      <Box mt={before ? '5' : undefined}>
        {items ? (
          items.length === 0 ? (
            <Text color="text.muted">{emptyText}</Text>
          ) : (
            <Box as="ul" listStyleType="none" display="grid" gap="3" aria-labelledby={headingId}>
              {items.map((item) => (
                <Box as="li" key={item.id} p="4" borderRadius="lg" borderWidth="1px" borderColor="border.soft" bg="canvas">
                  <EditableItem
                    text={item.text}
                    meta={meta(item)}
                    field={field}
                    saving={edit.isPending && edit.variables?.id === item.id}
                    onSave={async (text) => {
                      try {
                        await edit.mutateAsync({ id: item.id, text });
                        return null;
                      } catch (error) {
                        return saveError(error);
                      }
                    }}
                    onDelete={() => {
                      setDeleteError(null);
                      setToDelete(item);
                    }}
                    actions={actions?.(item)}
                  />
                </Box>
              ))}
            </Box>
          )
        ) : query.isError ? (
          <RetryAlert what={loadErrorText} query={query} inline />
        ) : (
          <Skeleton h="16" borderRadius="lg" />
        )}
      </Box>

      <ConfirmDialog
        open={toDelete !== null}
        title={removal.title}
        confirmLabel={removal.confirmLabel}
        pendingLabel="Borrando..."
        pending={remove.isPending}
        error={deleteError}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
        finalFocusEl={finalFocusEl}
      >
        <Text>{removal.explanation}</Text>
        {toDelete ? (
          <Text as="blockquote" borderStartWidth="3px" borderColor="brand.300" ps="3" color="text" overflowWrap="anywhere">
            {toDelete.text}
          </Text>
        ) : null}
      </ConfirmDialog>
    </Box>
  );
}
