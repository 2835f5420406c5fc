import { buildReplyMessages } from '@ascenso/ai/coach';
import { estimatePromptTokens, estimateTokens, type ChatMessage } from '@ascenso/ai/provider';
import { nextStage, type SessionStage } from '@ascenso/ai/session';
import { DomainError } from '@ascenso/domain/errors';
import type { ConversationRow, MessageRow } from '@ascenso/db/schema/coaching';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { enforceDailyQuota, enforceMessageQuotas, journalEntryFits } from '../quotas/quotas';
import { buildCoachContext, recordUsage } from './coach-context';
import { assertNotAwaitingAcknowledgement, safetyOfMessage, screenTurn, storeSafetyAnswer } from './safety';
import { admitModelCall, providerUserId } from './model-limits';
import { failedUsage, frozenProfileSnapshot, guardModelStream, modelFailure, recordFailedCall } from './reply-stream';

type User = { id: string; firstName: string; timezone: string };
export type ConversationKind = ConversationRow['kind'];

/** A chat earns `consulta_rapida` once it has this many user turns. */
export const QUICK_CONSULTATION_TURNS = 3;
export const JOURNAL_MIN_WORDS = 50;
/** A structured session's title until the user states its goal; then the goal names it. */
const SESSION_TITLE = 'Sesión de coaching';

function owned(deps: Deps, user: User, conversationId: string): ConversationRow {
  const conversation = deps.repos.coaching.findConversation(conversationId);
  if (!conversation || conversation.userId !== user.id)
    throw new DomainError('NOT_FOUND', 'Conversación no encontrada');
  return conversation;
}

/** A timestamp after every message already in the conversation (order survives equal clocks). */
function nextMessageTime(deps: Deps, conversationId: string): Date {
  const now = deps.clock().getTime();
  const last = deps.repos.coaching.lastMessageAt(conversationId)?.getTime() ?? 0;
  return new Date(Math.max(now, last + 1));
}

function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}...` : line || 'Conversación';
}

function openingMessage(deps: Deps, user: User, kind: ConversationKind): string | null {
  if (kind === 'chat') return null;
  const open = deps.repos.coaching.listCommitments(user.id, 'open')[0];
  if (kind === 'session') {
    const memory = open ? ` La última vez te comprometiste a «${open.text}»; empezaremos por ahí.` : '';
    return `Hola, ${user.firstName}. Vamos a hacer una sesión en cuatro pasos: check-in, objetivo, exploración y compromisos.${memory} Para empezar: ¿cómo llegas hoy, de 1 a 10, y qué te ronda la cabeza?`;
  }
  return `Hola, ${user.firstName}. Este es tu espacio para escribir sin filtro. ¿Cómo te sientes ahora mismo, y qué ha ocupado tu cabeza hoy?`;
}

export function startConversation(
  deps: Deps,
  user: User,
  input: { kind: ConversationKind; title?: string | undefined },
) {
  const now = deps.clock();
  const id = crypto.randomUUID();
  const title =
    input.title?.trim() ||
    (input.kind === 'session' ? SESSION_TITLE : input.kind === 'journal' ? 'Diario guiado' : 'Conversación');
  const opener = openingMessage(deps, user, input.kind);
  deps.repos.coaching.turnTransaction(() => {
    deps.repos.coaching.insertConversation({
      id,
      userId: user.id,
      kind: input.kind,
      title,
      status: 'active',
      stage: input.kind === 'session' ? 'check-in' : null,
      summary: null,
      awarded: false,
      createdAt: now,
      updatedAt: now,
    });
    enforceDailyQuota(deps, user, 'conversations');
    if (opener) {
      deps.repos.coaching.insertMessage({
        id: crypto.randomUUID(),
        conversationId: id,
        userId: user.id,
        role: 'assistant',
        content: opener,
        replyTo: null,
        stage: input.kind === 'session' ? 'check-in' : null,
        flagged: false,
        stopped: false,
        createdAt: now,
      });
    }
  });
  return getConversation(deps, user, id);
}

export function listConversations(deps: Deps, user: User, kind?: ConversationKind) {
  return deps.repos.coaching.listConversations(user.id, kind, 50).map((c) => ({
    id: c.id,
    kind: c.kind,
    title: c.title,
    status: c.status,
    stage: c.stage,
    summary: c.summary,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  }));
}

export function getConversation(deps: Deps, user: User, conversationId: string) {
  const conversation = owned(deps, user, conversationId);
  return {
    id: conversation.id,
    kind: conversation.kind,
    title: conversation.title,
    status: conversation.status,
    stage: conversation.stage,
    summary: conversation.summary,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    careful: conversation.careful,
    messages: deps.repos.coaching.listMessages(conversation.id).map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      replyTo: m.replyTo,
      flagged: m.flagged,
      stopped: m.stopped,
      createdAt: m.createdAt,
      safety: safetyOfMessage(m, conversation),
    })),
    commitments: deps.repos.coaching
      .listConversationCommitments(conversation.id)
      .map((c) => ({ id: c.id, text: c.text, status: c.status })),
  };
}

/**
 * Stores the user's message. A message that signals a crisis gets its category's fixed answer at once,
 * with no model involved, and the conversation waits for the person to acknowledge the helplines
 * (`coaching.acknowledgeSafety`); it then goes on in careful mode (safety.ts).
 */
export function sendMessage(
  deps: Deps,
  user: User,
  input: { conversationId: string; content: string; clientMessageId: string },
) {
  const conversation = owned(deps, user, input.conversationId);
  const already = deps.repos.coaching.findMessage(input.clientMessageId);
  if (already) {
    if (already.conversationId !== conversation.id || already.userId !== user.id)
      throw new DomainError('CONFLICT', 'Identificador de mensaje repetido');
    return { userMessageId: already.id, safety: already.flagged };
  }
  assertNotAwaitingAcknowledgement(conversation);
  if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta conversación ya está cerrada');
  // The risk screen runs before anything else (safety.ts): no model is called for a crisis message.
  const screened = screenTurn(deps, user, input.content, conversation.kind);
  const crisis = screened !== null;
  // A turn commits without waiting for fsync (decision 010); a crisis flag is synced at once.
  const commit = crisis ? deps.repos.coaching.transaction : deps.repos.coaching.turnTransaction;
  commit(() => {
    const now = nextMessageTime(deps, conversation.id);
    deps.repos.coaching.insertMessage({
      id: input.clientMessageId,
      conversationId: conversation.id,
      userId: user.id,
      role: 'user',
      content: input.content,
      replyTo: null,
      stage: conversation.stage,
      flagged: crisis,
      stopped: false,
      createdAt: now,
    });
    enforceMessageQuotas(deps, user, conversation.id, { crisis });
    const isFirst = deps.repos.coaching.countUserMessages(conversation.id) === 1;
    // A chat is named by its first message; a structured session by the goal the user states.
    const names =
      (isFirst && conversation.kind === 'chat') ||
      (conversation.kind === 'session' && conversation.stage === 'goal' && conversation.title === SESSION_TITLE);
    if (!crisis && !names) deps.repos.coaching.touchConversation(conversation.id, now, conversation.stage);
    else
      deps.repos.coaching.updateConversation(conversation.id, {
        updatedAt: now,
        ...(names ? { title: titleFrom(input.content) } : {}),
        ...(crisis ? { status: 'flagged' as const } : {}),
      });
    if (screened)
      storeSafetyAnswer(deps, conversation, user, {
        replyTo: input.clientMessageId,
        at: new Date(now.getTime() + 1),
        screened,
      });
  });
  return { userMessageId: input.clientMessageId, safety: crisis };
}

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
  const conversation = owned(deps, user, input.conversationId);
  const userMessage = deps.repos.coaching.findMessage(input.userMessageId);
  if (!userMessage || userMessage.conversationId !== conversation.id || userMessage.role !== 'user') {
    throw new DomainError('NOT_FOUND', 'Mensaje no encontrado');
  }
  const stored = deps.repos.coaching.findReply(userMessage.id);
  // An empty stored answer (written before empty answers became errors) is asked again, not replayed.
  if (stored && !stored.stopped && stored.content.trim() !== '') {
    yield { type: 'delta', text: stored.content };
    const current = owned(deps, user, conversation.id);
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

  const stage = (userMessage.stage ?? undefined) as SessionStage | undefined;
  const context = buildCoachContext(deps, user);
  const history = transcript(deps.repos.coaching.listMessages(conversation.id), userMessage);
  const profileSnapshot = frozenProfileSnapshot(deps, conversation, context);
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
    mode:
      conversation.kind === 'session'
        ? ('session' as const)
        : conversation.kind === 'journal'
          ? ('journal' as const)
          : ('chat' as const),
    history,
    stage,
    signal: upstream.signal,
    profileSnapshot,
    user: providerUserId(deps, user.id),
    cacheKey: providerUserId(deps, `conversation:${conversation.id}`),
    historyTokenBudget: deps.config.coach.historyTokenBudget,
    careful: conversation.careful,
  };

  const store = (stopped: boolean) => {
    const messageId = crypto.randomUUID();
    let next = conversation.stage;
    deps.repos.coaching.turnTransaction(() => {
      deps.repos.coaching.deleteReply(userMessage.id);
      if (text.length > 0 || !stopped) {
        deps.repos.coaching.insertMessage({
          id: messageId,
          conversationId: conversation.id,
          userId: user.id,
          role: 'assistant',
          content: text,
          replyTo: userMessage.id,
          stage: conversation.stage,
          flagged: false,
          stopped,
          createdAt: nextMessageTime(deps, conversation.id),
        });
      }
      if (!stopped && conversation.kind === 'session' && conversation.stage && conversation.stage !== 'done') {
        next = nextStage(conversation.stage as SessionStage);
      }
      deps.repos.coaching.touchConversation(conversation.id, deps.clock(), next);
      // Same transaction: one commit (one fsync) per answer instead of two.
      recordUsage(deps, user, usage);
    });
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
    const userLeft =
      upstream.signal.aborted &&
      !(upstream.signal.reason instanceof Error && upstream.signal.reason.name === 'ProviderError');
    if (!userLeft) {
      failed = true;
      const estimate = {
        inputTokens: estimatePromptTokens(buildReplyMessages(request)),
        outputTokens: estimateTokens(text),
      };
      recordFailedCall(deps, user, failedUsage(error, estimate));
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
      if (!failed && text.trim().length > 0) store(true);
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

  const { messageId, stage: nextStageValue } = store(false);
  awardChatIfDue(deps, user, conversation.id);
  let status: ConversationRow['status'] = conversation.status;
  if (nextStageValue === 'done' && conversation.stage !== 'done') {
    status = (await finishSession(deps, user, conversation.id)).status;
  }
  yield { type: 'done', messageId, content: text, stopped: false, safety: false, stage: nextStageValue, status };
}

function awardChatIfDue(deps: Deps, user: User, conversationId: string) {
  const conversation = owned(deps, user, conversationId);
  if (conversation.kind !== 'chat' || conversation.awarded) return;
  if (deps.repos.coaching.countUserMessages(conversationId) < QUICK_CONSULTATION_TURNS) return;
  deps.repos.coaching.updateConversation(conversationId, { awarded: true });
  completeActivity(
    deps,
    user,
    { activity_key: 'consulta_rapida', metadata: { conversationId } },
    { source: 'chat', ref: conversationId },
  );
}

/**
 * Closes a structured session: the coach summarises it, its commitments are stored (the next session
 * starts from them) and `sesion_completa` is awarded under its daily limit.
 */
export async function finishSession(deps: Deps, user: User, conversationId: string, signal?: AbortSignal) {
  const conversation = owned(deps, user, conversationId);
  if (conversation.kind !== 'session')
    throw new DomainError('VALIDATION', 'Solo las sesiones estructuradas se cierran con un resumen');
  if (conversation.status === 'completed') return getConversation(deps, user, conversationId);
  assertNotAwaitingAcknowledgement(conversation);
  const userTurns = deps.repos.coaching.countUserMessages(conversationId);
  if (userTurns < 2) throw new DomainError('VALIDATION', 'Cuéntale algo más a tu coach antes de cerrar la sesión');

  const messages = deps.repos.coaching.listMessages(conversationId).filter((m) => !m.flagged);
  const context = buildCoachContext(deps, user);
  const result = await deps.coach.summarizeSession(
    context,
    messages.map((m) => ({ role: m.role, content: m.content })),
    signal,
    { user: providerUserId(deps, user.id), historyTokenBudget: deps.config.coach.historyTokenBudget },
  );
  // A summary the model failed to write is still counted (its tokens and one error).
  if (result.failedUsage) recordFailedCall(deps, user, result.failedUsage);
  else recordUsage(deps, user, result.usage);
  const now = deps.clock();
  let award = false;
  deps.repos.coaching.transaction(() => {
    const fresh = deps.repos.coaching.findConversation(conversationId);
    if (!fresh || fresh.status === 'completed') return;
    deps.repos.coaching.insertCommitments(
      result.commitments.map((text, i) => ({
        id: crypto.randomUUID(),
        userId: user.id,
        conversationId,
        text,
        status: 'open' as const,
        createdAt: new Date(now.getTime() + i),
        closedAt: null,
      })),
    );
    deps.repos.coaching.updateConversation(conversationId, {
      status: 'completed',
      stage: 'done',
      summary: result.summary,
      awarded: true,
      updatedAt: now,
    });
    award = !fresh.awarded;
  });
  if (award)
    completeActivity(
      deps,
      user,
      { activity_key: 'sesion_completa', metadata: { conversationId } },
      { source: 'session', ref: conversationId },
    );
  return getConversation(deps, user, conversationId);
}

export function listCommitments(deps: Deps, user: User) {
  return deps.repos.coaching.listCommitments(user.id).map((c) => ({
    id: c.id,
    text: c.text,
    status: c.status,
    conversationId: c.conversationId,
    createdAt: c.createdAt,
    closedAt: c.closedAt,
  }));
}

export function setCommitmentStatus(
  deps: Deps,
  user: User,
  input: { id: string; status: 'open' | 'done' | 'dropped' },
) {
  if (!deps.repos.coaching.setCommitmentStatus(user.id, input.id, input.status, deps.clock())) {
    throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  }
  return { success: true as const };
}

/**
 * Saves a guided journaling conversation as a journal entry (the user's own words); an entry of at
 * least JOURNAL_MIN_WORDS words earns `journaling` under its daily limit.
 */
export function saveJournalFromConversation(
  deps: Deps,
  user: User,
  input: { conversationId: string; mood?: string | undefined; title?: string | undefined },
) {
  const conversation = owned(deps, user, input.conversationId);
  if (conversation.kind !== 'journal')
    throw new DomainError('VALIDATION', 'Solo una conversación de diario se guarda como entrada');
  if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta entrada ya está guardada');
  const messages = deps.repos.coaching.listMessages(conversation.id);
  const body = messages
    .filter((m) => m.role === 'user' && !m.flagged)
    .map((m) => m.content.trim())
    .join('\n\n');
  const words = body.split(/\s+/).filter(Boolean).length;
  if (words === 0) throw new DomainError('VALIDATION', 'Escribe algo antes de guardar la entrada');
  journalEntryFits(body);
  const prompt = messages.find((m) => m.role === 'assistant')?.content ?? null;
  const id = crypto.randomUUID();
  const now = deps.clock();
  deps.repos.coaching.transaction(() => {
    deps.repos.coaching.insertJournalEntry({
      id,
      userId: user.id,
      title: input.title?.trim() || titleFrom(body),
      body,
      mood: input.mood?.trim() || null,
      prompt,
      source: 'chat',
      conversationId: conversation.id,
      wordCount: words,
      createdAt: now,
    });
    enforceDailyQuota(deps, user, 'journalEntries');
    deps.repos.coaching.updateConversation(conversation.id, {
      status: 'completed',
      awarded: words >= JOURNAL_MIN_WORDS,
      updatedAt: now,
    });
  });
  const award =
    words >= JOURNAL_MIN_WORDS
      ? completeActivity(
          deps,
          user,
          { activity_key: 'journaling', metadata: { entryId: id } },
          { source: 'journal', ref: id },
        )
      : null;
  return { entryId: id, wordCount: words, stepsEarned: award?.stepsEarned ?? 0, minWords: JOURNAL_MIN_WORDS };
}
