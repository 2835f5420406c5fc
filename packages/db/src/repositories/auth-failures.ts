import type { AttemptRule, AttemptScope } from '@ascenso/domain/login-throttle';
import { and, asc, count, eq, gt, inArray, lt, min, or, sql } from 'drizzle-orm';
import { authFailures } from '../schema/auth-failures';
import type { AuthFailuresRepository, Reservation } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/**
 * Sliding-window attempt counters (decision 012). `reserve` is the atomic check-and-count: one `k.atomic`
 * transaction, serialised on every rule's key (decision 039: the write lock, or one advisory lock per key
 * taken in a fixed order so that two reservations never deadlock), counts every rule's window and, only
 * when all have room, records the attempt under each of them: one statement counts every rule's window and
 * one records every attempt, whatever the number of rules.
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
  const clearKey = k.statement(db, 'auth_failures_clear', (x) =>
    x.delete(authFailures).where(and(eq(authFailures.scope, sql.placeholder('scope')), eq(authFailures.key, sql.placeholder('key')))),
  );

  return {
    /** Records one attempt under every rule when each has room; otherwise records nothing. */
    reserve(rules: readonly AttemptRule[], now: Date): Reservation {
      const locks = rules.map((rule) => `auth:${rule.scope}:${rule.key}`);
      return k.atomic(db, locks, (tx) => {
        if (rules.length === 0) return { ok: true as const, ids: [] };
        // Every rule's window counted by one statement, and the attempts recorded by one (decision 039's addendum
        // on bench (g)'s statements): the number of statements no longer grows with the rules.
        const windows = rules.map((rule) =>
          and(eq(authFailures.scope, rule.scope), eq(authFailures.key, rule.key), gt(authFailures.at, new Date(now.getTime() - rule.windowMs))),
        );
        const counted = k.first(
          tx
            .select(Object.fromEntries(windows.map((window, i) => [`n${i}`, count(sql`case when ${window} then 1 end`)])))
            .from(authFailures)
            .where(or(...windows)),
        );
        let refused: { retryAt: number; scope: AttemptScope } | undefined;
        const blocked: Array<{ scope: AttemptScope; key: string; retryAt: Date }> = [];
        for (const [i, rule] of rules.entries()) {
          const n = counted?.[`n${i}`] ?? 0;
          if (n < rule.max) continue;
          const since = new Date(now.getTime() - rule.windowMs);
          const first = k.first(leaving(tx), { scope: rule.scope, key: rule.key, since, offset: n - rule.max });
          const retryAt = (first?.at.getTime() ?? now.getTime()) + rule.windowMs;
          blocked.push({ scope: rule.scope, key: rule.key, retryAt: new Date(retryAt) });
          if (!refused || retryAt > refused.retryAt) refused = { retryAt, scope: rule.scope };
        }
        if (refused) return { ok: false as const, retryAt: new Date(refused.retryAt), scope: refused.scope, blocked };
        // One row per rule; ids[i] is rules[i]'s attempt (matched on scope and key, the smaller id first).
        const recorded = k
          .rows(
            tx
              .insert(authFailures)
              .values(rules.map((rule) => ({ scope: rule.scope, key: rule.key, at: now })))
              .returning({ id: authFailures.id, scope: authFailures.scope, key: authFailures.key }),
          )
          .sort((a, b) => a.id - b.id);
        const ids = rules.map((rule) => {
          const at = recorded.findIndex((row) => row.scope === rule.scope && row.key === rule.key);
          return (recorded.splice(at, 1)[0] as { id: number }).id;
        });
        return { ok: true as const, ids };
      });
    },
    /** Gives a reservation back (the attempt turned out not to count, e.g. a correct password), and forgets `clear`'s attempts in the same statement. */
    release(ids: readonly number[], clear?: { scope: AttemptScope; key: string }): void {
      const ofKey = clear && and(eq(authFailures.scope, clear.scope), eq(authFailures.key, clear.key));
      if (ids.length > 0 || ofKey) k.run(db.delete(authFailures).where(or(ids.length > 0 ? inArray(authFailures.id, [...ids]) : undefined, ofKey)));
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
