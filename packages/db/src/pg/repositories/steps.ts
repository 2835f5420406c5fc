import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { StepsRepository } from '../../store';
import { sanitizeRow } from '../../repositories/steps';
import type { EvidenceRow } from '../../schema/activities';
import { activities, activityCompletions, idempotencyKeys, stepEvidence, stepTotals } from '../schema/activities';
import { changed, type PgExec } from './exec';

/** The catalogue, the ledger, running totals and idempotency records on PostgreSQL (the SQLite repository's twin). No rules here. */
export function createPgStepsRepository(db: PgExec): StepsRepository {
  const ofUserKeyAndDay = (userId: string, key: string, day: string) =>
    and(eq(activityCompletions.userId, userId), eq(activityCompletions.day, day), eq(activityCompletions.activityKey, key));

  return {
    async seedCatalogue(definitions, now) {
      if (definitions.length === 0) return 0;
      const rows = definitions.map((d) => ({
        key: d.key,
        name: d.name,
        baseSteps: d.baseSteps,
        multiplier: d.multiplier,
        dailyLimit: d.dailyLimit,
        icon: d.icon,
        updatedAt: now,
      }));
      return (await db.insert(activities).values(rows).onConflictDoNothing().returning({ key: activities.key })).length;
    },
    /** Read each time: several instances may edit the catalogue (no process-local cache to invalidate). */
    async listActivities() {
      return Object.freeze((await db.select().from(activities).orderBy(asc(activities.key))).map((row) => Object.freeze(row)));
    },
    async findActivity(key) {
      return (await db.select().from(activities).where(eq(activities.key, key)))[0];
    },

    async countsForDay(userId, key, day) {
      const [row] = await db
        .select({ all: count(), awarded: count(activityCompletions.awardSlot) })
        .from(activityCompletions)
        .where(ofUserKeyAndDay(userId, key, day));
      return row ?? { all: 0, awarded: 0 };
    },
    async awardedForLimit(userId, key, day, since, timezone) {
      const [row] = await db
        .select({ awarded: count() })
        .from(activityCompletions)
        .where(
          and(
            eq(activityCompletions.userId, userId),
            eq(activityCompletions.activityKey, key),
            isNotNull(activityCompletions.awardSlot),
            or(
              and(eq(activityCompletions.day, day), or(isNull(activityCompletions.timezone), eq(activityCompletions.timezone, timezone))),
              and(gt(activityCompletions.completedAt, since), isNotNull(activityCompletions.timezone), ne(activityCompletions.timezone, timezone)),
            ),
          ),
        );
      return row?.awarded ?? 0;
    },
    async maxSlotForDay(userId, key, day) {
      const [row] = await db
        .select({ slot: sql<number | null>`max(${activityCompletions.awardSlot})` })
        .from(activityCompletions)
        .where(ofUserKeyAndDay(userId, key, day));
      return row?.slot ?? 0;
    },
    async insertCompletion(row) {
      // toast_shown_at starts NULL; a null metadata is SQL NULL (not JSON null).
      const { toastShownAt: _unset, ...rest } = row;
      await db.insert(activityCompletions).values(rest);
    },
    async findCompletion(id) {
      const [row] = await db.select().from(activityCompletions).where(eq(activityCompletions.id, id));
      return row && sanitizeRow(row);
    },

    async recordEvidence(row) {
      await db
        .insert(stepEvidence)
        .values({ ...row, completionId: null, claimedAt: null })
        .onConflictDoNothing();
      const [stored] = await db
        .select()
        .from(stepEvidence)
        .where(and(eq(stepEvidence.source, row.source), eq(stepEvidence.ref, row.ref)));
      return stored as EvidenceRow;
    },
    async claimableEvidence(userId, key, since) {
      const [row] = await db
        .select()
        .from(stepEvidence)
        .where(and(eq(stepEvidence.userId, userId), eq(stepEvidence.activityKey, key), gte(stepEvidence.createdAt, since), isNull(stepEvidence.claimedAt)))
        .orderBy(asc(stepEvidence.createdAt))
        .limit(1);
      return row;
    },
    async useEvidence(id, completionId) {
      return (
        changed(
          await db
            .update(stepEvidence)
            .set({ completionId })
            .where(and(eq(stepEvidence.id, id), isNull(stepEvidence.completionId))),
        ) > 0
      );
    },
    async claimEvidence(id, at) {
      return (
        changed(
          await db
            .update(stepEvidence)
            .set({ claimedAt: at })
            .where(and(eq(stepEvidence.id, id), isNull(stepEvidence.claimedAt))),
        ) > 0
      );
    },
    async markToastShown(userId, id, at) {
      const where = and(eq(activityCompletions.id, id), eq(activityCompletions.userId, userId), isNull(activityCompletions.toastShownAt));
      return changed(await db.update(activityCompletions).set({ toastShownAt: at }).where(where)) > 0;
    },

    async addToTotal(userId, steps) {
      await db
        .insert(stepTotals)
        .values({ userId, totalSteps: steps })
        .onConflictDoUpdate({ target: stepTotals.userId, set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` } });
    },
    async total(userId) {
      return (await db.select({ total: stepTotals.totalSteps }).from(stepTotals).where(eq(stepTotals.userId, userId)))[0]?.total ?? 0;
    },
    async daySteps(userId, day) {
      const [row] = await db
        .select({ steps: sum(activityCompletions.stepsEarned).mapWith(Number) })
        .from(activityCompletions)
        .where(and(eq(activityCompletions.userId, userId), eq(activityCompletions.day, day)));
      return row?.steps ?? 0;
    },
    async dayByActivity(userId, day) {
      return db
        .select({
          activityKey: activityCompletions.activityKey,
          completions: count(),
          awarded: count(activityCompletions.awardSlot),
          steps: sum(activityCompletions.stepsEarned).mapWith(Number),
        })
        .from(activityCompletions)
        .where(and(eq(activityCompletions.userId, userId), eq(activityCompletions.day, day)))
        .groupBy(activityCompletions.activityKey);
    },
    async rangeByActivity(userId, from, to) {
      return db
        .select({
          day: activityCompletions.day,
          activityKey: activityCompletions.activityKey,
          completions: count(),
          steps: sum(activityCompletions.stepsEarned).mapWith(Number),
        })
        .from(activityCompletions)
        .where(and(eq(activityCompletions.userId, userId), gte(activityCompletions.day, from), lte(activityCompletions.day, to)))
        .groupBy(activityCompletions.day, activityCompletions.activityKey);
    },
    async recentCompletions(userId, limit) {
      const rows = await db
        .select()
        .from(activityCompletions)
        .where(eq(activityCompletions.userId, userId))
        .orderBy(desc(activityCompletions.completedAt))
        .limit(limit);
      return rows.map(sanitizeRow);
    },
    async awardedCompletionCount(userId) {
      const [row] = await db
        .select({ n: count() })
        .from(activityCompletions)
        .where(and(eq(activityCompletions.userId, userId), isNotNull(activityCompletions.awardSlot)));
      return row?.n ?? 0;
    },

    async findIdempotency(userId, key) {
      return (
        await db
          .select()
          .from(idempotencyKeys)
          .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      )[0];
    },
    async saveIdempotency(row) {
      await db.insert(idempotencyKeys).values(row);
    },
    async pruneIdempotency(before) {
      return changed(await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)));
    },
  };
}
