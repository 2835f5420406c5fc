import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { coachNotes } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { conversations, journalEntries, messages } from '../schema/coaching';
import type { QuotaKind, QuotasRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/**
 * A message's conversation is touched (`updated_at`) when the message is stored, so the conversations
 * holding a user's messages since `since` are among those updated since a little before it; this margin
 * only widens that candidate set (the messages' own time decides).
 */
export const TOUCH_MARGIN_MS = 60 * 60 * 1000;

/**
 * Counts of what a user created since a moment, through the tables' (user, time) indexes. No rules
 * here: apps/api/src/modules/quotas decides. Call inside the transaction that inserted the new row.
 */
export function createQuotasRepository(db: k.Exec): Synchronous<QuotasRepository> {
  /** The user's rows of a table created at or after `since`. */
  function createdSince(table: typeof journalEntries | typeof assessments | typeof coachNotes, userId: string, since: Date) {
    return { at: table.createdAt, table, where: and(eq(table.userId, userId), gte(table.createdAt, since)) };
  }

  function source(kind: QuotaKind, userId: string, since: Date) {
    switch (kind) {
      case 'journalEntries':
        return createdSince(journalEntries, userId, since);
      case 'assessments':
        return createdSince(assessments, userId, since);
      case 'notes':
        return createdSince(coachNotes, userId, since);
      case 'conversations':
        // Index (user_id, updated_at): a conversation created since `since` was updated since then too.
        return {
          at: conversations.createdAt,
          table: conversations,
          where: and(eq(conversations.userId, userId), gte(conversations.updatedAt, since), gte(conversations.createdAt, since)),
        };
      case 'messages': {
        const touched = db
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.userId, userId), gte(conversations.updatedAt, new Date(since.getTime() - TOUCH_MARGIN_MS))));
        return {
          at: messages.createdAt,
          table: messages,
          where: and(inArray(messages.conversationId, touched), eq(messages.role, 'user'), eq(messages.userId, userId), gte(messages.createdAt, since)),
        };
      }
    }
  }

  return {
    /** How many `kind` rows the user created at or after `since` (the user's own messages only). */
    countSince(kind: QuotaKind, userId: string, since: Date): number {
      const { table, where } = source(kind, userId, since);
      return k.first(db.select({ n: count() }).from(table).where(where))?.n ?? 0;
    },
    /**
     * `countSince` at each of `moments`, in one statement (decision 039's addendum on bench (g)'s statements): the
     * rows since the earliest, each counted under every moment it is at or after.
     */
    countsSince(kind: QuotaKind, userId: string, moments: readonly Date[]): number[] {
      if (moments.length === 0) return [];
      const { at, table, where } = source(kind, userId, new Date(Math.min(...moments.map((moment) => moment.getTime()))));
      const counts = Object.fromEntries(moments.map((moment, i) => [`n${i}`, count(sql`case when ${gte(at, moment)} then 1 end`)]));
      const row = k.first(db.select(counts).from(table).where(where));
      return moments.map((_, i) => row?.[`n${i}`] ?? 0);
    },
    /** The creation time of the `offset`-th (0-based, oldest first) such row, if there is one. */
    createdAtSince(kind: QuotaKind, userId: string, since: Date, offset: number): Date | undefined {
      const { at, table, where } = source(kind, userId, since);
      return k.first(db.select({ at }).from(table).where(where).orderBy(asc(at)).limit(1).offset(offset))?.at;
    },
  };
}
