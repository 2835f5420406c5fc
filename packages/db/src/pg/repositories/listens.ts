// @generated from src/repositories/listens.ts — edit that file, then run pnpm db:generate
import { and, desc, eq, gte, isNotNull, isNull } from 'drizzle-orm';
import { audioListens, practiceSessions, type AudioListenRow, type PracticeSessionRow } from '../schema/listens';
import type { ListensRepository } from '../../store';
import * as k from './kit';

/**
 * The user's listens and practices. `beginListen` and `startPractice` are atomic on their own (decision
 * 039's `k.atomic`): one transaction serialised on the user's listen or practice key, so that one user's
 * concurrent calls, from any instance, run one after another until the commit.
 */
export function createListensRepository(db: k.Exec): ListensRepository {
  /** The user's running listen: not finished, not abandoned. */
  const running = (userId: string) => and(eq(audioListens.userId, userId), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt));

  return {
    /**
     * A fetch from the start of an audio: continues the user's running listen of it, or starts one
     * (abandoning any other running listen: one at a time per user). A listen already finished today
     * is returned as it is.
     */
    async beginListen(row: {
      id: string;
      userId: string;
      meditationId: string;
      day: string;
      isToday: boolean;
      at: Date;
      fileBytes: number;
    }): Promise<AudioListenRow> {
      return await k.atomic(db, [`listen:${row.userId}`], async (tx) => {
        const current = await k.first(tx.select().from(audioListens).where(running(row.userId)));
        if (current && current.meditationId === row.meditationId && current.day === row.day) return current;
        if (current) await k.run(tx.update(audioListens).set({ abandonedAt: row.at }).where(eq(audioListens.id, current.id)));
        const existing = await k.first(
          tx
            .select()
            .from(audioListens)
            .where(and(eq(audioListens.userId, row.userId), eq(audioListens.meditationId, row.meditationId), eq(audioListens.day, row.day))),
        );
        if (existing?.completedAt) return existing;
        if (existing) {
          const restart = { startedAt: row.at, servedBytes: 0, fileBytes: row.fileBytes, abandonedAt: null, isToday: row.isToday };
          await k.run(tx.update(audioListens).set(restart).where(eq(audioListens.id, existing.id)));
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
        await k.run(tx.insert(audioListens).values(fresh));
        return fresh;
      });
    },
    /** The user's running listen (not finished, not abandoned), if any. */
    async runningListen(userId: string): Promise<AudioListenRow | undefined> {
      return await k.first(db.select().from(audioListens).where(running(userId)));
    },
    /**
     * Bytes [start, start + bytes) of a running listen's file were read by the client: extends the
     * gap-free count from the file's start (a range beginning past it extends nothing).
     */
    async recordServed(id: string, start: number, bytes: number): Promise<void> {
      await k.run(
        db
          .update(audioListens)
          .set({ servedBytes: k.greatest(audioListens.servedBytes, start + bytes) })
          .where(and(eq(audioListens.id, id), gte(audioListens.servedBytes, start), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt))),
      );
    },
    async findListen(userId: string, meditationId: string, day: string): Promise<AudioListenRow | undefined> {
      return await k.first(
        db
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, userId), eq(audioListens.meditationId, meditationId), eq(audioListens.day, day))),
      );
    },
    /** Ends a running listen; false when it already ended or was abandoned meanwhile. */
    async completeListen(id: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(audioListens)
            .set({ completedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt))),
        )) > 0
      );
    },
    /** The latest finished, not yet awarded listen of the day, of today's audio or of the archive. */
    async awardableListen(userId: string, day: string, isToday: boolean): Promise<AudioListenRow | undefined> {
      return await k.first(
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
    async markAwarded(id: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(audioListens)
            .set({ awardedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.awardedAt))),
        )) > 0
      );
    },
    async completedToday(userId: string, day: string): Promise<AudioListenRow[]> {
      return await k.rows(
        db
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, userId), eq(audioListens.day, day), isNotNull(audioListens.completedAt))),
      );
    },

    async listListens(userId: string): Promise<AudioListenRow[]> {
      return await k.rows(db.select().from(audioListens).where(eq(audioListens.userId, userId)).orderBy(desc(audioListens.startedAt)));
    },
    async listPractice(userId: string): Promise<PracticeSessionRow[]> {
      return await k.rows(db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)).orderBy(desc(practiceSessions.startedAt)));
    },

    /** Starts a practice and abandons the user's running one (one running practice per user: a unique index still decides). */
    async startPractice(row: PracticeSessionRow): Promise<{ abandoned: number }> {
      return await k.atomic(db, [`practice:${row.userId}`], async (tx) => {
        const abandoned = await k.changes(
          tx
            .update(practiceSessions)
            .set({ abandonedAt: row.startedAt })
            .where(and(eq(practiceSessions.userId, row.userId), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt))),
        );
        await k.run(tx.insert(practiceSessions).values(row));
        return { abandoned };
      });
    },
    async findPractice(id: string): Promise<PracticeSessionRow | undefined> {
      return await k.first(db.select().from(practiceSessions).where(eq(practiceSessions.id, id)));
    },
    async completePractice(id: string, at: Date, completionId: string): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(practiceSessions)
            .set({ completedAt: at, completionId })
            .where(and(eq(practiceSessions.id, id), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt))),
        )) > 0
      );
    },
  };
}
