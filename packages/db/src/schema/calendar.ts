import { at, table, text } from './kit';
import { ownerColumn } from './users';

/**
 * The private calendar feed (decision 031): at most one per user (`user_id` is the key; a new feed
 * replaces the old one, whose URL then answers 404). Only the SHA-256 of the URL's token is stored
 * (base64url, unique): the URL is shown once, when it is created.
 */
export const calendarFeeds = table('calendar_feeds', {
  userId: ownerColumn().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  /** The last time a calendar app read the feed (null: never). */
  lastFetchedAt: at('last_fetched_at'),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
