import { and, asc, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { EventsRepository } from '../../store';
import { events } from '../schema/events';
import { changed, type PgExec } from './exec';

/** The realtime outbox on PostgreSQL (decision 026). */
export function createPgEventsRepository(db: PgExec): EventsRepository {
  return {
    async append(row) {
      const [inserted] = await db.insert(events).values(row).returning({ seq: events.seq });
      return inserted!.seq;
    },
    async resumeAfter(userId, afterSeq, limit) {
      // Not one of this user's events (another user's, pruned, never existed): nothing to replay.
      const own = await db
        .select({ seq: events.seq })
        .from(events)
        .where(and(eq(events.seq, afterSeq), eq(events.userId, userId)));
      if (own.length === 0) return [];
      return db
        .select()
        .from(events)
        .where(and(eq(events.userId, userId), gt(events.seq, afterSeq)))
        .orderBy(asc(events.seq))
        .limit(limit);
    },
    async markPublished(seqs, at) {
      if (seqs.length === 0) return 0;
      return changed(
        await db
          .update(events)
          .set({ publishedAt: at })
          .where(and(inArray(events.seq, [...seqs]), isNull(events.publishedAt))),
      );
    },
    async claimUnpublished(createdBefore, at, limit) {
      // One statement: the rows are locked by the subquery (FOR UPDATE SKIP LOCKED), so a relay on another
      // instance skips them instead of waiting, and after the commit they are no longer unpublished.
      const waiting = db
        .select({ seq: events.seq })
        .from(events)
        .where(and(isNull(events.publishedAt), lt(events.createdAt, createdBefore)))
        .orderBy(asc(events.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(events)
        .set({ publishedAt: at })
        .where(and(inArray(events.seq, waiting), isNull(events.publishedAt)))
        .returning();
      return claimed.sort((a, b) => a.seq - b.seq);
    },
    async pruneBefore(before) {
      return changed(await db.delete(events).where(lt(events.createdAt, before)));
    },
  };
}
