import { chatEvidence, EVIDENCE_SHORTFALL_MESSAGES, sessionEvidence } from '@ascenso/domain/evidence';
import { DomainError } from '@ascenso/domain/errors';
import type { ConversationRow, MessageRow } from '@ascenso/db/schema/coaching';
import type { Repositories } from '@ascenso/db/store';
import type { Deps } from '../../deps';
import { enforceDailyQuota } from '../quotas/quotas';
import { safetyOfMessage } from './safety';

/**
 * What every coaching use case shares: the conversation itself (start, list, read, ownership) and the
 * small rules for its messages. The use cases live beside it: a turn (chat.ts, reply.ts), a structured
 * session's close and commitments (session.ts), a guided journal saved as an entry (journaling.ts).
 */

export type User = { id: string; firstName: string; timezone: string };
export type ConversationKind = ConversationRow['kind'];

/** A structured session's title until the user states its goal; then the goal names it. */
export const SESSION_TITLE = 'Sesión de coaching';

/** The user's conversation, or NOT_FOUND (another user's conversation is not found either); `repos`: a transaction's, inside one. */
export async function owned(deps: Deps, user: User, conversationId: string, repos: Repositories = deps.repos): Promise<ConversationRow> {
  const conversation = await repos.coaching.findConversation(conversationId);
  if (!conversation || conversation.userId !== user.id) throw new DomainError('NOT_FOUND', 'Conversación no encontrada');
  return conversation;
}

/** A timestamp after every message already in the conversation (order survives equal clocks); `tx`: inside the turn's transaction. */
export async function nextMessageTime(deps: Deps, tx: Repositories, conversationId: string): Promise<Date> {
  const now = deps.clock().getTime();
  const last = (await tx.coaching.lastMessageAt(conversationId))?.getTime() ?? 0;
  return new Date(Math.max(now, last + 1));
}

export function titleFrom(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}...` : line || 'Conversación';
}

async function openingMessage(deps: Deps, user: User, kind: ConversationKind): Promise<string | null> {
  if (kind === 'chat') return null;
  const open = (await deps.repos.coaching.listCommitments(user.id, 'open'))[0];
  if (kind === 'session') {
    const memory = open ? ` La última vez te comprometiste a «${open.text}»; empezaremos por ahí.` : '';
    return `Hola, ${user.firstName}. Vamos a hacer una sesión en cuatro pasos: check-in, objetivo, exploración y compromisos.${memory} Para empezar: ¿cómo llegas hoy, de 1 a 10, y qué te ronda la cabeza?`;
  }
  return `Hola, ${user.firstName}. Este es tu espacio para escribir sin filtro. ¿Cómo te sientes ahora mismo, y qué ha ocupado tu cabeza hoy?`;
}

export async function startConversation(deps: Deps, user: User, input: { kind: ConversationKind; title?: string | undefined }) {
  const now = deps.clock();
  const id = crypto.randomUUID();
  const title = input.title?.trim() || (input.kind === 'session' ? SESSION_TITLE : input.kind === 'journal' ? 'Diario guiado' : 'Conversación');
  const opener = await openingMessage(deps, user, input.kind);
  await deps.store.transaction(
    async (tx) => {
      await tx.coaching.insertConversation({
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
      await enforceDailyQuota(deps, tx, user, 'conversations');
      if (opener) {
        await tx.coaching.insertMessage({
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
    },
    { durability: 'turn', serializeOn: `user:${user.id}` },
  );
  return getConversation(deps, user, id);
}

export async function listConversations(deps: Deps, user: User, kind?: ConversationKind) {
  return (await deps.repos.coaching.listConversations(user.id, kind, 50)).map((c) => ({
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

export async function getConversation(deps: Deps, user: User, conversationId: string) {
  const conversation = await owned(deps, user, conversationId);
  const [messages, commitments] = await Promise.all([
    deps.repos.coaching.listMessages(conversation.id),
    deps.repos.coaching.listConversationCommitments(conversation.id),
  ]);
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
    messages: messages.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      replyTo: m.replyTo,
      flagged: m.flagged,
      stopped: m.stopped,
      createdAt: m.createdAt,
      safety: safetyOfMessage(m, conversation),
    })),
    commitments: commitments.map((c) => ({ id: c.id, text: c.text, status: c.status })),
    steps: stepsProgress(conversation, messages),
  };
}

/**
 * How close a chat or a session is to earning its steps, and why it did not (decision 037); null for a journal.
 * `done`: the chat or session was recorded as its activity (its steps, under the daily limit). No note is given
 * in a conversation that signalled a crisis: steps are not what matters there.
 */
export type StepsProgress = { done: boolean; counted: number; needed: number; note: string | null };

/** The person's own messages that can back steps: a crisis message is not one (decision 037). */
function answersOf(messages: readonly MessageRow[]): MessageRow[] {
  return messages.filter((m) => m.role === 'user' && !m.flagged);
}

/** A chat's evidence for `consulta_rapida`: what its award and its steps line both count. */
export function chatStepsEvidence(messages: readonly MessageRow[]) {
  return chatEvidence(answersOf(messages).map((m) => m.content));
}

/** A session's evidence for `sesion_completa`: what its award and its steps line both count. */
export function sessionStepsEvidence(messages: readonly MessageRow[]) {
  return sessionEvidence(answersOf(messages).map((m) => ({ stage: m.stage ?? '', content: m.content })));
}

function stepsProgress(conversation: ConversationRow, messages: readonly MessageRow[]): StepsProgress | null {
  const quiet = conversation.careful || conversation.status === 'flagged';
  if (conversation.kind === 'chat') {
    const { counted, needed } = chatStepsEvidence(messages);
    // The note once the person has sent as many messages as it takes and some did not count.
    const note = !conversation.awarded && !quiet && answersOf(messages).length >= needed ? EVIDENCE_SHORTFALL_MESSAGES.chat_messages : null;
    return { done: conversation.awarded, counted: Math.min(counted, needed), needed, note };
  }
  if (conversation.kind === 'session') {
    const { stages, needed } = sessionStepsEvidence(messages);
    const note = conversation.status === 'completed' && !conversation.awarded && !quiet ? EVIDENCE_SHORTFALL_MESSAGES.session_stages : null;
    return { done: conversation.awarded, counted: Math.min(stages, needed), needed, note };
  }
  return null;
}
