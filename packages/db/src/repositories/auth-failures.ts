import type { AttemptRule, AttemptScope } from '@ascenso/domain/login-throttle';
import { and, asc, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import { authFailures } from '../schema/auth-failures';
import type { AuthFailuresRepository, Reservation } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/**
 * Sliding-window attempt counters (decision 012). `reserve` is the atomic check-and-count: one `k.atomic`
 * transaction, serialised on every rule's key (decision 039: the write lock, or one advisory lock per key
 * taken in a fixed order so that two reservations never deadlock), counts every rule's window and, only
 * when all have room, records the attempt under each of them. The sign-in path runs these statements on
 * every attempt: they are named prepared statements.
 */
export function createAuthFailuresRepository(db: k.Exec): Synchronous<AuthFailuresRepository> {
  /** The attempts of one scope and key still inside the window (after `since`). */
  const inWindowOfKey = and(
    eq(authFailures.scope, sql.placeholder('scope')),
    eq(authFailures.key, sql.placeholder('key')),
    gt(authFailures.at, k.param(authFailures.at, 'since')),
  );
  const inWindow = k.statement(db, 'auth_failures_in_window', (x) =>
    x
      .select({ n: count(), oldest: min(authFailures.at) })
      .from(authFailures)
      .where(inWindowOfKey),
  );
  // The attempt that must leave the window before there is room again: the (n - max + 1)-th oldest.
  const leaving = k.statement(db, 'auth_failures_leaving', (x) =>
    x.select({ at: authFailures.at }).from(authFailures).where(inWindowOfKey).orderBy(asc(authFailures.at)).limit(1).offset(sql.placeholder('offset')),
  );
  const record = k.statement(db, 'auth_failures_record', (x) =>
    x
      .insert(authFailures)
      .values({ scope: sql.placeholder('scope'), key: sql.placeholder('key'), at: sql.placeholder('at') })
      .returning({ id: authFailures.id }),
  );
  const clearKey = k.statement(db, 'auth_failures_clear', (x) =>
    x.delete(authFailures).where(and(eq(authFailures.scope, sql.placeholder('scope')), eq(authFailures.key, sql.placeholder('key')))),
  );

  return {
    /** Records one attempt under every rule when each has room; otherwise records nothing. */
    reserve(rules: readonly AttemptRule[], now: Date): Reservation {
      const locks = rules.map((rule) => `auth:${rule.scope}:${rule.key}`);
      return k.atomic(db, locks, (tx) => {
        let refused: { retryAt: number; scope: AttemptScope } | undefined;
        const blocked: Array<{ scope: AttemptScope; key: string; retryAt: Date }> = [];
        for (const rule of rules) {
          const since = new Date(now.getTime() - rule.windowMs);
          const n = k.first(inWindow(tx), { scope: rule.scope, key: rule.key, since })?.n ?? 0;
          if (n < rule.max) continue;
          const first = k.first(leaving(tx), { scope: rule.scope, key: rule.key, since, offset: n - rule.max });
          const retryAt = (first?.at.getTime() ?? now.getTime()) + rule.windowMs;
          blocked.push({ scope: rule.scope, key: rule.key, retryAt: new Date(retryAt) });
          if (!refused || retryAt > refused.retryAt) refused = { retryAt, scope: rule.scope };
        }
        if (refused) return { ok: false as const, retryAt: new Date(refused.retryAt), scope: refused.scope, blocked };
        // One row per rule, in the rules' order: ids[i] is rules[i]'s attempt.
        const ids: number[] = [];
        for (const rule of rules) {
          for (const row of k.rows(record(tx), { scope: rule.scope, key: rule.key, at: now })) ids.push(row.id);
        }
        return { ok: true as const, ids };
      });
    },
    /** Gives a reservation back (the attempt turned out not to count, e.g. a correct password). */
    release(ids: readonly number[]): void {
      if (ids.length > 0) k.run(db.delete(authFailures).where(inArray(authFailures.id, [...ids])));
    },
    countSince(scope: AttemptScope, key: string, since: Date): { count: number; oldest: Date | null } {
      const row = k.first(inWindow(db), { scope, key, since });
      return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
    clear(scope: AttemptScope, key: string): void {
      k.run(clearKey(db), { scope, key });
    },
    pruneBefore(before: Date): number {
      return k.changes(db.delete(authFailures).where(lt(authFailures.at, before)));
    },
  };
}
