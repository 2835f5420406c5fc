import type { AttemptScope } from '@ascenso/domain/login-throttle';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Counted password attempts (sign-ins, registrations, current-password checks), one row per limit
 * an attempt was reserved against; `scope` names the limit and `key` what it counts (an address, an
 * account, a pair, a user id). The table keeps its first name: rows are reservations now, and a
 * successful sign-in deletes its own.
 */
export const authFailures = sqliteTable(
  'auth_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope').$type<AttemptScope>().notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('auth_failures_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
