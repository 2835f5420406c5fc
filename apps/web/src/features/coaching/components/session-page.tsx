import { Badge, Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { CircleCheckIcon, ListChecksIcon } from '#components/ui/icons';
import { errorMessage } from '#lib/error-messages';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { useFinishSession, type Conversation } from '../api/coaching-api';
import { useCoachConversation, type CoachConversation } from '../hooks/use-coach-conversation';
import { STATUS_LABELS, countUserMessages, formatConversationDate } from '../utils/conversation';
import { ConversationGate, ConversationPanel } from './conversation-panel';
import { PageFrame } from '#components/ui/page-frame';
import { OfflineCoachNote } from './offline-coach-note';
import { SessionStepper } from './session-stepper';
import { FocusHeading } from '#components/ui/focus-heading';

/** The server asks for at least this many user messages before a session can be closed. */
const MIN_TURNS_TO_FINISH = 2;

/** /coaching/session/:id — the phases, the conversation, "Terminar sesión", and the summary at the end. */
export function CoachingSessionPage() {
  useDocumentTitle('Sesión de coaching');
  const { id = '' } = useParams();
  return <SessionScreen key={id} id={id} />;
}

function SessionScreen({ id }: { id: string }) {
  const convo = useCoachConversation(id);
  return (
    <PageFrame
      maxW="3xl"
      notice={<OfflineCoachNote />}
      title={convo.conversation?.title ?? 'Sesión de coaching'}
      back={{ to: '/coaching/sessions', label: 'Tus sesiones' }}
      actions={convo.conversation && convo.conversation.kind === 'session' ? <FinishButton convo={convo} conversation={convo.conversation} /> : null}
    >
      <ConversationGate convo={convo} kind="session">
        {(conversation) => <SessionBody convo={convo} conversation={conversation} />}
      </ConversationGate>
    </PageFrame>
  );
}

function SessionBody({ convo, conversation }: { convo: CoachConversation; conversation: Conversation }) {
  const user = useSignedInUser();
  const completed = conversation.status === 'completed';
  // A session that closes while on screen moves the reader to its summary.
  const [completedOnArrival] = useState(completed);
  return (
    <Stack gap={{ base: '5', md: '6' }}>
      <Box bg="surface" borderRadius="card" borderWidth="1px" borderColor="border.soft" px={{ base: '1.5', sm: '3', md: '6' }} py={{ base: '4', md: '5' }}>
        <SessionStepper stage={conversation.stage} status={conversation.status} />
        <HStack justify="center" gap="2" mt="3" fontSize="sm" color="text.muted" flexWrap="wrap">
          <Text>{formatConversationDate(conversation.createdAt, user.timezone)}</Text>
          <Badge colorPalette={completed ? 'gray' : conversation.status === 'flagged' ? 'blue' : 'brand'} variant="subtle" borderRadius="full">
            {STATUS_LABELS[conversation.status]}
          </Badge>
        </HStack>
      </Box>
      {completed ? <SessionSummary conversation={conversation} focusOnShow={!completedOnArrival} /> : null}
      <Box as="section" aria-labelledby="conversacion-sesion">
        <Heading as="h2" id="conversacion-sesion" srOnly>
          Conversación de la sesión
        </Heading>
        <ConversationPanel
          convo={convo}
          conversation={conversation}
          kind="session"
          composerLabel="Tu respuesta a tu coach"
          placeholder="Escribe tu respuesta..."
          sticky={false}
          completedNote={
            <Text color="text.muted" bg="canvas" borderRadius="lg" px="3" py="2">
              Esta sesión ha terminado. Puedes empezar una nueva desde Coaching cuando quieras.
            </Text>
          }
        />
      </Box>
    </Stack>
  );
}

function FinishButton({ convo, conversation }: { convo: CoachConversation; conversation: Conversation }) {
  const finish = useFinishSession();
  if (conversation.status !== 'active') return null;
  const turns = countUserMessages(conversation.messages);
  const ready = turns >= MIN_TURNS_TO_FINISH;
  const busy = convo.stream.phase === 'streaming' || convo.sending;
  return (
    <Stack gap="1" align={{ base: 'flex-start', sm: 'flex-end' }}>
      <Button
        variant="outline"
        colorPalette="brand"
        bg="surface"
        borderRadius="full"
        onClick={() => finish.mutate({ conversationId: conversation.id })}
        disabled={!ready || busy}
        loading={finish.isPending}
        loadingText="Preparando el resumen..."
        aria-describedby={ready ? undefined : 'terminar-ayuda'}
      >
        <CircleCheckIcon />
        Terminar sesión
      </Button>
      {ready ? null : (
        <Text id="terminar-ayuda" fontSize="xs" color="text.muted">
          Disponible tras dos respuestas tuyas.
        </Text>
      )}
      {finish.isError ? (
        <Text role="alert" fontSize="sm" color="fg.error" maxW="xs">
          {errorMessage(finish.error, 'finish-session')}
        </Text>
      ) : null}
    </Stack>
  );
}

function SessionSummary({ conversation, focusOnShow }: { conversation: Conversation; focusOnShow: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnShow) headingRef.current?.focus();
  }, [focusOnShow]);

  return (
    <Box
      as="section"
      aria-labelledby="resumen-sesion"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientTo="sun.50"
      borderWidth="1px"
      borderColor="brand.100"
      borderRadius="card"
      p={{ base: '5', md: '7' }}
    >
      <FocusHeading as="h2" id="resumen-sesion" ref={headingRef} fontSize="xl" mb="3">
        Resumen de la sesión
      </FocusHeading>
      <Text color="ink.800" whiteSpace="pre-wrap">
        {conversation.summary ?? 'Tu coach está terminando el resumen.'}
      </Text>
      {conversation.steps?.note ? (
        <Text mt="3" fontSize="sm" color="text.muted" data-testid="nota-pasos">
          {conversation.steps.note}
        </Text>
      ) : null}
      <HStack gap="2" mt="5" mb="3">
        <ListChecksIcon boxSize="5" color="brand.700" aria-hidden="true" />
        <Heading as="h3" fontSize="md" color="heading">
          Tus compromisos
        </Heading>
      </HStack>
      {conversation.commitments.length === 0 ? (
        <Text color="text.muted">Esta sesión no dejó compromisos.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" m="0" p="0" aria-label="Compromisos de esta sesión">
          {conversation.commitments.map((commitment) => (
            <HStack
              as="li"
              key={commitment.id}
              align="flex-start"
              gap="3"
              bg="surface"
              borderRadius="lg"
              px="3"
              py="2.5"
              borderWidth="1px"
              borderColor="border.soft"
            >
              <CircleCheckIcon boxSize="5" color={commitment.status === 'done' ? 'brand.600' : 'ink.400'} mt="0.5" aria-hidden="true" />
              <Text flex="1">
                {commitment.text}
                <Text as="span" srOnly>
                  {commitment.status === 'done' ? ' (hecho)' : ' (abierto)'}
                </Text>
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
      <Text mt="4" fontSize="sm" color="text.muted">
        Puedes marcarlos como hechos en Coaching. Tu próxima sesión empezará por cómo te fue.
      </Text>
    </Box>
  );
}
