import { localDay, startOfNextLocalDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { JournalEntryInputSchema } from '@ascenso/domain/journal';
import type { QuotaKind, Repositories } from '@ascenso/db/store';
import type { Deps } from '../../deps';

/**
 * Per-user storage quotas: how many journal entries, conversations (chats, structured sessions and
 * journaling chats together), coach notes and messages a user may create per local day, plus the
 * messages one conversation may hold. Values come from the environment (env.ts, QUOTA_*).
 *
 * Each check runs inside the transaction that has just inserted the new row (with its `tx` repositories)
 * and counts it: over the quota, it throws and the insert rolls back. The transaction takes the write
 * lock first (BEGIN IMMEDIATE on SQLite), so the count sees every committed row, from this process or
 * another one on the same database, and concurrent requests cannot go past the quota.
 *
 * A day is the user's local day in their timezone, and the answer's Retry-After runs to the next local
 * midnight. So that changing timezone cannot reopen the day, any 24 hours also hold at most twice a daily
 * quota (a user who keeps one timezone practically never meets that bound: 24 hours touch at most two
 * local days, except around a 23-hour spring DST day). Decision 013.
 */

type User = { id: string; timezone: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/** Seconds from `now` to the user's next local midnight (at least 1): the Retry-After of every per-day limit. */
export function secondsUntilNextLocalDay(now: Date, timezone: string): number {
  return Math.max(1, Math.ceil((startOfNextLocalDay(now, timezone).getTime() - now.getTime()) / 1000));
}

/** The first instant of the local day holding `instant` (zone offsets are whole minutes). */
export function startOfLocalDay(instant: Date, timezone: string): Date {
  const today = localDay(instant, timezone);
  let high = Math.floor(instant.getTime() / MINUTE_MS); // today
  let low = high - 27 * 60; // surely an earlier day (a local day lasts at most 25 hours)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localDay(new Date(mid * MINUTE_MS), timezone) === today) high = mid;
    else low = mid;
  }
  return new Date(high * MINUTE_MS);
}

/** What a member reads over each daily quota (the limit itself is the setting `config.quotas.<kind>PerDay`). */
const DAILY_LIMIT_MESSAGES: Record<QuotaKind, string> = {
  journalEntries: 'Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.',
  conversations: 'Has llegado al máximo de conversaciones nuevas por hoy. Puedes seguir una de las que ya tienes, o empezar otra mañana.',
  notes: 'Has llegado al máximo de notas por hoy. Mañana podrás añadir más.',
  messages: 'Has llegado al máximo de mensajes por hoy. Mañana podrás seguir hablando con tu coach.',
  assessments: 'Ya has enviado la evaluación muchas veces hoy. Mañana podrás volver a hacerla; tus respuestas de hoy están guardadas.',
};

/** The message a full conversation answers with (409: it does not reset; a new conversation does). */
export const CONVERSATION_FULL_MESSAGE = 'Esta conversación ha llegado al máximo de mensajes. Empieza una nueva para seguir.';

/**
 * Call inside the transaction (`tx` is its repositories), right after inserting the user's new `kind`
 * row (that row is counted). Over the daily quota it throws DAILY_LIMIT_REACHED (429) with
 * `retryAfterSeconds`, which rolls the transaction back.
 */
export async function enforceDailyQuota(deps: Deps, tx: Repositories, user: User, kind: QuotaKind): Promise<void> {
  const limit = deps.config.quotas[`${kind}PerDay`];
  const now = deps.clock();
  const repo = tx.quotas;
  let retryAfterSeconds = 0;
  // The local day's rows and the last 24 hours', read together (decision 039's addendum on bench (g)'s statements).
  const windowStart = new Date(now.getTime() - DAY_MS);
  const [today = 0, inWindow = 0] = await repo.countsSince(kind, user.id, [startOfLocalDay(now, user.timezone), windowStart]);
  if (today > limit) {
    retryAfterSeconds = secondsUntilNextLocalDay(now, user.timezone);
  }
  // The 24-hour bound: the window holds too many once the row `over` places from its oldest has to leave it.
  if (inWindow > 2 * limit) {
    const leaving = await repo.createdAtSince(kind, user.id, windowStart, inWindow - 2 * limit - 1);
    const seconds = leaving ? Math.ceil((leaving.getTime() + DAY_MS - now.getTime()) / 1000) : 1;
    retryAfterSeconds = Math.max(retryAfterSeconds, seconds, 1);
  }
  if (retryAfterSeconds > 0) {
    throw new DomainError('DAILY_LIMIT_REACHED', DAILY_LIMIT_MESSAGES[kind], { retryAfterSeconds, quota: kind, limit });
  }
}

/**
 * Inserts one row of `kind` (through `insert`'s `tx`) and enforces the daily quota in the same
 * transaction (the insert first: see the module comment). Over the quota nothing is stored.
 */
export function insertWithinDailyQuota(deps: Deps, user: User, kind: QuotaKind, insert: (tx: Repositories) => Promise<void>): Promise<void> {
  return deps.store.transaction(
    async (tx) => {
      await insert(tx);
      await enforceDailyQuota(deps, tx, user, kind);
    },
    { serializeOn: `user:${user.id}` },
  );
}

/**
 * A user message just inserted (inside its transaction): the per-conversation cap (409, the conversation
 * is full; `userMessages` is the conversation's count of user messages, the new one included, which the
 * caller reads once for this and for naming the chat) and the daily message quota (429). A message that
 * signals a crisis is never refused, so that the safety answer always reaches the person.
 */
export async function enforceMessageQuotas(deps: Deps, tx: Repositories, user: User, userMessages: number, options: { crisis: boolean }): Promise<void> {
  if (options.crisis) return;
  if (userMessages > deps.config.quotas.messagesPerConversation) {
    throw new DomainError('CONFLICT', CONVERSATION_FULL_MESSAGE, {
      quota: 'messagesPerConversation',
      limit: deps.config.quotas.messagesPerConversation,
    });
  }
  await enforceDailyQuota(deps, tx, user, 'messages');
}

/** The longest journal entry body, as the journal's own input schema says (20 000 characters). */
export const JOURNAL_BODY_MAX_CHARS = JournalEntryInputSchema.shape.body.maxLength ?? 20_000;

/**
 * A journaling chat saved as an entry holds the user's messages joined: it may not be longer than an
 * entry written directly (the messages stay in the conversation either way).
 */
export function journalEntryFits(body: string): void {
  if (body.length > JOURNAL_BODY_MAX_CHARS) {
    const message = `Esta entrada supera los ${JOURNAL_BODY_MAX_CHARS.toLocaleString('es-ES')} caracteres de una entrada de diario. Tus mensajes siguen en la conversación.`;
    throw new DomainError('VALIDATION', message, { fieldErrors: { body: [message] } });
  }
}
