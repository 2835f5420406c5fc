import { eq } from 'drizzle-orm';
import type { CalendarRepository } from '../../store';
import { calendarFeeds } from '../schema/calendar';
import { changed, type PgExec } from './exec';

/** The private calendar feeds on PostgreSQL (decision 031). */
export function createPgCalendarRepository(db: PgExec): CalendarRepository {
  return {
    async findFeed(userId) {
      return (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0];
    },
    async findFeedByTokenHash(tokenHash) {
      return (await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)))[0];
    },
    async replaceFeed(row) {
      await db
        .insert(calendarFeeds)
        .values({ ...row, lastFetchedAt: null })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: row.tokenHash, createdAt: row.createdAt, lastFetchedAt: null } });
    },
    async deleteFeed(userId) {
      return changed(await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))) > 0;
    },
    async markFetched(tokenHash, at) {
      await db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.tokenHash, tokenHash));
    },
  };
}
