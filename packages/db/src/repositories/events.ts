import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { events } from '../schema/events';
import type { EventsRepository } from '../store';
import type { Synchronous } from './synchronous';

/** The realtime outbox on SQLite (decision 026). */
export function createEventsRepository(db: Db): Synchronous<EventsRepository> {
  const ownEvent = db
    .select({ seq: events.seq })
    .from(events)
    .where(and(eq(events.seq, sql.placeholder('seq')), eq(events.userId, sql.placeholder('userId'))))
    .prepare();
  const after = db
    .select()
    .from(events)
    .where(and(eq(events.userId, sql.placeholder('userId')), gt(events.seq, sql.placeholder('seq'))))
    .orderBy(asc(events.seq))
    .limit(sql.placeholder('limit'))
    .prepare();

  const insert = db
    .insert(events)
    .values({
      userId: sql.placeholder('userId'),
      name: sql.placeholder('name'),
      payload: sql.placeholder('payload'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ seq: events.seq })
    .prepare();

  return {
    append(row) {
      // On every completion: prepared once (placeholders go through the column mappers: the date, the JSON).
      return insert.get(row)!.seq;
    },
    resumeAfter(userId, afterSeq, limit) {
      if (!ownEvent.get({ seq: afterSeq, userId })) return [];
      return after.all({ userId, seq: afterSeq, limit });
    },
    markPublished(seqs, at) {
      if (seqs.length === 0) return 0;
      return db
        .update(events)
        .set({ publishedAt: at })
        .where(and(inArray(events.seq, [...seqs]), isNull(events.publishedAt)))
        .run().changes;
    },
    claimUnpublished(createdBefore, at, limit) {
      // One UPDATE … RETURNING: SQLite runs it under the database's write lock, so a relay in another
      // process sees these rows published (better-sqlite3 wraps nothing else around it).
      const waiting = db
        .select({ seq: events.seq })
        .from(events)
        .where(and(isNull(events.publishedAt), lt(events.createdAt, createdBefore)))
        .orderBy(asc(events.seq))
        .limit(limit);
      const claimed = db
        .update(events)
        .set({ publishedAt: at })
        .where(and(inArray(events.seq, waiting), isNull(events.publishedAt)))
        .returning()
        .all();
      return claimed.sort((a, b) => a.seq - b.seq);
    },
    pruneBefore(before) {
      return db.delete(events).where(lt(events.createdAt, before)).run().changes;
    },
  };
}
