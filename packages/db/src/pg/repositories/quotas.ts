import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import type { QuotaKind, QuotasRepository } from '../../store';
import { TOUCH_MARGIN_MS } from '../../repositories/quotas';
import { coachNotes } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { conversations, journalEntries, messages } from '../schema/coaching';
import type { PgExec } from './exec';

/** The SQLite quotas repository's counts (see there), on PostgreSQL. */
export function createPgQuotasRepository(db: PgExec): QuotasRepository {
  function source(kind: QuotaKind, userId: string, since: Date) {
    switch (kind) {
      case 'journalEntries':
        return { at: journalEntries.createdAt, table: journalEntries, where: and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, since)) };
      case 'assessments':
        return { at: assessments.createdAt, table: assessments, where: and(eq(assessments.userId, userId), gte(assessments.createdAt, since)) };
      case 'notes':
        return { at: coachNotes.createdAt, table: coachNotes, where: and(eq(coachNotes.userId, userId), gte(coachNotes.createdAt, since)) };
      case 'conversations':
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
    async countSince(kind, userId, since) {
      const { table, where } = source(kind, userId, since);
      return (await db.select({ n: count() }).from(table).where(where))[0]?.n ?? 0;
    },
    async createdAtSince(kind, userId, since, offset) {
      const { at, table, where } = source(kind, userId, since);
      return (await db.select({ at }).from(table).where(where).orderBy(asc(at)).limit(1).offset(offset))[0]?.at;
    },
  };
}
