import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { events, type EventRow } from '../schema/events';
import type { EventsRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/** The realtime outbox (decision 026). */
export function createEventsRepository(db: k.Exec): Synchronous<EventsRepository> {
  // Every completion appends, every resume and every relay pass reads: named prepared statements (decision 039).
  const ownEvent = k.statement(db, 'events_own', (x) =>
    x
      .select({ seq: events.seq })
      .from(events)
      .where(and(eq(events.seq, sql.placeholder('seq')), eq(events.userId, sql.placeholder('userId')))),
  );
  const after = k.statement(db, 'events_after', (x) =>
    x
      .select()
      .from(events)
      .where(and(eq(events.userId, sql.placeholder('userId')), gt(events.seq, sql.placeholder('seq'))))
      .orderBy(asc(events.seq))
      .limit(sql.placeholder('limit')),
  );
  // Placeholders in values go through the column mappers: the date, the JSON.
  const insert = k.statement(db, 'events_append', (x) =>
    x
      .insert(events)
      .values({
        userId: sql.placeholder('userId'),
        name: sql.placeholder('name'),
        payload: sql.placeholder('payload'),
        createdAt: sql.placeholder('createdAt'),
      })
      .returning({ seq: events.seq }),
  );
  // One UPDATE … RETURNING, so two relays racing, on any instance, never claim the same row: the rows it
  // takes are locked by the subquery, and a concurrent relay skips them instead of waiting (k.skipLocked);
  // once it has run they are no longer unpublished.
  const claim = k.statement(db, 'events_claim', (x) =>
    x
      .update(events)
      .set({ publishedAt: sql`${k.param(events.publishedAt, 'at')}` })
      .where(
        and(
          inArray(
            events.seq,
            k.skipLocked(
              x
                .select({ seq: events.seq })
                .from(events)
                .where(and(isNull(events.publishedAt), lt(events.createdAt, k.param(events.createdAt, 'createdBefore'))))
                .orderBy(asc(events.seq))
                .limit(sql.placeholder('limit')),
            ),
          ),
          isNull(events.publishedAt),
        ),
      )
      .returning(),
  );

  return {
    append(row: { userId: string; name: string; payload: Record<string, unknown>; createdAt: Date }): number {
      return k.first(insert(db), row)!.seq;
    },
    resumeAfter(userId: string, afterSeq: number, limit: number): EventRow[] {
      // Not one of this user's events (another user's, pruned, never existed): nothing to replay.
      if (!k.first(ownEvent(db), { seq: afterSeq, userId })) return [];
      return k.rows(after(db), { userId, seq: afterSeq, limit });
    },
    markPublished(seqs: readonly number[], at: Date): number {
      if (seqs.length === 0) return 0;
      return k.changes(
        db
          .update(events)
          .set({ publishedAt: at })
          .where(and(inArray(events.seq, [...seqs]), isNull(events.publishedAt))),
      );
    },
    claimUnpublished(createdBefore: Date, at: Date, limit: number): EventRow[] {
      return k.rows(claim(db), { createdBefore, at, limit }).sort((a, b) => a.seq - b.seq);
    },
    pruneBefore(before: Date): number {
      return k.changes(db.delete(events).where(lt(events.createdAt, before)));
    },
  };
}
