import { pgTable, text } from 'drizzle-orm/pg-core';
import { at, ownerColumn } from './users';

/** PostgreSQL twin of `../../schema/calendar.ts`: one private calendar feed per user, only the token's hash stored. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: ownerColumn().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: at('created_at').notNull(),
  lastFetchedAt: at('last_fetched_at'),
});
