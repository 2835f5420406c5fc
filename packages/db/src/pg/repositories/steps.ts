// @generated from src/repositories/steps.ts — edit that file, then run pnpm db:generate
import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import type { StepsRepository } from '../../store';
import * as k from './kit';
import {
  activities,
  activityCompletions,
  idempotencyKeys,
  stepEvidence,
  stepTotals,
  type ActivityRow,
  type CompletionRow,
  type EvidenceRow,
} from '../schema/activities';

/** Metadata keys a reply may carry: anything else (`__proto__`, `constructor`, odd keys) is dropped. */
const SAFE_METADATA_KEY = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const RESERVED_METADATA_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Stored metadata as a plain object of safe keys and scalar values (rows written before validation may hold anything). */
export function sanitizeMetadata(value: unknown): Record<string, string | number | boolean | null> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const clean: Record<string, string | number | boolean | null> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    if (!SAFE_METADATA_KEY.test(key) || RESERVED_METADATA_KEYS.has(key)) continue;
    if (item === null || typeof item === 'string' || typeof item === 'boolean' || (typeof item === 'number' && Number.isFinite(item))) {
      Object.defineProperty(clean, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
  }
  return clean;
}

/** A completion row with its metadata sanitised (shared by both dialects). */
export function sanitizeRow(row: CompletionRow): CompletionRow {
  return row.metadata === null ? row : { ...row, metadata: sanitizeMetadata(row.metadata) };
}

/** Data access for the catalogue, the ledger, running totals and idempotency records. No rules here. */
export function createStepsRepository(db: k.Exec): StepsRepository {
  // Every completion and every stats answer runs these: named prepared statements (decision 039).
  /** One person's completions of one local day (`userId`, `day`), and of one activity then (`key`). */
  const ofUserAndDay = and(eq(activityCompletions.userId, sql.placeholder('userId')), eq(activityCompletions.day, sql.placeholder('day')));
  const ofUserKeyAndDay = and(ofUserAndDay, eq(activityCompletions.activityKey, sql.placeholder('key')));
  const activityByKey = k.statement(db, 'steps_activity_by_key', (x) =>
    x
      .select()
      .from(activities)
      .where(eq(activities.key, sql.placeholder('key'))),
  );
  const countsForDay = k.statement(db, 'steps_counts_for_day', (x) =>
    x
      .select({ all: count(), awarded: count(activityCompletions.awardSlot) })
      .from(activityCompletions)
      .where(ofUserKeyAndDay),
  );
  /**
   * Awards that count against the limit of `key` now: the local day's (in the same timezone), plus every
   * award of the last 24 hours made under another timezone (so a timezone change never reopens a day).
   */
  const awardedForLimit = k.statement(db, 'steps_awarded_for_limit', (x) =>
    x
      .select({ awarded: count() })
      .from(activityCompletions)
      .where(
        and(
          eq(activityCompletions.userId, sql.placeholder('userId')),
          eq(activityCompletions.activityKey, sql.placeholder('key')),
          isNotNull(activityCompletions.awardSlot),
          or(
            and(
              eq(activityCompletions.day, sql.placeholder('day')),
              or(isNull(activityCompletions.timezone), eq(activityCompletions.timezone, sql.placeholder('timezone'))),
            ),
            and(
              gt(activityCompletions.completedAt, k.param(activityCompletions.completedAt, 'since')),
              isNotNull(activityCompletions.timezone),
              ne(activityCompletions.timezone, sql.placeholder('timezone')),
            ),
          ),
        ),
      ),
  );
  const maxSlot = k.statement(db, 'steps_max_slot', (x) =>
    x
      .select({ slot: sql<number | null>`max(${activityCompletions.awardSlot})` })
      .from(activityCompletions)
      .where(ofUserKeyAndDay),
  );
  const daySum = k.statement(db, 'steps_day_sum', (x) =>
    x
      .select({ steps: sum(activityCompletions.stepsEarned).mapWith(Number) })
      .from(activityCompletions)
      .where(ofUserAndDay),
  );
  const totalByUser = k.statement(db, 'steps_total', (x) =>
    x
      .select({ total: stepTotals.totalSteps })
      .from(stepTotals)
      .where(eq(stepTotals.userId, sql.placeholder('userId'))),
  );
  const addTotal = k.statement(db, 'steps_add_total', (x) =>
    x
      .insert(stepTotals)
      .values({ userId: sql.placeholder('userId'), totalSteps: sql.placeholder('steps') })
      .onConflictDoUpdate({
        target: stepTotals.userId,
        set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` },
      }),
  );
  const insertCompletion = k.statement(db, 'steps_insert_completion', (x) =>
    x.insert(activityCompletions).values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      activityKey: sql.placeholder('activityKey'),
      day: sql.placeholder('day'),
      completedAt: sql.placeholder('completedAt'),
      stepsEarned: sql.placeholder('stepsEarned'),
      limitReached: sql.placeholder('limitReached'),
      awardSlot: sql.placeholder('awardSlot'),
      durationMinutes: sql.placeholder('durationMinutes'),
      // Serialised by the caller (k.json) so that "no metadata" stays SQL NULL.
      metadata: sql`${sql.placeholder('metadata')}`,
      timezone: sql.placeholder('timezone'),
    }),
  );
  // The catalogue is read by every stats answer and changes only on admin edits (k.cachedRows).
  const allActivities = k.statement(db, 'steps_all_activities', (x) => x.select().from(activities).orderBy(asc(activities.key)));
  const byActivityForDay = k.statement(db, 'steps_by_activity_for_day', (x) =>
    x
      .select({
        activityKey: activityCompletions.activityKey,
        completions: count(),
        awarded: count(activityCompletions.awardSlot),
        steps: sum(activityCompletions.stepsEarned).mapWith(Number),
      })
      .from(activityCompletions)
      .where(ofUserAndDay)
      .groupBy(activityCompletions.activityKey),
  );
  const byDayAndActivityInRange = k.statement(db, 'steps_by_day_and_activity', (x) =>
    x
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
      .groupBy(activityCompletions.day, activityCompletions.activityKey),
  );
  const idempotencyByKey = k.statement(db, 'steps_idempotency_by_key', (x) =>
    x
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, sql.placeholder('userId')), eq(idempotencyKeys.key, sql.placeholder('key')))),
  );

  return {
    /** Inserts the catalogue entries that do not exist yet; existing (possibly edited) rows stay. */
    async seedCatalogue(definitions: readonly ActivityDefinition[], now: Date): Promise<number> {
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
      return (await k.rows(db.insert(activities).values(rows).onConflictDoNothing().returning({ key: activities.key }))).length;
    },
    /** The catalogue, ordered by key (read-only: shared by callers until the database changes). */
    async listActivities(): Promise<readonly ActivityRow[]> {
      return await k.cachedRows(db, allActivities(db));
    },
    async findActivity(key: string): Promise<ActivityRow | undefined> {
      return await k.first(activityByKey(db), { key });
    },

    async countsForDay(userId: string, key: string, day: string): Promise<{ all: number; awarded: number }> {
      return (await k.first(countsForDay(db), { userId, key, day })) ?? { all: 0, awarded: 0 };
    },
    /** Awards counting against `key`'s limit at `day` (see awardedForLimit): the day's and other timezones' of the last 24 h. */
    async awardedForLimit(userId: string, key: string, day: string, since: Date, timezone: string): Promise<number> {
      return (await k.first(awardedForLimit(db), { userId, key, day, since, timezone }))?.awarded ?? 0;
    },
    /** The highest award slot used at `day` for `key` (in any timezone), 0 when none. */
    async maxSlotForDay(userId: string, key: string, day: string): Promise<number> {
      return (await k.first(maxSlot(db), { userId, key, day }))?.slot ?? 0;
    },
    async insertCompletion(row: CompletionRow): Promise<void> {
      // Placeholders go through the column mappers (dates, booleans); toast_shown_at starts NULL.
      const { toastShownAt: _unset, metadata, ...rest } = row;
      await k.run(insertCompletion(db), { ...rest, metadata: k.json(metadata) });
    },
    async findCompletion(id: string): Promise<CompletionRow | undefined> {
      const row = await k.first(db.select().from(activityCompletions).where(eq(activityCompletions.id, id)));
      return row && sanitizeRow(row);
    },

    /** Records a piece of evidence (nothing when it is already recorded) and returns the stored row. */
    async recordEvidence(row: Omit<EvidenceRow, 'completionId' | 'claimedAt'>): Promise<EvidenceRow> {
      await k.run(
        db
          .insert(stepEvidence)
          .values({ ...row, completionId: null, claimedAt: null })
          .onConflictDoNothing(),
      );
      return (await k.first(
        db
          .select()
          .from(stepEvidence)
          .where(and(eq(stepEvidence.source, row.source), eq(stepEvidence.ref, row.ref))),
      )) as EvidenceRow;
    },
    /** The oldest evidence for `key` since `since` that the client has not claimed yet. */
    async claimableEvidence(userId: string, key: string, since: Date): Promise<EvidenceRow | undefined> {
      return await k.first(
        db
          .select()
          .from(stepEvidence)
          .where(and(eq(stepEvidence.userId, userId), eq(stepEvidence.activityKey, key), gte(stepEvidence.createdAt, since), isNull(stepEvidence.claimedAt)))
          .orderBy(asc(stepEvidence.createdAt))
          .limit(1),
      );
    },
    /** Links evidence to the completion it backs; false when it already backs one. */
    async useEvidence(id: string, completionId: string): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(stepEvidence)
            .set({ completionId })
            .where(and(eq(stepEvidence.id, id), isNull(stepEvidence.completionId))),
        )) > 0
      );
    },
    async claimEvidence(id: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(stepEvidence)
            .set({ claimedAt: at })
            .where(and(eq(stepEvidence.id, id), isNull(stepEvidence.claimedAt))),
        )) > 0
      );
    },
    /** Sets toast_shown_at once; returns false when it was already set (or the row is not the user's). */
    async markToastShown(userId: string, id: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(activityCompletions)
            .set({ toastShownAt: at })
            .where(and(eq(activityCompletions.id, id), eq(activityCompletions.userId, userId), isNull(activityCompletions.toastShownAt))),
        )) > 0
      );
    },

    async addToTotal(userId: string, steps: number): Promise<void> {
      await k.run(addTotal(db), { userId, steps });
    },
    async total(userId: string): Promise<number> {
      return (await k.first(totalByUser(db), { userId }))?.total ?? 0;
    },
    async daySteps(userId: string, day: string): Promise<number> {
      return (await k.first(daySum(db), { userId, day }))?.steps ?? 0;
    },
    /** Per activity for one day: completions, awarded completions and steps. */
    async dayByActivity(userId: string, day: string): Promise<Array<{ activityKey: string; completions: number; awarded: number; steps: number }>> {
      return await k.rows(byActivityForDay(db), { userId, day });
    },
    /** Per day and activity, for the days from `from` to `to` (inclusive, YYYY-MM-DD): completions and steps. */
    async rangeByActivity(userId: string, from: string, to: string): Promise<Array<{ day: string; activityKey: string; completions: number; steps: number }>> {
      return await k.rows(byDayAndActivityInRange(db), { userId, from, to });
    },
    /** The latest completions; their metadata is sanitised (no stored key can break an answer). */
    async recentCompletions(userId: string, limit: number): Promise<CompletionRow[]> {
      return (
        await k.rows(
          db.select().from(activityCompletions).where(eq(activityCompletions.userId, userId)).orderBy(desc(activityCompletions.completedAt)).limit(limit),
        )
      ).map(sanitizeRow);
    },
    async awardedCompletionCount(userId: string): Promise<number> {
      return (
        (
          await k.first(
            db
              .select({ n: count() })
              .from(activityCompletions)
              .where(and(eq(activityCompletions.userId, userId), isNotNull(activityCompletions.awardSlot))),
          )
        )?.n ?? 0
      );
    },

    async findIdempotency(userId: string, key: string) {
      return await k.first(idempotencyByKey(db), { userId, key });
    },
    async saveIdempotency(row: { userId: string; key: string; requestHash: string; response: unknown; createdAt: Date }): Promise<void> {
      await k.run(db.insert(idempotencyKeys).values(row));
    },
    async pruneIdempotency(before: Date): Promise<number> {
      return await k.changes(db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)));
    },
  };
}
