import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import { audioListens, practiceSessions, type AudioListenRow, type PracticeSessionRow } from '../schema/listens';

export type ListensRepository = ReturnType<typeof createListensRepository>;

export function createListensRepository(db: Db) {
  return {
    transaction<T>(fn: () => T): T {
      return db.$client.transaction(fn).immediate();
    },
    /** Records the first fetch of an audio for the day (later fetches keep the first time). */
    startListen(row: AudioListenRow): AudioListenRow {
      db.insert(audioListens).values(row).onConflictDoNothing().run();
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, row.userId), eq(audioListens.meditationId, row.meditationId), eq(audioListens.day, row.day)))
        .get() as AudioListenRow;
    },
    findListen(userId: string, meditationId: string, day: string): AudioListenRow | undefined {
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, userId), eq(audioListens.meditationId, meditationId), eq(audioListens.day, day)))
        .get();
    },
    completeListen(id: string, at: Date): void {
      db.update(audioListens).set({ completedAt: at }).where(and(eq(audioListens.id, id), isNull(audioListens.completedAt))).run();
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
      return db.update(audioListens).set({ awardedAt: at }).where(and(eq(audioListens.id, id), isNull(audioListens.awardedAt))).run().changes > 0;
    },
    completedToday(userId: string, day: string): AudioListenRow[] {
      return db.select().from(audioListens).where(and(eq(audioListens.userId, userId), eq(audioListens.day, day), isNotNull(audioListens.completedAt))).all();
    },

    listListens(userId: string): AudioListenRow[] {
      return db.select().from(audioListens).where(eq(audioListens.userId, userId)).orderBy(desc(audioListens.startedAt)).all();
    },
    listPractice(userId: string): PracticeSessionRow[] {
      return db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)).orderBy(desc(practiceSessions.startedAt)).all();
    },

    insertPractice(row: PracticeSessionRow): void {
      db.insert(practiceSessions).values(row).run();
    },
    findPractice(id: string): PracticeSessionRow | undefined {
      return db.select().from(practiceSessions).where(eq(practiceSessions.id, id)).get();
    },
    completePractice(id: string, at: Date, completionId: string): boolean {
      return (
        db
          .update(practiceSessions)
          .set({ completedAt: at, completionId })
          .where(and(eq(practiceSessions.id, id), isNull(practiceSessions.completedAt)))
          .run().changes > 0
      );
    },
  };
}
