import { customType, index, pgTable } from 'drizzle-orm/pg-core';
import { at, idColumn, ownerColumn } from './users';

/** `bytea` read and written as a Node `Buffer` (SQLite: `blob(…, { mode: 'buffer' })`); node-postgres maps both ways. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** Sessions per the Lucia guide: the cookie holds `<id>.<secret>`; only SHA-256(secret) is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    secretHash: bytea('secret_hash').notNull(),
    userId: ownerColumn(),
    createdAt: at('created_at').notNull(),
    lastVerifiedAt: at('last_verified_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);
