import type { AttemptRule, AttemptScope } from '@ascenso/domain/login-throttle';
import { and, asc, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { AuthFailuresRepository, Reservation } from '../store';
import type { Synchronous } from './synchronous';
import { authFailures } from '../schema/auth-failures';

/**
 * Sliding-window attempt counters in SQLite. `reserve` is the atomic check-and-count: one IMMEDIATE
 * transaction (SQLite's write lock, held by one connection of one process at a time) counts every
 * rule's window and, only when all have room, records the attempt under each of them.
 */
export function createAuthFailuresRepository(db: Db): Synchronous<AuthFailuresRepository> {
  /** The attempts of one scope and key still inside the window (after `since`). */
  const inWindowOfKey = and(
    eq(authFailures.scope, sql.placeholder('scope')),
    eq(authFailures.key, sql.placeholder('key')),
    gt(authFailures.at, sql.placeholder('since')),
  );
  const inWindow = db
    .select({ n: count(), oldest: min(authFailures.at) })
    .from(authFailures)
    .where(inWindowOfKey)
    .prepare();

  // The attempt that must leave the window before there is room again: the (n - max + 1)-th oldest.
  const leaving = db
    .select({ at: authFailures.at })
    .from(authFailures)
    .where(inWindowOfKey)
    .orderBy(asc(authFailures.at))
    .limit(1)
    .offset(sql.placeholder('offset'))
    .prepare();

  return {
    /** Records one attempt under every rule when each has room; otherwise records nothing. */
    reserve(rules: readonly AttemptRule[], now: Date): Reservation {
      return db.transaction(
        (tx) => {
          let refused: { retryAt: number; scope: AttemptScope } | undefined;
          const blocked: Array<{ scope: AttemptScope; key: string; retryAt: Date }> = [];
          for (const rule of rules) {
            const since = now.getTime() - rule.windowMs;
            const n = inWindow.get({ scope: rule.scope, key: rule.key, since })?.n ?? 0;
            if (n < rule.max) continue;
            const first = leaving.get({ scope: rule.scope, key: rule.key, since, offset: n - rule.max });
            const retryAt = (first?.at.getTime() ?? now.getTime()) + rule.windowMs;
            blocked.push({ scope: rule.scope, key: rule.key, retryAt: new Date(retryAt) });
            if (!refused || retryAt > refused.retryAt) refused = { retryAt, scope: rule.scope };
          }
          if (refused) return { ok: false as const, retryAt: new Date(refused.retryAt), scope: refused.scope, blocked };
          const ids = rules.map(
            (rule) => tx.insert(authFailures).values({ scope: rule.scope, key: rule.key, at: now }).returning({ id: authFailures.id }).get().id,
          );
          return { ok: true as const, ids };
        },
        { behavior: 'immediate' },
      );
    },
    /** Gives a reservation back (the attempt turned out not to count, e.g. a correct password). */
    release(ids: readonly number[]): void {
      if (ids.length > 0)
        db.delete(authFailures)
          .where(inArray(authFailures.id, [...ids]))
          .run();
    },
    countSince(scope: AttemptScope, key: string, since: Date): { count: number; oldest: Date | null } {
      const row = inWindow.get({ scope, key, since: since.getTime() });
      return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
    clear(scope: AttemptScope, key: string): void {
      db.delete(authFailures)
        .where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)))
        .run();
    },
    pruneBefore(before: Date): number {
      return db.delete(authFailures).where(lt(authFailures.at, before)).run().changes;
    },
  };
}
