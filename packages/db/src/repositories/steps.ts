import { and, asc, count, desc, eq, gte, isNotNull, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import { cachedUntilChange } from '../change-stamp';
import type { Db } from '../client';
import {
  activities,
  activityCompletions,
  idempotencyKeys,
  stepTotals,
  type ActivityRow,
  type CompletionRow,
} from '../schema/activities';

export type StepsRepository = ReturnType<typeof createStepsRepository>;

/** Data access for the catalogue, the ledger, running totals and idempotency records. No rules here. */
export function createStepsRepository(db: Db) {
  const activityByKey = db.select().from(activities).where(eq(activities.key, sql.placeholder('key'))).prepare();
  const countsForDay = db
    .select({ all: count(), awarded: count(activityCompletions.awardSlot) })
    .from(activityCompletions)
    .where(
      and(
        eq(activityCompletions.userId, sql.placeholder('userId')),
        eq(activityCompletions.day, sql.placeholder('day')),
        eq(activityCompletions.activityKey, sql.placeholder('key')),
      ),
    )
    .prepare();
  const daySum = db
    .select({ steps: sum(activityCompletions.stepsEarned).mapWith(Number) })
    .from(activityCompletions)
    .where(and(eq(activityCompletions.userId, sql.placeholder('userId')), eq(activityCompletions.day, sql.placeholder('day'))))
    .prepare();
  const totalByUser = db.select({ total: stepTotals.totalSteps }).from(stepTotals).where(eq(stepTotals.userId, sql.placeholder('userId'))).prepare();
  const addTotal = db
    .insert(stepTotals)
    .values({ userId: sql.placeholder('userId'), totalSteps: sql.placeholder('steps') })
    .onConflictDoUpdate({ target: stepTotals.userId, set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` } })
    .prepare();
  const insertCompletion = db
    .insert(activityCompletions)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      activityKey: sql.placeholder('activityKey'),
      day: sql.placeholder('day'),
      completedAt: sql.placeholder('completedAt'),
      stepsEarned: sql.placeholder('stepsEarned'),
      limitReached: sql.placeholder('limitReached'),
      awardSlot: sql.placeholder('awardSlot'),
      durationMinutes: sql.placeholder('durationMinutes'),
      // Serialised by the caller so that "no metadata" stays SQL NULL.
      metadata: sql`${sql.placeholder('metadata')}`,
    })
    .prepare();
  const allActivities = db.select().from(activities).orderBy(asc(activities.key)).prepare();
  // The catalogue is read by every stats answer and changes only on admin edits.
  const catalogue = cachedUntilChange(db.$client, () => Object.freeze(allActivities.all().map((row) => Object.freeze(row))));
  const byActivityForDay = db
    .select({
      activityKey: activityCompletions.activityKey,
      completions: count(),
      awarded: count(activityCompletions.awardSlot),
      steps: sum(activityCompletions.stepsEarned).mapWith(Number),
    })
    .from(activityCompletions)
    .where(and(eq(activityCompletions.userId, sql.placeholder('userId')), eq(activityCompletions.day, sql.placeholder('day'))))
    .groupBy(activityCompletions.activityKey)
    .prepare();
  const byDayAndActivityInRange = db
    .select({
      day: activityCompletions.day,
      activityKey: activityCompletions.activityKey,
      completions: count(),
      steps: sum(activityCompletions.stepsEarned).mapWith(Number),
    })
    .from(activityCompletions)
    .where(
      and(
        eq(activityCompletions.userId, sql.placeholder('userId')),
        gte(activityCompletions.day, sql.placeholder('from')),
        lte(activityCompletions.day, sql.placeholder('to')),
      ),
    )
    .groupBy(activityCompletions.day, activityCompletions.activityKey)
    .prepare();
  const idempotencyByKey = db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key'))))
    .prepare();

  return {
    /** Runs `fn` in a BEGIN IMMEDIATE transaction: the write lock is taken before the first read. */
    immediate<T>(fn: () => T): T {
      return db.$client.transaction(fn).immediate();
    },

    /** Inserts the catalogue entries that do not exist yet; existing (possibly edited) rows stay. */
    seedCatalogue(definitions: readonly ActivityDefinition[], now: Date): number {
      let inserted = 0;
      for (const d of definitions) {
        inserted += db
          .insert(activities)
          .values({ key: d.key, name: d.name, baseSteps: d.baseSteps, multiplier: d.multiplier, dailyLimit: d.dailyLimit, icon: d.icon, updatedAt: now })
          .onConflictDoNothing()
          .run().changes;
      }
      return inserted;
    },
    /** The catalogue, ordered by key (read-only: shared by callers until the database changes). */
    listActivities(): readonly ActivityRow[] {
      return catalogue();
    },
    findActivity(key: string): ActivityRow | undefined {
      return activityByKey.get({ key });
    },

    countsForDay(userId: string, key: string, day: string): { all: number; awarded: number } {
      return countsForDay.get({ userId, key, day }) ?? { all: 0, awarded: 0 };
    },
    insertCompletion(row: CompletionRow): void {
      // Placeholders go through the column mappers (dates, booleans); toast_shown_at starts NULL.
      const { toastShownAt: _unset, metadata, ...rest } = row;
      insertCompletion.run({ ...rest, metadata: metadata === null ? null : JSON.stringify(metadata) });
    },
    findCompletion(id: string): CompletionRow | undefined {
      return db.select().from(activityCompletions).where(eq(activityCompletions.id, id)).get();
    },
    /** Sets toast_shown_at once; returns false when it was already set (or the row is not the user's). */
    markToastShown(userId: string, id: string, at: Date): boolean {
      return (
        db
          .update(activityCompletions)
          .set({ toastShownAt: at })
          .where(and(eq(activityCompletions.id, id), eq(activityCompletions.userId, userId), isNull(activityCompletions.toastShownAt)))
          .run().changes > 0
      );
    },

    addToTotal(userId: string, steps: number): void {
      addTotal.run({ userId, steps });
    },
    total(userId: string): number {
      return totalByUser.get({ userId })?.total ?? 0;
    },
    daySteps(userId: string, day: string): number {
      return daySum.get({ userId, day })?.steps ?? 0;
    },
    /** Per activity for one day: completions, awarded completions and steps. */
    dayByActivity(userId: string, day: string): Array<{ activityKey: string; completions: number; awarded: number; steps: number }> {
      return byActivityForDay.all({ userId, day });
    },
    /** Per day and activity, for the days from `from` to `to` (inclusive, YYYY-MM-DD): completions and steps. */
    rangeByActivity(userId: string, from: string, to: string): Array<{ day: string; activityKey: string; completions: number; steps: number }> {
      return byDayAndActivityInRange.all({ userId, from, to });
    },
    recentCompletions(userId: string, limit: number): CompletionRow[] {
      return db
        .select()
        .from(activityCompletions)
        .where(eq(activityCompletions.userId, userId))
        .orderBy(desc(activityCompletions.completedAt))
        .limit(limit)
        .all();
    },
    awardedCompletionCount(userId: string): number {
      return (
        db
          .select({ n: count() })
          .from(activityCompletions)
          .where(and(eq(activityCompletions.userId, userId), isNotNull(activityCompletions.awardSlot)))
          .get()?.n ?? 0
      );
    },

    findIdempotency(userId: string, key: string) {
      return idempotencyByKey.get({ userId, key });
    },
    saveIdempotency(row: { userId: string; key: string; requestHash: string; response: unknown; createdAt: Date }): void {
      db.insert(idempotencyKeys).values(row).run();
    },
    pruneIdempotency(before: Date): number {
      return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)).run().changes;
    },
  };
}
