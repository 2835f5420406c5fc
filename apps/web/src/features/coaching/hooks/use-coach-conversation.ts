import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';
import { useTRPCClient } from '#lib/trpc';
import { useConversationCache, useConversationQuery, useSendMessage, type Conversation, type ConversationMessage } from '../api/coaching-api';
import { newClientMessageId, pendingReplyFor } from '../utils/conversation';
import { coachReplyErrorMessage } from '../utils/reply-errors';
import { IDLE, eventSequence, replyStreamReducer, type ReplyDoneEvent, type ReplyStreamState } from '../utils/reply-stream';
import { useSearchParams } from 'react-router';

interface Unsubscribable {
  unsubscribe: () => void;
}

function appendMessage(conversation: Conversation, message: ConversationMessage): Conversation {
  if (conversation.messages.some((m) => m.id === message.id)) return conversation;
  return { ...conversation, messages: [...conversation.messages, message] };
}

export interface CoachConversation {
  query: ReturnType<typeof useConversationQuery>;
  conversation: Conversation | undefined;
  stream: ReplyStreamState;
  /** Sends a message and streams the answer; resolves false (and sets `sendError`) when it could not be sent. */
  send: (content: string) => Promise<boolean>;
  stop: () => void;
  retry: () => void;
  sending: boolean;
  sendError: string | null;
  /**
   * "He leído los recursos, quiero continuar" after a safety answer: the conversation opens again in
   * careful mode. Resolves false when it could not be saved.
   */
  acknowledge: () => Promise<boolean>;
}

/**
 * One conversation with the coach: its messages (from `coaching.conversation`, kept in the query
 * cache), sending (`coaching.send`, idempotent on the client message id), the streamed answer
 * (`coaching.reply` over the WebSocket link), "Detener" and "Reintentar". An answer the screen has
 * not shown yet (after a reload, or right after Home started the chat) is resumed automatically.
 */
export function useCoachConversation(conversationId: string): CoachConversation {
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const query = useConversationQuery(conversationId);
  const cache = useConversationCache(conversationId);
  const sendMutation = useSendMessage();
  const [stream, dispatch] = useReducer(replyStreamReducer, IDLE);
  const [sendError, setSendError] = useState<string | null>(null);

  const subscription = useRef<Unsubscribable | null>(null);
  /** The user message whose answer is streaming now (null once stopped). */
  const active = useRef<string | null>(null);
  /** User messages this screen already asked an answer for (never resumed twice). */
  const requested = useRef(new Set<string>());

  const { update, refresh, refreshLists } = cache;

  const handleDone = useCallback(
    (userMessageId: string, event: ReplyDoneEvent) => {
      const previous = queryClient.getQueryData<Conversation>(cache.queryKey);
      const previousStatus = previous?.status;
      // A chat with enough messages to earn, not yet recorded: its steps line (counted, or why not) is re-read.
      const stepsPending =
        previous?.kind === 'chat' &&
        previous.steps !== null &&
        !previous.steps.done &&
        previous.messages.filter((m) => m.role === 'user').length >= previous.steps.needed;
      update((conversation) => {
        let next: Conversation = { ...conversation, stage: event.stage, status: event.status };
        if (event.content.length > 0) {
          next = appendMessage(next, {
            id: event.messageId || `detenida-${userMessageId}`,
            role: 'assistant',
            content: event.content,
            replyTo: userMessageId,
            flagged: event.safety,
            stopped: event.stopped,
            createdAt: new Date(),
            // A safety answer's helplines come with the conversation, refreshed below.
            safety: null,
          });
        }
        return next;
      });
      // A finished session now has a summary and commitments; a chat may have a new title; a safety
      // answer has its helplines. A chat's steps line may have changed (decision 037).
      if ((event.status !== previousStatus && event.status === 'completed') || event.safety || stepsPending) refresh();
      refreshLists();
    },
    [cache.queryKey, queryClient, refresh, refreshLists, update],
  );

  const subscribe = useCallback(
    (userMessageId: string) => {
      subscription.current?.unsubscribe();
      requested.current.add(userMessageId);
      active.current = userMessageId;
      dispatch({ type: 'start', userMessageId });
      const current = client.coaching.reply.subscribe(
        { conversationId, userMessageId },
        {
          onData: ({ id, data }) => {
            if (active.current !== userMessageId) return;
            if (data.type === 'delta') {
              dispatch({ type: 'delta', userMessageId, seq: eventSequence(id), text: data.text });
              return;
            }
            active.current = null;
            dispatch({ type: 'done', userMessageId, event: data });
            handleDone(userMessageId, data);
          },
          onError: (error) => {
            if (active.current !== userMessageId) return;
            active.current = null;
            console.warn('[coaching] the answer stream failed', error);
            dispatch({ type: 'error', userMessageId, error: coachReplyErrorMessage(error) });
          },
        },
      );
      subscription.current = current;
    },
    [client, conversationId, handleDone],
  );

  // Leaving the screen unsubscribes: the server stops the answer and keeps what it had. (If the
  // screen mounts again, as React's StrictMode does in development, the answer is resumed.)
  useEffect(() => {
    const asked = requested.current;
    return () => {
      if (active.current) asked.delete(active.current);
      active.current = null;
      subscription.current?.unsubscribe();
      subscription.current = null;
    };
  }, []);

  const conversation = query.data;
  const pending = conversation ? pendingReplyFor(conversation.messages, conversation.status) : null;

  useEffect(() => {
    if (!pending || requested.current.has(pending)) return;
    subscribe(pending);
  }, [pending, subscribe]);

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      const clientMessageId = newClientMessageId();
      requested.current.add(clientMessageId);
      setSendError(null);
      // An in-flight refetch must not overwrite the optimistic message.
      await queryClient.cancelQueries({ queryKey: cache.queryKey });
      update((c) =>
        appendMessage(c, {
          id: clientMessageId,
          role: 'user',
          content,
          replyTo: null,
          flagged: false,
          stopped: false,
          createdAt: new Date(),
          safety: null,
        }),
      );
      try {
        const result = await sendMutation.mutateAsync({ conversationId, content, clientMessageId });
        if (result.safety) {
          update((c) => ({
            ...c,
            status: 'flagged',
            messages: c.messages.map((m) => (m.id === clientMessageId ? { ...m, flagged: true } : m)),
          }));
        }
        // A crisis message's safety answer is already stored: subscribing replays it.
        subscribe(result.userMessageId);
        return true;
      } catch (error) {
        update((c) => ({ ...c, messages: c.messages.filter((m) => m.id !== clientMessageId) }));
        setSendError(errorMessage(error, 'coach-send'));
        const code = readDomainError(error).domainCode;
        if (code === 'FORBIDDEN' || code === 'CONFLICT') refresh();
        return false;
      }
    },
    [cache.queryKey, conversationId, queryClient, refresh, sendMutation, subscribe, update],
  );

  const stop = useCallback(() => {
    if (stream.phase !== 'streaming') return;
    const { userMessageId, text } = stream;
    active.current = null;
    subscription.current?.unsubscribe();
    subscription.current = null;
    dispatch({ type: 'stop' });
    // The server keeps what arrived, marked as stopped; show the same.
    if (text.trim().length > 0) {
      update((c) =>
        appendMessage(c, {
          id: `detenida-${userMessageId}`,
          role: 'assistant',
          content: text,
          replyTo: userMessageId,
          flagged: false,
          stopped: true,
          createdAt: new Date(),
          safety: null,
        }),
      );
    }
  }, [stream, update]);

  const retry = useCallback(() => {
    if (stream.phase === 'failed') subscribe(stream.userMessageId);
  }, [stream, subscribe]);

  const acknowledge = useCallback(async (): Promise<boolean> => {
    try {
      const result = await client.coaching.acknowledgeSafety.mutate({ conversationId });
      update((c) => ({ ...c, status: result.status, careful: result.careful }));
      setSendError(null);
      refreshLists();
      return true;
    } catch (error) {
      console.warn('[coaching] the acknowledgement failed', error);
      return false;
    }
  }, [client, conversationId, refreshLists, update]);

  return { query, conversation, stream, send, stop, retry, sending: sendMutation.isPending, sendError, acknowledge };
}

/** The chat screens keep their conversation's id in `?c=` (see conversationPath), so a reload keeps it. */
export function useConversationIdParam(): string | null {
  const [params] = useSearchParams();
  return params.get('c');
}
