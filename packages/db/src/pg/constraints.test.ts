import { POSTGRES_SKIP_REASON, withPostgres } from '@ascenso/test-services/postgres';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PgDbHandle } from './client';
import { schema as s } from './schema';
import { createPgTestDb } from './test-db';

// Decision 023: on PostgreSQL the rules that must hold under concurrency are held by the schema's indexes at
// the default READ COMMITTED, with no SERIALIZABLE retry loop. Each attack runs 20–40 writers on their own
// connections at once against one database.

const T0 = new Date('2026-11-20T08:00:00.000Z');
const CONCURRENCY = 40;

/** The PostgreSQL error code and constraint behind a drizzle query error (node-postgres puts them on the cause). */
function pgError(error: unknown): { code?: string; constraint?: string } {
  const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
  return { code: cause.code, constraint: cause.constraint };
}

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres('PostgreSQL constraints under concurrency'), () => {
  let handle: PgDbHandle;
  beforeAll(async () => {
    handle = await createPgTestDb({ sharedUrl: inject('ascensoPostgresUrl'), max: CONCURRENCY });
    await handle.db.insert(s.users).values([
      { id: 'u1', email: 'a@example.com', passwordHash: 'h', firstName: 'A', createdAt: T0, updatedAt: T0 },
      { id: 'u2', email: 'b@example.com', passwordHash: 'h', firstName: 'B', createdAt: T0, updatedAt: T0 },
    ]);
    await handle.db.insert(s.activities).values({ key: 'journaling', name: 'Diario', baseSteps: 300, dailyLimit: 1, icon: 'b', updatedAt: T0 });
  }, 60_000);
  afterAll(async () => {
    await handle?.close();
  });

  it('one running practice per user: 40 concurrent starts, exactly one row, the others refused by practice_sessions_one_running_uq', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: CONCURRENCY }, (_, i) =>
        handle.db.insert(s.practiceSessions).values({ id: `p${i}`, userId: 'u1', kind: 'breathing', ref: 'r', plannedSeconds: 60, startedAt: T0 }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
      expect(pgError(r.reason)).toEqual({ code: '23505', constraint: 'practice_sessions_one_running_uq' });
    }
    // Finished or abandoned practices do not count: another one can start.
    await handle.db.update(s.practiceSessions).set({ completedAt: T0 }).where(eq(s.practiceSessions.userId, 'u1'));
    await handle.db.insert(s.practiceSessions).values({ id: 'p-next', userId: 'u1', kind: 'fitness', ref: 'r', plannedSeconds: 60, startedAt: T0 });
  });

  it('a daily limit of 1: 40 concurrent completions (read the slot, insert with it) award exactly once', async () => {
    const complete = async (i: number) =>
      handle.db.transaction(async (tx) => {
        const [{ awarded } = { awarded: 0 }] = await tx
          .select({ awarded: sql<number>`count(*)::int` })
          .from(s.activityCompletions)
          .where(
            and(
              eq(s.activityCompletions.userId, 'u2'),
              eq(s.activityCompletions.activityKey, 'journaling'),
              eq(s.activityCompletions.day, '2026-11-20'),
              isNotNull(s.activityCompletions.awardSlot),
            ),
          );
        const row = { userId: 'u2', activityKey: 'journaling', day: '2026-11-20', completedAt: T0 };
        if (awarded >= 1) {
          await tx.insert(s.activityCompletions).values({ ...row, id: `c${i}`, stepsEarned: 0, limitReached: true, awardSlot: null });
          return 'limit';
        }
        // The slot is taken by whoever commits first; a racing writer's insert fails on the unique index. A savepoint
        // keeps the transaction usable, and the completion is recorded without steps (no retry of the whole call).
        try {
          await tx.transaction(async (savepoint) => {
            await savepoint.insert(s.activityCompletions).values({ ...row, id: `c${i}`, stepsEarned: 300, limitReached: false, awardSlot: awarded + 1 });
          });
          return 'awarded';
        } catch (error) {
          expect(pgError(error)).toEqual({ code: '23505', constraint: 'activity_completions_award_slot_uq' });
          await tx.insert(s.activityCompletions).values({ ...row, id: `c${i}`, stepsEarned: 0, limitReached: true, awardSlot: null });
          return 'raced';
        }
      });
    const outcomes = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => complete(i)));
    expect(outcomes.filter((o) => o === 'awarded')).toHaveLength(1);
    const rows = await handle.db.select().from(s.activityCompletions).where(eq(s.activityCompletions.userId, 'u2'));
    expect(rows).toHaveLength(CONCURRENCY);
    expect(rows.filter((r) => r.awardSlot !== null).map((r) => [r.awardSlot, r.stepsEarned])).toEqual([[1, 300]]);
  });

  it('a counter with a limit: 40 concurrent conditional upserts (ON CONFLICT … DO UPDATE … WHERE n < 5 RETURNING) succeed exactly 5 times', async () => {
    const attempt = () =>
      handle.db
        .insert(s.aiUsage)
        .values({ userId: 'u1', day: '2026-11-20', requests: 1, inputTokens: 0, outputTokens: 0 })
        .onConflictDoUpdate({
          target: [s.aiUsage.userId, s.aiUsage.day],
          set: { requests: sql`${s.aiUsage.requests} + 1` },
          setWhere: sql`${s.aiUsage.requests} < 5`,
        })
        .returning({ requests: s.aiUsage.requests });
    const results = await Promise.all(Array.from({ length: CONCURRENCY }, attempt));
    const granted = results.filter((rows) => rows.length === 1).map((rows) => rows[0]!.requests);
    expect(granted.sort()).toEqual([1, 2, 3, 4, 5]);
    const [row] = await handle.db
      .select()
      .from(s.aiUsage)
      .where(and(eq(s.aiUsage.userId, 'u1'), eq(s.aiUsage.day, '2026-11-20')));
    expect(row?.requests).toBe(5);
  });

  it('evidence backs one completion: 20 concurrent claims of one piece, one wins (step_evidence_completion_uq, source+ref unique)', async () => {
    await handle.db
      .insert(s.stepEvidence)
      .values({ id: 'e1', userId: 'u1', activityKey: 'journaling', source: 'journal', ref: 'j1', createdAt: T0 })
      .onConflictDoNothing();
    const duplicate = await handle.db
      .insert(s.stepEvidence)
      .values({ id: 'e2', userId: 'u1', activityKey: 'journaling', source: 'journal', ref: 'j1', createdAt: T0 })
      .catch((error: unknown) => error);
    expect(pgError(duplicate)).toEqual({ code: '23505', constraint: 'step_evidence_source_ref_uq' });
    // A claim: set completion_id only while it is still NULL; READ COMMITTED re-checks the row after a wait.
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        handle.db
          .update(s.stepEvidence)
          .set({ completionId: `claim-${i}`, claimedAt: T0 })
          .where(and(eq(s.stepEvidence.id, 'e1'), sql`${s.stepEvidence.completionId} IS NULL`))
          .returning({ completionId: s.stepEvidence.completionId }),
      ),
    );
    expect(claims.flat()).toHaveLength(1);
  });

  it('deleting a user cascades to their rows and sets an admin reference to NULL (same ON DELETE as SQLite)', async () => {
    await handle.db
      .insert(s.users)
      .values({ id: 'admin', email: 'admin@example.com', passwordHash: 'h', firstName: 'Admin', role: 'admin', createdAt: T0, updatedAt: T0 });
    await handle.db.insert(s.users).values({ id: 'gone', email: 'gone@example.com', passwordHash: 'h', firstName: 'G', createdAt: T0, updatedAt: T0 });
    await handle.db.insert(s.coachNotes).values({ id: 'n1', userId: 'gone', text: 'x', createdAt: T0, updatedAt: T0 });
    await handle.db.insert(s.stepAdjustments).values({ id: 'sa1', userId: 'u1', adminId: 'admin', steps: 5, reason: 'r', day: '2026-11-20', at: T0 });
    await handle.db.delete(s.users).where(eq(s.users.id, 'gone'));
    await handle.db.delete(s.users).where(eq(s.users.id, 'admin'));
    expect(await handle.db.select().from(s.coachNotes).where(eq(s.coachNotes.userId, 'gone'))).toEqual([]);
    const [adjustment] = await handle.db.select().from(s.stepAdjustments).where(eq(s.stepAdjustments.id, 'sa1'));
    expect(adjustment?.adminId).toBeNull();
    // activity_completions.activity_key has no ON DELETE: a catalogue entry in use cannot be deleted.
    const refused = await handle.db
      .delete(s.activities)
      .where(eq(s.activities.key, 'journaling'))
      .catch((error: unknown) => error);
    expect(pgError(refused).code).toBe('23503');
  });
});
