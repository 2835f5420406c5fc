import { sql } from 'drizzle-orm';
import { at, index, json, seq, table, text } from './kit';
import { ownerColumn } from './users';

/**
 * The realtime outbox (decision 026): one row per event a service publishes about a user,
 * written in the same transaction as the change it reports (a committed completion always has its event,
 * a rolled-back one never does). `seq` is assigned by the database and only grows; per user it follows
 * commit order, because a user's writes are serialised (`serializeOn: 'user:<id>'`). It is the event id
 * clients resume from (`activities.onCompleted`'s tracked id). `published_at` is set once the event went
 * out on the bus (by its writer, or by the relay of any instance when the writer died first).
 */
export const events = table(
  'events',
  {
    seq: seq('seq'),
    userId: ownerColumn(),
    name: text('name').notNull(),
    /** The bus payload (BusEvents[name]) without its event id. */
    payload: json('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: at('created_at').notNull(),
    publishedAt: at('published_at'),
  },
  (t) => [
    index('events_user_seq_idx').on(t.userId, t.seq),
    // The relay's scan: only the few rows still waiting (usually none).
    index('events_unpublished_idx')
      .on(t.createdAt)
      .where(sql`published_at IS NULL`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type NewEventRow = typeof events.$inferInsert;
