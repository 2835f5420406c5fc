import { and, count, eq, gte, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { authFailures } from '../schema/auth-failures';

export type FailureScope = 'account' | 'ip';
export type AuthFailuresRepository = ReturnType<typeof createAuthFailuresRepository>;

export function createAuthFailuresRepository(db: Db) {
  const inWindow = db
    .select({ n: count(), oldest: min(authFailures.at) })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.scope, sql.placeholder('scope')),
        eq(authFailures.key, sql.placeholder('key')),
        gte(authFailures.at, sql.placeholder('since')),
      ),
    )
    .prepare();

  return {
    record(scope: FailureScope, key: string, at: Date): void {
      db.insert(authFailures).values({ scope, key, at }).run();
    },
    countSince(scope: FailureScope, key: string, since: Date): { count: number; oldest: Date | null } {
      const row = inWindow.get({ scope, key, since: since.getTime() });
      return { count: row?.n ?? 0, oldest: row?.oldest ?? null };
    },
    clear(scope: FailureScope, key: string): void {
      db.delete(authFailures).where(and(eq(authFailures.scope, scope), eq(authFailures.key, key))).run();
    },
    pruneBefore(before: Date): number {
      return db.delete(authFailures).where(lt(authFailures.at, before)).run().changes;
    },
  };
}
