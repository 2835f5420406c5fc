import type { AttemptScope } from '@ascenso/domain/login-throttle';
import { at, index, serial, table, text } from './kit';

/**
 * Counted password attempts (sign-ins, registrations, current-password checks), one row per limit
 * an attempt was reserved against; `scope` names the limit and `key` what it counts (an address, an
 * account, a pair, a user id). The table keeps its first name: rows are reservations now, and a
 * successful sign-in deletes its own.
 */
export const authFailures = table(
  'auth_failures',
  {
    id: serial('id'),
    scope: text('scope').$type<AttemptScope>().notNull(),
    key: text('key').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('auth_failures_scope_key_at_idx').on(t.scope, t.key, t.at)],
);
