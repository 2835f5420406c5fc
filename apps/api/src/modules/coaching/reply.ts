import { buildReplyMessages } from '@ascenso/ai/coach';
import { estimatePromptTokens, estimateTokens, type ChatMessage } from '@ascenso/ai/provider';
import { nextStage, type SessionStage } from '@ascenso/ai/session';
import { DomainError } from '@ascenso/domain/errors';
import type { ConversationRow, MessageRow } from '@ascenso/db/schema/coaching';
import type { Deps } from '../../deps';
import { awardChatIfDue } from './chat';
import { buildCoachContext, recordUsage } from './coach-context';
import { nextMessageTime, owned, type User } from './conversations';
import { admitModelCall, providerUserId } from './model-limits';
import { assertNotAwaitingAcknowledgement, AWAITING_ACKNOWLEDGEMENT_MESSAGE, carefulModeFor } from './safety';
import { failedUsage, frozenProfileSnapshot, guardModelStream, modelFailure, recordFailedCall } from './reply-stream';
import { finishSession } from './session';

export type ReplyEvent =
  | { type: 'delta'; text: string }
  | {
      type: 'done';
      messageId: string;
      content: string;
      stopped: boolean;
      safety: boolean;
      stage: string | null;
      status: ConversationRow['status'];
    };

function transcript(messages: MessageRow[], upTo: MessageRow): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const m of messages) {
    if (m.createdAt.getTime() > upTo.createdAt.getTime()) break;
    if (!m.flagged) out.push({ role: m.role, content: m.content });
  }
  return out;
}

/**
 * Streams the coach's answer to a user message and stores it. An answer already stored is replayed,
 * so a reconnecting client gets the same text. If the client leaves or stops, the upstream request is
 * aborted and what arrived is kept, marked as stopped.
 */
export async function* streamReply(
  deps: Deps,
  user: User,
  input: { conversationId: string; userMessageId: string },
  signal: AbortSignal,
): AsyncGenerator<ReplyEvent> {
  const conversation = await owned(deps, user, input.conversationId);
  const userMessage = await deps.repos.coaching.findMessage(input.userMessageId);
  if (!userMessage || userMessage.conversationId !== conversation.id || userMessage.role !== 'user') {
    throw new DomainError('NOT_FOUND', 'Mensaje no encontrado');
  }
  const stored = await deps.repos.coaching.findReply(userMessage.id);
  // An empty stored answer (written before empty answers became errors) is asked again, not replayed.
  if (stored && !stored.stopped && stored.content.trim() !== '') {
    yield { type: 'delta', text: stored.content };
    const current = await owned(deps, user, conversation.id);
    yield {
      type: 'done',
      messageId: stored.id,
      content: stored.content,
      stopped: false,
      safety: stored.flagged,
      stage: current.stage,
      status: current.status,
    };
    return;
  }

  // A conversation waiting for the acknowledgement of the helplines answers nothing new, not even a
  // message sent before the crisis one: no model call, no stage change, no stored reply (decision 032).
  assertNotAwaitingAcknowledgement(conversation);

  const stage = (userMessage.stage ?? undefined) as SessionStage | undefined;
  const context = await buildCoachContext(deps, user);
  const history = transcript(await deps.repos.coaching.listMessages(conversation.id), userMessage);
  const profileSnapshot = await frozenProfileSnapshot(deps, conversation, context);
  const carefulMode = await carefulModeFor(deps, user.id, conversation);
  // Per-user model limits (daily tokens, calls per minute, streams at once and per conversation). Nothing
  // between here and the `try` below may throw: its `finally` releases the stream slot.
  const release = await admitModelCall(deps, user, conversation.id);
  // Our own controller: aborted when the client's signal fires or the consumer stops iterating, so the
  // upstream request is cancelled either way.
  const upstream = new AbortController();
  const onAbort = () => upstream.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let text = '';
  let usage = { inputTokens: 0, outputTokens: 0 };
  let finished = false;
  /** The model failed (error, timeout, empty or cut answer): nothing is stored as the coach's answer. */
  let failed = false;
  const request = {
    context,
    mode: conversation.kind === 'session' ? ('session' as const) : conversation.kind === 'journal' ? ('journal' as const) : ('chat' as const),
    history,
    stage,
    signal: upstream.signal,
    profileSnapshot,
    user: providerUserId(deps, user.id),
    cacheKey: providerUserId(deps, `conversation:${conversation.id}`),
    historyTokenBudget: deps.config.coach.historyTokenBudget,
    careful: carefulMode.careful,
    carefulFamilies: carefulMode.families,
  };

  const store = async (stopped: boolean) => {
    const messageId = crypto.randomUUID();
    let next = conversation.stage;
    let paused = false;
    await deps.store.transaction(
      async (tx) => {
        // A crisis message may have paused the conversation while this answer streamed: keep nothing.
        if ((await tx.coaching.findConversation(conversation.id))?.status === 'flagged') {
          paused = true;
          return;
        }
        await tx.coaching.deleteReply(userMessage.id);
        if (text.length > 0 || !stopped) {
          await tx.coaching.insertMessage({
            id: messageId,
            conversationId: conversation.id,
            userId: user.id,
            role: 'assistant',
            content: text,
            replyTo: userMessage.id,
            stage: conversation.stage,
            flagged: false,
            stopped,
            createdAt: await nextMessageTime(deps, tx, conversation.id),
          });
        }
        if (!stopped && conversation.kind === 'session' && conversation.stage && conversation.stage !== 'done') {
          next = nextStage(conversation.stage as SessionStage);
        }
        await tx.coaching.touchConversation(conversation.id, deps.clock(), next);
        // Same transaction: one commit (one fsync) per answer instead of two.
        await recordUsage(deps, tx, user, usage);
      },
      // Serialised with the person's sends (chat.ts): on PostgreSQL a crisis message committed by another
      // instance while this answer streamed is either seen above or comes after this answer, never between.
      { durability: 'turn', serializeOn: `user:${user.id}` },
    );
    if (paused) throw new DomainError('FORBIDDEN', AWAITING_ACKNOWLEDGEMENT_MESSAGE);
    return { messageId, stage: next };
  };

  try {
    const { firstTokenTimeoutMs, timeoutMs } = deps.config.coach;
    for await (const event of guardModelStream(deps.coach.reply(request), {
      upstream,
      firstTokenTimeoutMs,
      timeoutMs,
    })) {
      if (event.type === 'delta') {
        text += event.text;
        yield { type: 'delta', text: event.text };
      } else usage = event.usage;
    }
    finished = !upstream.signal.aborted;
  } catch (error) {
    // A timeout aborts upstream with its own reason; the client leaving aborts it with none.
    const userLeft = upstream.signal.aborted && !(upstream.signal.reason instanceof Error && upstream.signal.reason.name === 'ProviderError');
    if (!userLeft) {
      failed = true;
      const estimate = {
        inputTokens: estimatePromptTokens(buildReplyMessages(request)),
        outputTokens: estimateTokens(text),
      };
      await recordFailedCall(deps, user, failedUsage(error, estimate));
      deps.logger.warn('coach reply failed', { conversationId: conversation.id, error: String(error) });
      throw modelFailure(error);
    }
  } finally {
    release();
    signal.removeEventListener('abort', onAbort);
    if (!finished) {
      // Stopped by the user, the tab closing, or an early return: cancel upstream, keep what arrived.
      // A failed answer keeps nothing: the user retries and the model is asked again.
      upstream.abort();
      if (!failed && text.trim().length > 0) await store(true);
    }
  }
  if (!finished) {
    yield {
      type: 'done',
      messageId: '',
      content: text,
      stopped: true,
      safety: false,
      stage: conversation.stage,
      status: conversation.status,
    };
    return;
  }

  const { messageId, stage: nextStageValue } = await store(false);
  await awardChatIfDue(deps, user, conversation.id);
  let status: ConversationRow['status'] = conversation.status;
  if (nextStageValue === 'done' && conversation.stage !== 'done') {
    status = (await finishSession(deps, user, conversation.id)).status;
  }
  yield { type: 'done', messageId, content: text, stopped: false, safety: false, stage: nextStageValue, status };
}
