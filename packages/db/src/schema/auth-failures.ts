import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Failed sign-in attempts, counted per account (e-mail) and per client address. */
export const authFailures = sqliteTable(
  'auth_failures',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    scope: text('scope', { enum: ['account', 'ip'] }).notNull(),
    key: text('key').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('auth_failures_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
