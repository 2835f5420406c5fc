import { Button, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { greetingName } from '@ascenso/domain/display';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { useSendMessage, useStartConversation, type Conversation } from '../api/coaching-api';
import { useCoachConversation, useConversationIdParam } from '../hooks/use-coach-conversation';
import { conversationPath, newClientMessageId } from '../utils/conversation';
import { browserSessionStorage, peekInitialMessage, takeInitialMessage } from '../utils/initial-message';
import { PlusIcon } from '#components/ui/icons';
import { ConversationGate, ConversationPanel, userInitial } from './conversation-panel';
import { CoachBubble, ConversationThread, UserBubble } from './conversation-thread';
import { MessageComposer } from './message-composer';
import { PageFrame } from '#components/ui/page-frame';
import { OfflineCoachNote } from './offline-coach-note';

const COMPOSER_LABEL = 'Escribe tu mensaje para tu coach';
const PLACEHOLDER = 'Cuéntale a tu coach lo que tienes en mente...';

/**
 * /coaching/chat — a streamed conversation with the coach. The conversation id lives in the URL
 * (`?c=<id>`) so a reload keeps it; without one, the chat starts from Home's message (session
 * storage) or greets the user and waits for the first message.
 */
export function CoachingChatPage() {
  useDocumentTitle('Chat con tu coach');
  const id = useConversationIdParam();

  return (
    <PageFrame
      maxW="3xl"
      notice={<OfflineCoachNote />}
      title="Chat con tu coach"
      back={{ to: '/coaching', label: 'Coaching' }}
      actions={
        id ? (
          <Button asChild type={undefined} variant="outline" size="sm" borderRadius="full">
            <RouterLink to="/coaching/chat">
              <PlusIcon />
              Nueva conversación
            </RouterLink>
          </Button>
        ) : null
      }
    >
      {id ? <ChatConversation key={id} id={id} /> : <NewChat />}
    </PageFrame>
  );
}

function ChatConversation({ id }: { id: string }) {
  const convo = useCoachConversation(id);
  return (
    <ConversationGate convo={convo} kind="chat">
      {(conversation) => <ConversationPanel convo={convo} conversation={conversation} kind="chat" composerLabel={COMPOSER_LABEL} placeholder={PLACEHOLDER} />}
    </ConversationGate>
  );
}

/** A chat that does not exist yet: created when the first message is sent. */
function NewChat() {
  const user = useSignedInUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const start = useStartConversation();
  const send = useSendMessage();
  // Home's message shows from the first render (read only here; the effect below takes it).
  const [initialText] = useState(() => {
    const storage = browserSessionStorage();
    return storage ? peekInitialMessage(storage) : null;
  });
  const [pendingText, setPendingText] = useState<string | null>(initialText);
  const [error, setError] = useState<string | null>(null);
  const [unsentText, setUnsentText] = useState('');
  const initialTaken = useRef(false);

  /** Creates the chat, sends the first message and opens the chat screen, which streams the answer. */
  const createAndSend = useCallback(
    async (text: string): Promise<boolean> => {
      let step: 'coach-start' | 'coach-send' = 'coach-start';
      try {
        const conversation = await start.mutateAsync({ kind: 'chat' });
        step = 'coach-send';
        const result = await send.mutateAsync({
          conversationId: conversation.id,
          content: text,
          clientMessageId: newClientMessageId(),
        });
        queryClient.setQueryData(trpc.coaching.conversation.queryKey({ id: conversation.id }), (current: Conversation | undefined) => {
          const base = current ?? conversation;
          return {
            ...base,
            status: result.safety ? ('flagged' as const) : base.status,
            messages: [
              ...base.messages,
              {
                id: result.userMessageId,
                role: 'user' as const,
                content: text,
                replyTo: null,
                flagged: result.safety,
                stopped: false,
                createdAt: new Date(),
                safety: null,
              },
            ],
          };
        });
        void navigate(conversationPath('chat', conversation.id), { replace: true });
        return true;
      } catch (caught) {
        setPendingText(null);
        setUnsentText(text);
        setError(errorMessage(caught, step));
        return false;
      }
    },
    [navigate, queryClient, send, start, trpc],
  );

  const submit = useCallback(
    (text: string) => {
      setPendingText(text);
      setError(null);
      return createAndSend(text);
    },
    [createAndSend],
  );

  // Take Home's message once: the keys are cleared at once, so a reload never sends it twice.
  useEffect(() => {
    if (initialTaken.current) return;
    initialTaken.current = true;
    const storage = browserSessionStorage();
    const initial = storage ? takeInitialMessage(storage) : null;
    // Asynchronously: the work (and its state updates) happens after the effect, not inside it.
    if (initial) void Promise.resolve(initial).then(createAndSend);
    else if (initialText !== null) void Promise.resolve().then(() => setPendingText(null));
  }, [createAndSend, initialText]);

  const greeting = <CoachBubble>{`Hola, ${greetingName(user.firstName)}. Soy tu coach de Ascenso. ¿Sobre qué te gustaría hablar hoy?`}</CoachBubble>;

  if (pendingText !== null) {
    return (
      <>
        <Stack gap="5" as="ol" listStyleType="none" aria-label="Conversación con tu coach" m="0" p="0">
          <li>
            <UserBubble initial={userInitial(user.firstName)}>{pendingText}</UserBubble>
          </li>
          <li aria-busy="true">
            <CoachBubble streaming>{''}</CoachBubble>
          </li>
        </Stack>
        <Text role="status" srOnly>
          Tu coach está escribiendo…
        </Text>
      </>
    );
  }

  return (
    <Stack gap="2">
      {initialText !== null ? null : (
        <ConversationThread messages={[]} stream={{ phase: 'idle' }} onRetry={() => undefined} intro={greeting} userInitial={userInitial(user.firstName)} />
      )}
      <MessageComposer
        label={COMPOSER_LABEL}
        placeholder={PLACEHOLDER}
        onSend={submit}
        streaming={false}
        onStop={() => undefined}
        error={error}
        defaultText={unsentText}
        sticky
      />
    </Stack>
  );
}
