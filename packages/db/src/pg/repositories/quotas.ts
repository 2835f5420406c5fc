// @generated from src/repositories/quotas.ts — edit that file, then run pnpm db:generate
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import { coachNotes } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { conversations, journalEntries, messages } from '../schema/coaching';
import type { QuotaKind, QuotasRepository } from '../../store';
import * as k from './kit';

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
export function createQuotasRepository(db: k.Exec): QuotasRepository {
  function source(kind: QuotaKind, userId: string, since: Date) {
    switch (kind) {
      case 'journalEntries':
        return {
          at: journalEntries.createdAt,
          table: journalEntries,
          where: and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, since)),
        };
      case 'assessments':
        return {
          at: assessments.createdAt,
          table: assessments,
          where: and(eq(assessments.userId, userId), gte(assessments.createdAt, since)),
        };
      case 'notes':
        return {
          at: coachNotes.createdAt,
          table: coachNotes,
          where: and(eq(coachNotes.userId, userId), gte(coachNotes.createdAt, since)),
        };
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
    async countSince(kind: QuotaKind, userId: string, since: Date): Promise<number> {
      const { table, where } = source(kind, userId, since);
      return (await k.first(db.select({ n: count() }).from(table).where(where)))?.n ?? 0;
    },
    /** The creation time of the `offset`-th (0-based, oldest first) such row, if there is one. */
    async createdAtSince(kind: QuotaKind, userId: string, since: Date, offset: number): Promise<Date | undefined> {
      const { at, table, where } = source(kind, userId, since);
      return (await k.first(db.select({ at }).from(table).where(where).orderBy(asc(at)).limit(1).offset(offset)))?.at;
    },
  };
}
