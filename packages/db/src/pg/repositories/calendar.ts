// @generated from src/repositories/calendar.ts — edit that file, then run pnpm db:generate
import { eq, sql } from 'drizzle-orm';
import { calendarFeeds } from '../schema/calendar';
import type { CalendarRepository } from '../../store';
import * as k from './kit';

/** The private calendar feeds (decision 031). */
export function createCalendarRepository(db: k.Exec): CalendarRepository {
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
    async findFeed(userId) {
      return await k.first(byUser(db), { userId });
    },
    async findFeedByTokenHash(tokenHash) {
      return await k.first(byHash(db), { tokenHash });
    },
    async replaceFeed(row) {
      await k.run(
        db
          .insert(calendarFeeds)
          .values({ ...row, lastFetchedAt: null })
          .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: row.tokenHash, createdAt: row.createdAt, lastFetchedAt: null } }),
      );
    },
    async deleteFeed(userId) {
      return (await k.changes(db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)))) > 0;
    },
    async markFetched(tokenHash, at) {
      await k.run(db.update(calendarFeeds).set({ lastFetchedAt: at }).where(eq(calendarFeeds.tokenHash, tokenHash)));
    },
  };
}
