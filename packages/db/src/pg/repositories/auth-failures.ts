import type { AttemptScope } from '@ascenso/domain/login-throttle';
import { and, asc, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { AuthFailuresRepository, Reservation } from '../../store';
import { authFailures } from '../schema/auth-failures';
import { changed, type PgExec } from './exec';

/**
 * Sliding-window attempt counters on PostgreSQL. `reserve` is the atomic check-and-count: one transaction
 * (a savepoint inside a Store transaction) that first takes a transaction-scoped advisory lock per rule
 * key (in a fixed order, so two reservations never deadlock), so that concurrent reservations of the same
 * key, from any instance, count one after another; then it counts and inserts as the SQLite one does.
 */
export function createPgAuthFailuresRepository(db: PgExec): AuthFailuresRepository {
  const inWindowOf = (scope: AttemptScope, key: string, since: Date) =>
    and(eq(authFailures.scope, scope), eq(authFailures.key, key), gt(authFailures.at, since));

  async function inWindow(exec: PgExec, scope: AttemptScope, key: string, since: Date) {
    return (
      await exec
        .select({ n: count(), oldest: min(authFailures.at) })
        .from(authFailures)
        .where(inWindowOf(scope, key, since))
    )[0];
  }

  return {
    async reserve(rules, now): Promise<Reservation> {
      return db.transaction(async (tx) => {
        const lockKeys = [...new Set(rules.map((rule) => `auth:${rule.scope}:${rule.key}`))].sort();
        for (const key of lockKeys) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
        let refused: { retryAt: number; scope: AttemptScope } | undefined;
        const blocked: Array<{ scope: AttemptScope; key: string; retryAt: Date }> = [];
        for (const rule of rules) {
          const since = new Date(now.getTime() - rule.windowMs);
          const n = (await inWindow(tx, rule.scope, rule.key, since))?.n ?? 0;
          if (n < rule.max) continue;
          // The attempt that must leave the window before there is room again: the (n - max + 1)-th oldest.
          const first = (
            await tx
              .select({ at: authFailures.at })
              .from(authFailures)
              .where(inWindowOf(rule.scope, rule.key, since))
              .orderBy(asc(authFailures.at))
              .limit(1)
              .offset(n - rule.max)
          )[0];
          const retryAt = (first?.at.getTime() ?? now.getTime()) + rule.windowMs;
          blocked.push({ scope: rule.scope, key: rule.key, retryAt: new Date(retryAt) });
          if (!refused || retryAt > refused.retryAt) refused = { retryAt, scope: rule.scope };
        }
        if (refused) return { ok: false as const, retryAt: new Date(refused.retryAt), scope: refused.scope, blocked };
        const ids: number[] = [];
        for (const rule of rules) {
          const [row] = await tx.insert(authFailures).values({ scope: rule.scope, key: rule.key, at: now }).returning({ id: authFailures.id });
          ids.push(row!.id);
        }
        return { ok: true as const, ids };
      });
    },
    async release(ids) {
      if (ids.length > 0) await db.delete(authFailures).where(inArray(authFailures.id, [...ids]));
    },
    async countSince(scope, key, since) {
      const row = await inWindow(db, scope, key, since);
      return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
    async clear(scope, key) {
      await db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key)));
    },
    async pruneBefore(before) {
      return changed(await db.delete(authFailures).where(lt(authFailures.at, before)));
    },
  };
}
