import { Box, Button, Center, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/error-messages';
import { useSignedInUser } from '../../../lib/session';
import { isNotFound, type Conversation } from '../api/coaching-api';
import type { CoachConversation } from '../hooks/use-coach-conversation';
import { newConversationPath, type ConversationKind } from '../utils/conversation';
import { ConversationThread } from './conversation-thread';
import { MessageComposer } from './message-composer';

export function userInitial(firstName: string): string {
  return firstName.trim().charAt(0).toUpperCase() || 'A';
}

/** Loading, not found and error states around a conversation screen. */
export function ConversationGate({
  convo,
  children,
}: {
  convo: CoachConversation;
  children: (conversation: Conversation) => ReactNode;
}) {
  const { query, conversation } = convo;
  if (conversation) return <>{children(conversation)}</>;
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
  return (
    <Center py="16" role="status" aria-live="polite" flexDirection="column" gap="3">
      <Spinner color="brand.600" size="lg" borderWidth="3px" aria-hidden="true" />
      <Text color="text.muted">Cargando la conversación...</Text>
    </Center>
  );
}

/** What the box says when the conversation was paused for safety. */
export function SafetyPauseNote({ kind }: { kind: ConversationKind }) {
  return (
    <Box bg="#f1f5fb" borderWidth="1px" borderColor="#c6d6ec" borderRadius="xl" px="4" py="3" color="#1f2a3a">
      <Text>
        Hemos pausado esta conversación para que ahora puedas buscar apoyo. Más adelante, cuando te sientas con ánimo, puedes
        empezar una conversación nueva.
      </Text>
      <Link asChild mt="2" display="inline-block" color="#1d3557" fontWeight="600" textDecoration="underline">
        <RouterLink to={newConversationPath(kind)}>
          {kind === 'journal' ? 'Empezar una entrada nueva' : kind === 'session' ? 'Volver a Coaching' : 'Empezar una conversación nueva'}
        </RouterLink>
      </Link>
    </Box>
  );
}

/** The conversation plus its message box, shared by the chat, the sessions and the journaling chat. */
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
  const note = flagged ? <SafetyPauseNote kind={kind} /> : completed ? completedNote : null;

  return (
    <Stack gap="2">
      <ConversationThread
        messages={conversation.messages}
        stream={convo.stream}
        onRetry={convo.retry}
        intro={intro}
        userInitial={userInitial(user.firstName)}
      />
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
