import type { AttemptScope } from '@ascenso/domain/login-throttle';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at } from './users';

/** Counted password attempts, one row per limit an attempt was reserved against (see the SQLite file). */
export const authFailures = pgTable(
  'auth_failures',
  {
    // SQLite: INTEGER PRIMARY KEY AUTOINCREMENT. An identity column; db:copy moves its sequence past the copied ids.
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    scope: text('scope').$type<AttemptScope>().notNull(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('auth_failures_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
