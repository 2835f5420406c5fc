import { eq } from 'drizzle-orm';
import type { Db } from '../client';
import { calendarFeeds } from '../schema/calendar';
import type { CalendarRepository } from '../store';
import type { Synchronous } from './synchronous';
import { selectWhereEquals } from './prepared';

/** The private calendar feeds on SQLite (decision 031). */
export function createCalendarRepository(db: Db): Synchronous<CalendarRepository> {
  const byUser = selectWhereEquals(db, calendarFeeds, calendarFeeds.userId, 'userId').prepare();
  const byHash = selectWhereEquals(db, calendarFeeds, calendarFeeds.tokenHash, 'tokenHash').prepare();
  return {
    findFeed(userId) {
      return byUser.get({ userId });
    },
    findFeedByTokenHash(tokenHash) {
      return byHash.get({ tokenHash });
    },
    replaceFeed(row) {
      db.insert(calendarFeeds)
        .values({ ...row, lastFetchedAt: null })
        .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: row.tokenHash, createdAt: row.createdAt, lastFetchedAt: null } })
        .run();
    },
    deleteFeed(userId) {
      return db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).run().changes > 0;
    },
    markFetched(tokenHash, at) {
      db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.tokenHash, tokenHash)).run();
    },
  };
}
