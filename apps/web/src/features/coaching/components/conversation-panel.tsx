import { Button, Center, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, Link as RouterLink } from 'react-router';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { isNotFound } from '#lib/errors';
import { SAFETY_COLORS, SAFETY_LINK } from '#components/ui/safety-resources';
import type { Conversation } from '../api/coaching-api';
import type { CoachConversation } from '../hooks/use-coach-conversation';
import { conversationPath, type ConversationKind } from '../utils/conversation';
import { ConversationThread } from './conversation-thread';
import { MessageComposer } from './message-composer';
import { SafetyAcknowledge } from './safety-acknowledge';

export function userInitial(firstName: string): string {
  return firstName.trim().charAt(0).toUpperCase() || 'A';
}

/**
 * Loading, not found and error states around a conversation screen; a conversation of another kind
 * than the screen's opens on its own screen.
 */
export function ConversationGate({
  convo,
  kind,
  children,
}: {
  convo: CoachConversation;
  kind: ConversationKind;
  children: (conversation: Conversation) => ReactNode;
}) {
  const { query, conversation } = convo;
  if (conversation) {
    return conversation.kind === kind ? <>{children(conversation)}</> : <Navigate to={conversationPath(conversation.kind, conversation.id)} replace />;
  }
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <Stack gap="4" align="flex-start" bg="surface" borderRadius="card" borderWidth="1px" borderColor="border.soft" p="6">
        <Text role="alert" color="text">
          {missing ? 'No encontramos esta conversación. Puede que se haya borrado o que el enlace no sea correcto.' : errorMessage(query.error)}
        </Text>
        {missing ? (
          <Button asChild type={undefined} colorPalette="brand" borderRadius="full">
            <RouterLink to="/coaching">Ir a Coaching</RouterLink>
          </Button>
        ) : (
          <Button colorPalette="brand" borderRadius="full" onClick={() => void query.refetch()}>
            Reintentar
          </Button>
        )}
      </Stack>
    );
  }
  return <PanelSpinner label="Cargando la conversación..." />;
}

/** A conversation screen's wait: a large spinner and what it waits for, announced politely. */
export function PanelSpinner({ label }: { label: string }) {
  return (
    <Center py="16" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Spinner color="brand.600" size="lg" borderWidth="3px" aria-hidden="true" />
      <Text color="text.muted">{label}</Text>
    </Center>
  );
}

/** Careful mode: the coach goes gently, and the helplines stay at hand. */
function CarefulNote() {
  return (
    <Text fontSize="sm" color={SAFETY_COLORS.muted} data-testid="modo-cuidadoso">
      Tu coach irá con calma en esta conversación. Si lo necesitas:{' '}
      <Link href="tel:024" {...SAFETY_LINK}>
        024
      </Link>
      {' · '}
      <Link href="tel:016" {...SAFETY_LINK}>
        016
      </Link>
      {' · '}
      <Link href="tel:112" {...SAFETY_LINK}>
        112
      </Link>
    </Text>
  );
}

/** The conversation plus its message box, shared by the chat, the sessions and the journaling chat. */
/** Focuses the panel's message box when it is enabled; says whether it could. */
function focusComposer(panel: HTMLElement | null): boolean {
  const box = panel?.querySelector<HTMLTextAreaElement>('textarea:not(:disabled)');
  box?.focus();
  return Boolean(box);
}

export function ConversationPanel({
  convo,
  conversation,
  kind,
  composerLabel,
  placeholder,
  intro,
  completedNote,
  sticky = true,
}: {
  convo: CoachConversation;
  conversation: Conversation;
  /** The conversation's kind (chat, session, journaling chat). */
  kind: ConversationKind;
  composerLabel: string;
  placeholder?: string;
  intro?: ReactNode;
  completedNote?: ReactNode;
  sticky?: boolean;
}) {
  const user = useSignedInUser();
  const flagged = conversation.status === 'flagged';
  const completed = conversation.status === 'completed';
  const streaming = convo.stream.phase === 'streaming';
  const panel = useRef<HTMLDivElement>(null);
  // After the acknowledgement the box opens again and takes focus: at once when the conversation has
  // already been re-read, else as soon as it is (the box is disabled until then and cannot take focus).
  const focusWhenOpen = useRef(false);
  const acknowledge = async () => {
    const ok = await convo.acknowledge();
    if (ok) focusWhenOpen.current = !focusComposer(panel.current);
    return ok;
  };
  useEffect(() => {
    if (flagged || !focusWhenOpen.current) return;
    focusWhenOpen.current = false;
    focusComposer(panel.current);
  }, [flagged]);
  const safetyAnswerId = conversation.messages.findLast((m) => m.role === 'assistant' && m.flagged)?.id;
  const note = flagged ? <SafetyAcknowledge onAcknowledge={acknowledge} answerId={safetyAnswerId} /> : completed ? completedNote : null;
  const careful = conversation.careful && !flagged && !completed;

  return (
    <Stack gap="2" ref={panel}>
      <ConversationThread
        messages={conversation.messages}
        stream={convo.stream}
        onRetry={convo.retry}
        intro={intro}
        userInitial={userInitial(user.firstName)}
      />
      {careful ? <CarefulNote /> : null}
      {kind === 'chat' && conversation.steps?.note && !conversation.steps.done ? (
        <Text fontSize="sm" color="text.muted" role="status" data-testid="nota-pasos">
          {conversation.steps.note}
        </Text>
      ) : null}
      <MessageComposer
        label={composerLabel}
        placeholder={placeholder}
        onSend={convo.send}
        streaming={streaming}
        onStop={convo.stop}
        disabled={flagged || completed}
        note={note}
        error={convo.sendError}
        sticky={sticky}
      />
    </Stack>
  );
}
