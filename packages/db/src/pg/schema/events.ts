import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, ownerColumn } from './users';

/** The realtime outbox (see the SQLite file): `seq` is a bigint identity, read as a number. */
export const events = pgTable(
  'events',
  {
    // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT. A bigint identity (2^53 events before a number loses precision).
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: ownerColumn(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
    publishedAt: at('published_at'),
  },
  (t) => [
    index('events_user_seq_idx').on(t.userId, t.seq),
    index('events_unpublished_idx')
      .on(t.createdAt)
      .where(sql`published_at IS NULL`),
  ],
);
