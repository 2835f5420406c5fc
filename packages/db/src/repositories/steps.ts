import { and, asc, count, desc, eq, gt, gte, isNotNull, isNull, lt, lte, or, sql, sum } from 'drizzle-orm';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import type { StepsRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';
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
import { users } from '../schema/users';

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

/** One activity's figures for one day: completions, the awarded ones, steps earned. */
type DayRow = { activityKey: string; completions: number; awarded: number; steps: number };

/** Data access for the catalogue, the ledger, running totals and idempotency records. No rules here. */
export function createStepsRepository(db: k.Exec): Synchronous<StepsRepository> {
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
   * What an award decides on, in one statement instead of five (decision 039's addendum on bench (g)): the
   * activity's catalogue row; the day's completions of it (all, awarded); the awards counting against its limit
   * now (the local day's in the same timezone, plus every award of the last 24 hours made under another timezone,
   * so a timezone change never reopens a day); the highest award slot used that day for it (any timezone); and
   * the day's steps over every activity. No row when the activity is not in the catalogue.
   */
  const ofKeyToday = sql`${activityCompletions.activityKey} = ${activities.key} and ${activityCompletions.day} = ${sql.placeholder('day')}`;
  const countsAgainstLimit = sql`${activityCompletions.activityKey} = ${activities.key} and ${activityCompletions.awardSlot} is not null and ((${
    activityCompletions.day
  } = ${sql.placeholder('day')} and (${activityCompletions.timezone} is null or ${activityCompletions.timezone} = ${sql.placeholder('timezone')})) or (${
    activityCompletions.completedAt
  } > ${k.param(activityCompletions.completedAt, 'since')} and ${activityCompletions.timezone} is not null and ${activityCompletions.timezone} <> ${sql.placeholder('timezone')}))`;
  const awardState = k.statement(db, 'steps_award_state', (x) =>
    x
      .select({
        activity: activities,
        all: sql<number>`count(case when ${ofKeyToday} then 1 end)`.mapWith(Number),
        awarded: sql<number>`count(case when ${ofKeyToday} then ${activityCompletions.awardSlot} end)`.mapWith(Number),
        forLimit: sql<number>`count(case when ${countsAgainstLimit} then 1 end)`.mapWith(Number),
        maxSlot: sql<number | null>`max(case when ${ofKeyToday} then ${activityCompletions.awardSlot} end)`.mapWith(Number),
        daySteps: sql<number | null>`sum(case when ${activityCompletions.day} = ${sql.placeholder('day')} then ${activityCompletions.stepsEarned} end)`.mapWith(
          Number,
        ),
      })
      .from(activities)
      .leftJoin(
        activityCompletions,
        and(
          eq(activityCompletions.userId, sql.placeholder('userId')),
          or(eq(activityCompletions.day, sql.placeholder('day')), gt(activityCompletions.completedAt, k.param(activityCompletions.completedAt, 'since'))),
        ),
      )
      .where(eq(activities.key, sql.placeholder('key')))
      .groupBy(activities.key),
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
      })
      .returning({ total: stepTotals.totalSteps }),
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
  // Every completion with evidence (a practice, a listen) records it and marks it used (decision 039's addendum on bench (g)'s statements).
  const insertEvidence = k.statement(db, 'steps_insert_evidence', (x) =>
    x
      .insert(stepEvidence)
      .values({
        id: sql.placeholder('id'),
        userId: sql.placeholder('userId'),
        activityKey: sql.placeholder('activityKey'),
        source: sql.placeholder('source'),
        ref: sql.placeholder('ref'),
        createdAt: sql.placeholder('createdAt'),
        completionId: null,
        claimedAt: null,
      })
      .onConflictDoNothing()
      .returning(),
  );
  const useUnusedEvidence = k.statement(db, 'steps_use_evidence', (x) =>
    x
      .update(stepEvidence)
      .set({ completionId: sql`${sql.placeholder('completionId')}` })
      .where(and(eq(stepEvidence.id, sql.placeholder('id')), isNull(stepEvidence.completionId))),
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
  // The stats answer's running total and the day's rows per activity, in one statement instead of two: from the
  // user's row, so that a user without a total or without completions still gets one row. With the catalogue's
  // stamp (k.tableStamp), so that the catalogue itself comes from k.cachedRows without a round trip of its own
  // while its copy is still the table (the kits say how each dialect keeps it).
  const dayWithTotal = k.statement(db, 'steps_day_with_total', (x) =>
    x
      .select({
        total: stepTotals.totalSteps,
        activityKey: activityCompletions.activityKey,
        completions: count(activityCompletions.id),
        awarded: count(activityCompletions.awardSlot),
        steps: sum(activityCompletions.stepsEarned).mapWith(Number),
        catalogueStamp: k.tableStamp(activities),
      })
      .from(users)
      .leftJoin(stepTotals, eq(stepTotals.userId, users.id))
      .leftJoin(activityCompletions, and(eq(activityCompletions.userId, users.id), eq(activityCompletions.day, sql.placeholder('day'))))
      .where(eq(users.id, sql.placeholder('userId')))
      .groupBy(stepTotals.totalSteps, activityCompletions.activityKey),
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
    seedCatalogue(definitions: readonly ActivityDefinition[], now: Date): number {
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
      return k.rows(db.insert(activities).values(rows).onConflictDoNothing().returning({ key: activities.key })).length;
    },
    /** The catalogue, ordered by key (read-only: shared by callers until the database changes). */
    listActivities(): readonly ActivityRow[] {
      return k.cachedRows(db, allActivities(db));
    },
    findActivity(key: string): ActivityRow | undefined {
      return k.first(activityByKey(db), { key });
    },

    countsForDay(userId: string, key: string, day: string): { all: number; awarded: number } {
      return k.first(countsForDay(db), { userId, key, day }) ?? { all: 0, awarded: 0 };
    },
    /** What an award decides on (see awardState above), read in one statement; undefined for an unknown activity. */
    awardState(key, userId, day, since, timezone) {
      const row = k.first(awardState(db), { key, userId, day, since, timezone });
      return (
        row && { activity: row.activity, all: row.all, awarded: row.awarded, forLimit: row.forLimit, maxSlot: row.maxSlot ?? 0, daySteps: row.daySteps ?? 0 }
      );
    },
    insertCompletion(row: CompletionRow): void {
      // Placeholders go through the column mappers (dates, booleans); toast_shown_at starts NULL.
      const { toastShownAt: _unset, metadata, ...rest } = row;
      k.run(insertCompletion(db), { ...rest, metadata: k.json(metadata) });
    },
    findCompletion(id: string): CompletionRow | undefined {
      const row = k.first(db.select().from(activityCompletions).where(eq(activityCompletions.id, id)));
      return row && sanitizeRow(row);
    },

    /** Records a piece of evidence (nothing when it is already recorded) and returns the stored row. */
    recordEvidence(row: Omit<EvidenceRow, 'completionId' | 'claimedAt'>): EvidenceRow {
      // New evidence comes back from the insert itself; only evidence already recorded is read again.
      const inserted = k.first(insertEvidence(db), {
        id: row.id,
        userId: row.userId,
        activityKey: row.activityKey,
        source: row.source,
        ref: row.ref,
        createdAt: row.createdAt,
      });
      if (inserted) return inserted;
      return k.first(
        db
          .select()
          .from(stepEvidence)
          .where(and(eq(stepEvidence.source, row.source), eq(stepEvidence.ref, row.ref))),
      ) as EvidenceRow;
    },
    /** The oldest evidence for `key` since `since` that the client has not claimed yet. */
    claimableEvidence(userId: string, key: string, since: Date): EvidenceRow | undefined {
      return k.first(
        db
          .select()
          .from(stepEvidence)
          .where(and(eq(stepEvidence.userId, userId), eq(stepEvidence.activityKey, key), gte(stepEvidence.createdAt, since), isNull(stepEvidence.claimedAt)))
          .orderBy(asc(stepEvidence.createdAt))
          .limit(1),
      );
    },
    /** Links evidence to the completion it backs; false when it already backs one. */
    useEvidence(id: string, completionId: string): boolean {
      return k.changes(useUnusedEvidence(db), { id, completionId }) > 0;
    },
    claimEvidence(id: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(stepEvidence)
            .set({ claimedAt: at })
            .where(and(eq(stepEvidence.id, id), isNull(stepEvidence.claimedAt))),
        ) > 0
      );
    },
    /** Sets toast_shown_at once; returns false when it was already set (or the row is not the user's). */
    markToastShown(userId: string, id: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(activityCompletions)
            .set({ toastShownAt: at })
            .where(and(eq(activityCompletions.id, id), eq(activityCompletions.userId, userId), isNull(activityCompletions.toastShownAt))),
        ) > 0
      );
    },

    /** Adds to the running total; returns the new total. */
    addToTotal(userId: string, steps: number): number {
      return k.first(addTotal(db), { userId, steps })?.total ?? 0;
    },
    total(userId: string): number {
      return k.first(totalByUser(db), { userId })?.total ?? 0;
    },
    daySteps(userId: string, day: string): number {
      return k.first(daySum(db), { userId, day })?.steps ?? 0;
    },
    /** The running total, the day's rows per activity (as `total` and `dayByActivity`) and the catalogue, read together. */
    dayStats(userId: string, day: string): { total: number; rows: DayRow[]; catalogue: readonly ActivityRow[] } {
      const found = k.rows(dayWithTotal(db), { userId, day });
      const rows: DayRow[] = [];
      for (const { activityKey, completions, awarded, steps } of found)
        if (activityKey !== null) rows.push({ activityKey, completions, awarded, steps: steps ?? 0 });
      return { total: found[0]?.total ?? 0, rows, catalogue: k.cachedRows(db, allActivities(db), found[0]?.catalogueStamp) };
    },
    /** Per activity for one day: completions, awarded completions and steps. */
    dayByActivity(userId: string, day: string): Array<{ activityKey: string; completions: number; awarded: number; steps: number }> {
      return k.rows(byActivityForDay(db), { userId, day });
    },
    /** Per day and activity, for the days from `from` to `to` (inclusive, YYYY-MM-DD): completions and steps. */
    rangeByActivity(userId: string, from: string, to: string): Array<{ day: string; activityKey: string; completions: number; steps: number }> {
      return k.rows(byDayAndActivityInRange(db), { userId, from, to });
    },
    /** The latest completions; their metadata is sanitised (no stored key can break an answer). */
    recentCompletions(userId: string, limit: number): CompletionRow[] {
      return k
        .rows(db.select().from(activityCompletions).where(eq(activityCompletions.userId, userId)).orderBy(desc(activityCompletions.completedAt)).limit(limit))
        .map(sanitizeRow);
    },
    awardedCompletionCount(userId: string): number {
      return (
        k.first(
          db
            .select({ n: count() })
            .from(activityCompletions)
            .where(and(eq(activityCompletions.userId, userId), isNotNull(activityCompletions.awardSlot))),
        )?.n ?? 0
      );
    },

    findIdempotency(userId: string, key: string) {
      return k.first(idempotencyByKey(db), { userId, key });
    },
    saveIdempotency(row: { userId: string; key: string; requestHash: string; response: unknown; createdAt: Date }): void {
      k.run(db.insert(idempotencyKeys).values(row));
    },
    pruneIdempotency(before: Date): number {
      return k.changes(db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before)));
    },
  };
}
