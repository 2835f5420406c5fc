import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { ListensRepository } from '../store';
import type { Synchronous } from './synchronous';
import { audioListens, practiceSessions, type AudioListenRow, type PracticeSessionRow } from '../schema/listens';

export function createListensRepository(db: Db): Synchronous<ListensRepository> {
  return {
    /**
     * A fetch from the start of an audio: continues the user's running listen of it, or starts one
     * (abandoning any other running listen: one at a time per user). A listen already finished today
     * is returned as it is. Runs in one immediate transaction.
     */
    beginListen(row: { id: string; userId: string; meditationId: string; day: string; isToday: boolean; at: Date; fileBytes: number }): AudioListenRow {
      return db.$client
        .transaction(() => {
          const running = db
            .select()
            .from(audioListens)
            .where(and(eq(audioListens.userId, row.userId), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt)))
            .get();
          if (running && running.meditationId === row.meditationId && running.day === row.day) return running;
          if (running) db.update(audioListens).set({ abandonedAt: row.at }).where(eq(audioListens.id, running.id)).run();
          const existing = db
            .select()
            .from(audioListens)
            .where(and(eq(audioListens.userId, row.userId), eq(audioListens.meditationId, row.meditationId), eq(audioListens.day, row.day)))
            .get();
          if (existing?.completedAt) return existing;
          if (existing) {
            db.update(audioListens)
              .set({
                startedAt: row.at,
                servedBytes: 0,
                fileBytes: row.fileBytes,
                abandonedAt: null,
                isToday: row.isToday,
              })
              .where(eq(audioListens.id, existing.id))
              .run();
            return {
              ...existing,
              startedAt: row.at,
              servedBytes: 0,
              fileBytes: row.fileBytes,
              abandonedAt: null,
              isToday: row.isToday,
            };
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
          db.insert(audioListens).values(fresh).run();
          return fresh;
        })
        .immediate();
    },
    /** The user's running listen (not finished, not abandoned), if any. */
    runningListen(userId: string): AudioListenRow | undefined {
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, userId), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt)))
        .get();
    },
    /**
     * Bytes [start, start + bytes) of a running listen's file were read by the client: extends the
     * gap-free count from the file's start (a range beginning past it extends nothing).
     */
    recordServed(id: string, start: number, bytes: number): void {
      db.update(audioListens)
        .set({ servedBytes: sql`max(${audioListens.servedBytes}, ${start + bytes})` })
        .where(and(eq(audioListens.id, id), gte(audioListens.servedBytes, start), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt)))
        .run();
    },
    findListen(userId: string, meditationId: string, day: string): AudioListenRow | undefined {
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, userId), eq(audioListens.meditationId, meditationId), eq(audioListens.day, day)))
        .get();
    },
    /** Ends a running listen; false when it already ended or was abandoned meanwhile. */
    completeListen(id: string, at: Date): boolean {
      return (
        db
          .update(audioListens)
          .set({ completedAt: at })
          .where(and(eq(audioListens.id, id), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt)))
          .run().changes > 0
      );
    },
    /** The latest finished, not yet awarded listen of the day, of today's audio or of the archive. */
    awardableListen(userId: string, day: string, isToday: boolean): AudioListenRow | undefined {
      return db
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
        .limit(1)
        .get();
    },
    markAwarded(id: string, at: Date): boolean {
      return (
        db
          .update(audioListens)
          .set({ awardedAt: at })
          .where(and(eq(audioListens.id, id), isNull(audioListens.awardedAt)))
          .run().changes > 0
      );
    },
    completedToday(userId: string, day: string): AudioListenRow[] {
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, userId), eq(audioListens.day, day), isNotNull(audioListens.completedAt)))
        .all();
    },

    listListens(userId: string): AudioListenRow[] {
      return db.select().from(audioListens).where(eq(audioListens.userId, userId)).orderBy(desc(audioListens.startedAt)).all();
    },
    listPractice(userId: string): PracticeSessionRow[] {
      return db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)).orderBy(desc(practiceSessions.startedAt)).all();
    },

    /** Starts a practice and abandons the user's running one, in one immediate transaction (one running practice per user). */
    startPractice(row: PracticeSessionRow): { abandoned: number } {
      return db.$client
        .transaction(() => {
          const abandoned = db
            .update(practiceSessions)
            .set({ abandonedAt: row.startedAt })
            .where(and(eq(practiceSessions.userId, row.userId), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt)))
            .run().changes;
          db.insert(practiceSessions).values(row).run();
          return { abandoned };
        })
        .immediate();
    },
    findPractice(id: string): PracticeSessionRow | undefined {
      return db.select().from(practiceSessions).where(eq(practiceSessions.id, id)).get();
    },
    completePractice(id: string, at: Date, completionId: string): boolean {
      return (
        db
          .update(practiceSessions)
          .set({ completedAt: at, completionId })
          .where(and(eq(practiceSessions.id, id), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt)))
          .run().changes > 0
      );
    },
  };
}
