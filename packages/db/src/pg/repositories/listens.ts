import { and, desc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ListensRepository } from '../../store';
import type { AudioListenRow } from '../../schema/listens';
import { audioListens, practiceSessions } from '../schema/listens';
import { changed, type PgExec } from './exec';

/** The user's listens and practices on PostgreSQL (the SQLite repository's twin). */
export function createPgListensRepository(db: PgExec): ListensRepository {
  /** Makes a user's begin-listen / start-practice calls run one after another, across instances, until the commit. */
  async function lockUser(tx: PgExec, what: string, userId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${what}:${userId}`}))`);
  }
  const running = (userId: string) => and(eq(audioListens.userId, userId), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt));

  return {
    /** Atomic on its own: one transaction (a savepoint inside a Store transaction) under the user's listen lock. */
    async beginListen(row) {
      return db.transaction(async (tx) => {
        await lockUser(tx, 'listen', row.userId);
        const [current] = await tx.select().from(audioListens).where(running(row.userId));
        if (current && current.meditationId === row.meditationId && current.day === row.day) return current;
        if (current) await tx.update(audioListens).set({ abandonedAt: row.at }).where(eq(audioListens.id, current.id));
        const [existing] = await tx
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, row.userId), eq(audioListens.meditationId, row.meditationId), eq(audioListens.day, row.day)));
        if (existing?.completedAt) return existing;
        if (existing) {
          const restart = { startedAt: row.at, servedBytes: 0, fileBytes: row.fileBytes, abandonedAt: null, isToday: row.isToday };
          await tx.update(audioListens).set(restart).where(eq(audioListens.id, existing.id));
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
        await tx.insert(audioListens).values(fresh);
        return fresh;
      });
    },
    async runningListen(userId) {
      return (await db.select().from(audioListens).where(running(userId)))[0];
    },
    async recordServed(id, start, bytes) {
      // SQLite's scalar max(a, b) is GREATEST here.
      await db
        .update(audioListens)
        .set({ servedBytes: sql`greatest(${audioListens.servedBytes}, ${start + bytes})` })
        .where(and(eq(audioListens.id, id), gte(audioListens.servedBytes, start), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt)));
    },
    async findListen(userId, meditationId, day) {
      return (
        await db
          .select()
          .from(audioListens)
          .where(and(eq(audioListens.userId, userId), eq(audioListens.meditationId, meditationId), eq(audioListens.day, day)))
      )[0];
    },
    async completeListen(id, at) {
      return (
        changed(
          await db
            .update(audioListens)
            .set({ completedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.completedAt), isNull(audioListens.abandonedAt))),
        ) > 0
      );
    },
    async awardableListen(userId, day, isToday) {
      const [row] = await db
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
        .limit(1);
      return row;
    },
    async markAwarded(id, at) {
      return (
        changed(
          await db
            .update(audioListens)
            .set({ awardedAt: at })
            .where(and(eq(audioListens.id, id), isNull(audioListens.awardedAt))),
        ) > 0
      );
    },
    async completedToday(userId, day) {
      return db
        .select()
        .from(audioListens)
        .where(and(eq(audioListens.userId, userId), eq(audioListens.day, day), isNotNull(audioListens.completedAt)));
    },
    async listListens(userId) {
      return db.select().from(audioListens).where(eq(audioListens.userId, userId)).orderBy(desc(audioListens.startedAt));
    },
    async listPractice(userId) {
      return db.select().from(practiceSessions).where(eq(practiceSessions.userId, userId)).orderBy(desc(practiceSessions.startedAt));
    },
    /** Atomic on its own, under the user's practice lock (the one-running unique index still decides). */
    async startPractice(row) {
      return db.transaction(async (tx) => {
        await lockUser(tx, 'practice', row.userId);
        const abandoned = changed(
          await tx
            .update(practiceSessions)
            .set({ abandonedAt: row.startedAt })
            .where(and(eq(practiceSessions.userId, row.userId), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt))),
        );
        await tx.insert(practiceSessions).values(row);
        return { abandoned };
      });
    },
    async findPractice(id) {
      return (await db.select().from(practiceSessions).where(eq(practiceSessions.id, id)))[0];
    },
    async completePractice(id, at, completionId) {
      const where = and(eq(practiceSessions.id, id), isNull(practiceSessions.completedAt), isNull(practiceSessions.abandonedAt));
      return changed(await db.update(practiceSessions).set({ completedAt: at, completionId }).where(where)) > 0;
    },
  };
}
