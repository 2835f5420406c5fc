import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import { audioListens, practiceSessions, type AudioListenRow, type PracticeSessionRow } from '../schema/listens';
import type { ListensRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/**
 * The user's listens and practices. `beginListen` and `startPractice` are atomic on their own (decision
 * 039's `k.atomic`): one transaction serialised on the user's listen or practice key, so that one user's
 * concurrent calls, from any instance, run one after another until the commit.
 */
export function createListensRepository(db: k.Exec): Synchronous<ListensRepository> {
  /** The user's running listen: not finished, not abandoned. */
  const running = (userId: string) => and(eq(audioListens.userId, userId), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt));
  // A breathing practice is started and completed every few minutes by every member who uses it: its statements are
  // named prepared statements, built once (decision 039's addendum on bench (g)'s statements).
  const runningPractice = and(
    eq(practiceSessions.userId, sql.placeholder('userId')),
    isNull(practiceSessions.completedAt),
    isNull(practiceSessions.abandonedAt),
  );
  const abandonRunning = k.statement(db, 'listens_abandon_practice', (x) =>
    x
      .update(practiceSessions)
      .set({ abandonedAt: sql`${k.param(practiceSessions.abandonedAt, 'at')}` })
      .where(runningPractice),
  );
  const practiceById = k.statement(db, 'listens_practice_by_id', (x) =>
    x
      .select()
      .from(practiceSessions)
      .where(eq(practiceSessions.id, sql.placeholder('id'))),
  );
  const completeRunning = k.statement(db, 'listens_complete_practice', (x) =>
    x
      .update(practiceSessions)
      .set({ completedAt: sql`${k.param(practiceSessions.completedAt, 'at')}`, completionId: sql`${sql.placeholder('completionId')}` })
      .where(and(eq(practiceSessions.id, sql.placeholder('id')), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt))),
  );

  return {
    /**
     * A fetch from the start of an audio: continues the user's running listen of it, or starts one
     * (abandoning any other running listen: one at a time per user). A listen already finished today
     * is returned as it is.
     */
    beginListen(row: { id: string; userId: string; meditationId: string; day: string; isToday: boolean; at: Date; fileBytes: number }): AudioListenRow {
      return k.atomic(db, [`listen:${row.userId}`], (tx) => {
        const current = k.first(tx.select().from(audioListens).where(running(row.userId)));
        if (current && current.meditationId === row.meditationId && current.day === row.day) return current;
        if (current) k.run(tx.update(audioListens).set({ abandonedAt: row.at }).where(eq(audioListens.id, current.id)));
        const existing = k.first(
          tx
            .select()
            .from(audioListens)
            .where(and(eq(audioListens.userId, row.userId), eq(audioListens.meditationId, row.meditationId), eq(audioListens.day, row.day))),
        );
        if (existing?.completedAt) return existing;
        if (existing) {
          const restart = { startedAt: row.at, servedBytes: 0, fileBytes: row.fileBytes, abandonedAt: null, isToday: row.isToday };
          k.run(tx.update(audioListens).set(restart).where(eq(audioListens.id, existing.id)));
          return { ...existing, ...restart };
        }
        const fresh: AudioListenRow = {
          id: row.id,
          userId: row.userId,
          meditationId: row.meditationId,
          day: row.day,
          isToday: row.isToday,
          startedAt: row.at,
          completedAt: null,
          awardedAt: null,
          servedBytes: 0,
          fileBytes: row.fileBytes,
          abandonedAt: null,
        };
        k.run(tx.insert(audioListens).values(fresh));
        return fresh;
      });
    },
    /** The user's running listen (not finished, not abandoned), if any. */
    runningListen(userId: string): AudioListenRow | undefined {
      return k.first(db.select().from(audioListens).where(running(userId)));
    },
    /**
     * Bytes [start, start + bytes) of a running listen's file were read by the client: extends the
     * gap-free count from the file's start (a range beginning past it extends nothing).
     */
    recordServed(id: string, start: number, bytes: number): void {
      k.run(
        db
          .update(audioListens)
          .set({ servedBytes: k.greatest(audioListens.servedBytes, start + bytes) })
          .where(and(eq(audioListens.id, id), gte(audioListens.servedBytes, start), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt))),
      );
    },
    findListen(userId: string, meditationId: string, day: string): AudioListenRow | undefined {
      return k.first(
        db
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, userId), eq(audioListens.meditationId, meditationId), eq(audioListens.day, day))),
      );
    },
    /** Ends a running listen; false when it already ended or was abandoned meanwhile. */
    completeListen(id: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(audioListens)
            .set({ completedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt))),
        ) > 0
      );
    },
    /** The latest finished, not yet awarded listen of the day, of today's audio or of the archive. */
    awardableListen(userId: string, day: string, isToday: boolean): AudioListenRow | undefined {
      return k.first(
        db
          .select()
          .from(audioListens)
          .where(
            and(
              eq(audioListens.userId, userId),
              eq(audioListens.day, day),
              eq(audioListens.isToday, isToday),
              isNotNull(audioListens.completedAt),
              isNull(audioListens.awardedAt),
            ),
          )
          .orderBy(desc(audioListens.completedAt))
          .limit(1),
      );
    },
    markAwarded(id: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(audioListens)
            .set({ awardedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.awardedAt))),
        ) > 0
      );
    },
    completedToday(userId: string, day: string): AudioListenRow[] {
      return k.rows(
        db
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, userId), eq(audioListens.day, day), isNotNull(audioListens.completedAt))),
      );
    },

    listListens(userId: string): AudioListenRow[] {
      return k.rows(db.select().from(audioListens).where(eq(audioListens.userId, userId)).orderBy(desc(audioListens.startedAt)));
    },
    listPractice(userId: string): PracticeSessionRow[] {
      return k.rows(db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)).orderBy(desc(practiceSessions.startedAt)));
    },

    /** Starts a practice and abandons the user's running one (one running practice per user: a unique index still decides). */
    startPractice(row: PracticeSessionRow): { abandoned: number } {
      return k.atomic(db, [`practice:${row.userId}`], (tx) => {
        const abandoned = k.changes(abandonRunning(tx), { userId: row.userId, at: row.startedAt });
        k.run(tx.insert(practiceSessions).values(row));
        return { abandoned };
      });
    },
    findPractice(id: string): PracticeSessionRow | undefined {
      return k.first(practiceById(db), { id });
    },
    completePractice(id: string, at: Date, completionId: string): boolean {
      return k.changes(completeRunning(db), { id, at, completionId }) > 0;
    },
  };
}
