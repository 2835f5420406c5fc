import { blob, index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { idColumn, ownerColumn } from './users';

/**
 * Sessions per the Lucia guide: the cookie holds `<id>.<secret>`; only SHA-256(secret) is stored.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: idColumn(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    userId: ownerColumn(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
