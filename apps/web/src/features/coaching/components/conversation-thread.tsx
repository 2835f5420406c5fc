import { Box, Button, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { AscensoMark } from '#components/ui/wordmark';
import type { ConversationMessage } from '../api/coaching-api';
import type { ReplyStreamState } from '../utils/reply-stream';
import { useSlowReply } from '../hooks/use-slow-reply';
import { SLOW_REPLY_MESSAGE } from '../utils/reply-errors';
import { PauseCircleIcon, RefreshIcon } from '#components/ui/icons';
import { SafetyPanel } from './safety-panel';

export interface ConversationThreadProps {
  messages: readonly ConversationMessage[];
  stream: ReplyStreamState;
  onRetry: () => void;
  /** Shown before the messages (e.g. the chat's greeting when there are none yet). */
  intro?: ReactNode;
  /** The user's initial, e.g. "L". */
  userInitial: string;
}

/**
 * The conversation: the user's messages, the coach's answers (a safety answer in its own panel, a
 * stopped one with a note), the answer streaming in, or the error with "Reintentar". The streamed
 * text itself is not a live region (it would be read word by word): `StreamAnnouncer` says once that
 * the coach is writing and then reads the finished answer.
 */
export function ConversationThread({ messages, stream, onRetry, intro, userInitial }: ConversationThreadProps) {
  const count = messages.length;
  const streamedText = stream.phase === 'streaming' ? stream.text : '';
  useStickToBottom([count, streamedText, stream.phase]);
  const slow = useSlowReply(stream);

  return (
    <Box>
      <Stack as="ol" listStyleType="none" gap="5" aria-label="Conversación con tu coach" m="0" p="0">
        {intro ? <Box as="li">{intro}</Box> : null}
        {messages.map((message) => (
          <Box as="li" key={message.id}>
            {message.role === 'user' ? (
              <UserBubble initial={userInitial}>{message.content}</UserBubble>
            ) : message.flagged ? (
              <SafetyPanel content={message.content} safety={message.safety} />
            ) : (
              <CoachBubble stopped={message.stopped}>{message.content}</CoachBubble>
            )}
          </Box>
        ))}
        {stream.phase === 'streaming' ? (
          <Box as="li" aria-busy="true" data-testid="respuesta-en-curso">
            <CoachBubble streaming slow={slow}>
              {stream.text}
            </CoachBubble>
          </Box>
        ) : null}
        {stream.phase === 'failed' ? (
          <Box as="li">
            <CoachFrame>
              <Box
                bg="red.50"
                borderWidth="1px"
                borderColor="red.200"
                borderRadius="xl"
                px="4"
                py="3"
                display="flex"
                flexDirection={{ base: 'column', sm: 'row' }}
                alignItems={{ base: 'flex-start', sm: 'center' }}
                gap="3"
              >
                <Text color="red.800" flex="1">
                  {stream.error}
                </Text>
                <Button size="sm" variant="outline" colorPalette="red" borderRadius="full" onClick={onRetry} bg="white">
                  <RefreshIcon />
                  Reintentar
                </Button>
              </Box>
            </CoachFrame>
          </Box>
        ) : null}
      </Stack>
      <StreamAnnouncer stream={stream} />
    </Box>
  );
}

/** One polite announcement per answer: "writing", then the whole answer (or stopped / error). */
function StreamAnnouncer({ stream }: { stream: ReplyStreamState }) {
  let text = '';
  if (stream.phase === 'streaming') text = 'Tu coach está escribiendo…';
  else if (stream.phase === 'done') {
    text = stream.safety ? `Tu coach ha respondido con ayuda inmediata: ${stream.text}` : `Tu coach ha respondido: ${stream.text}`;
  } else if (stream.phase === 'stopped') text = 'Respuesta detenida.';
  else if (stream.phase === 'failed') text = stream.error;
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" srOnly>
      {text}
    </Box>
  );
}

function CoachFrame({ children }: { children: ReactNode }) {
  return (
    <HStack align="flex-start" gap="3" maxW={{ base: '100%', md: '88%' }}>
      <Box mt="1" flexShrink={0} aria-hidden="true">
        <AscensoMark size={8} />
      </Box>
      <Box flex="1" minW="0">
        <Text srOnly>Tu coach:</Text>
        {children}
      </Box>
    </HStack>
  );
}

export function CoachBubble({
  children,
  stopped = false,
  streaming = false,
  slow = false,
}: {
  children: ReactNode;
  stopped?: boolean;
  streaming?: boolean;
  /** Nothing has arrived for a while: say so instead of "escribiendo…". */
  slow?: boolean;
}) {
  const empty = streaming && (children === '' || children === null || children === undefined);
  return (
    <CoachFrame>
      <Box
        bg="surface"
        borderWidth="1px"
        borderColor="border.soft"
        boxShadow="card"
        borderRadius="xl"
        borderTopLeftRadius="sm"
        px="4"
        py="3"
        color="text"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
      >
        {empty ? (
          <HStack gap="2" color="text.muted" aria-hidden="true">
            <TypingDots />
            <Text as="span" fontSize="sm" data-testid={slow ? 'respuesta-lenta' : undefined}>
              {slow ? SLOW_REPLY_MESSAGE : 'Tu coach está escribiendo…'}
            </Text>
          </HStack>
        ) : (
          <Text as="div" data-streaming-text={streaming ? '' : undefined}>
            {children}
            {streaming ? <Caret /> : null}
          </Text>
        )}
      </Box>
      {stopped ? (
        <HStack gap="1.5" mt="1.5" color="text.muted" fontSize="sm">
          <PauseCircleIcon boxSize="4" aria-hidden="true" />
          <Text as="span">Respuesta detenida</Text>
        </HStack>
      ) : null}
    </CoachFrame>
  );
}

export function UserBubble({ children, initial }: { children: ReactNode; initial: string }) {
  return (
    <HStack align="flex-start" justify="flex-end" gap="3">
      <Box
        maxW={{ base: '88%', md: '75%' }}
        bg="brand.800"
        color="white"
        borderRadius="xl"
        borderTopRightRadius="sm"
        px="4"
        py="3"
        whiteSpace="pre-wrap"
        overflowWrap="anywhere"
      >
        <Text srOnly>Tú:</Text>
        <Text as="div">{children}</Text>
      </Box>
      <Circle size="8" bg="sun.100" color="sun.900" fontWeight="700" fontSize="sm" flexShrink={0} mt="1" aria-hidden="true">
        {initial}
      </Circle>
    </HStack>
  );
}

function Caret() {
  return (
    <Box
      as="span"
      display="inline-block"
      w="0.5em"
      h="1em"
      ml="0.5"
      verticalAlign="text-bottom"
      bg="brand.600"
      borderRadius="sm"
      aria-hidden="true"
      animation="pulse 1s ease-in-out infinite"
      _motionReduce={{ animation: 'none' }}
    />
  );
}

function TypingDots() {
  return (
    <HStack gap="1" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Circle
          key={i}
          size="1.5"
          bg="brand.500"
          animation="bounce 1s ease-in-out infinite"
          style={{ animationDelay: `${i * 0.15}s` }}
          _motionReduce={{ animation: 'none' }}
        />
      ))}
    </HStack>
  );
}

/**
 * Keeps the newest message in view while the reader is at the bottom of the page; someone who
 * scrolled up to reread is left where they are. Opening a conversation starts at the top (with the
 * summary or the first messages); instant scrolling (no smooth motion while tokens arrive).
 */
function useStickToBottom(deps: readonly unknown[]) {
  const stick = useRef(true);
  const mounted = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      stick.current = distance < 160;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (stick.current) window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
}
