import { eq, sql } from 'drizzle-orm';
import { calendarFeeds } from '../schema/calendar';
import type { CalendarRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/** The private calendar feeds (decision 031). */
export function createCalendarRepository(db: k.Exec): Synchronous<CalendarRepository> {
  const byUser = k.statement(db, 'calendar_feed_by_user', (x) =>
    x
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, sql.placeholder('userId'))),
  );
  const byHash = k.statement(db, 'calendar_feed_by_token_hash', (x) =>
    x
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash'))),
  );
  return {
    findFeed(userId) {
      return k.first(byUser(db), { userId });
    },
    findFeedByTokenHash(tokenHash) {
      return k.first(byHash(db), { tokenHash });
    },
    replaceFeed(row) {
      k.run(
        db
          .insert(calendarFeeds)
          .values({ ...row, lastFetchedAt: null })
          .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: row.tokenHash, createdAt: row.createdAt, lastFetchedAt: null } }),
      );
    },
    deleteFeed(userId) {
      return k.changes(db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId))) > 0;
    },
    markFetched(tokenHash, at) {
      k.run(db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.tokenHash, tokenHash)));
    },
  };
}
