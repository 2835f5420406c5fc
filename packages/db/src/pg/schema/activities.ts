import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, ownerColumn, users } from './users';

/** The activity catalogue: seeded from the domain constants, editable by admins. */
export const activities = pgTable('activities', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  baseSteps: integer('base_steps').notNull(),
  // SQLite REAL is a double: double precision keeps every value it can hold.
  multiplier: doublePrecision('multiplier').notNull().default(1),
  dailyLimit: integer('daily_limit').notNull(),
  icon: text('icon').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The steps ledger (see the SQLite file). The partial unique index on the award slot makes a second writer
 * that raced past the limit check fail instead of over-awarding, on PostgreSQL as on SQLite.
 */
export const activityCompletions = pgTable(
  'activity_completions',
  {
    id: idColumn(),
    userId: ownerColumn(),
    activityKey: text('activity_key')
      .notNull()
      .references(() => activities.key),
    /** The user's local calendar day, YYYY-MM-DD, in their timezone at completion time. */
    day: text('day').notNull(),
    completedAt: at('completed_at').notNull(),
    stepsEarned: integer('steps_earned').notNull(),
    limitReached: boolean('limit_reached').notNull(),
    awardSlot: integer('award_slot'),
    durationMinutes: doublePrecision('duration_minutes'),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean | null>>(),
    toastShownAt: at('toast_shown_at'),
    /** The IANA timezone the day was computed in (NULL for rows recorded before it was kept). */
    timezone: text('timezone'),
  },
  (t) => [
    index('activity_completions_user_day_idx').on(t.userId, t.day, t.activityKey, t.stepsEarned),
    index('activity_completions_user_time_idx').on(t.userId, t.completedAt),
    uniqueIndex('activity_completions_award_slot_uq')
      .on(t.userId, t.activityKey, t.day, t.awardSlot)
      .where(sql`award_slot IS NOT NULL`),
  ],
);

/** Running total per user, updated in the same transaction as each completion. */
export const stepTotals = pgTable('step_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalSteps: integer('total_steps').notNull().default(0),
});

/** First answers to requests carrying an Idempotency-Key, replayed on retries (kept 24 h). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerColumn(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/** The evidence behind awards: each piece backs at most one completion (see the SQLite file). */
export const stepEvidence = pgTable(
  'step_evidence',
  {
    id: idColumn(),
    userId: ownerColumn(),
    activityKey: text('activity_key').notNull(),
    source: text('source', { enum: ['assessment', 'session', 'chat', 'journal', 'listen', 'practice'] }).notNull(),
    ref: text('ref').notNull(),
    createdAt: at('created_at').notNull(),
    completionId: text('completion_id'),
    claimedAt: at('claimed_at'),
  },
  (t) => [
    uniqueIndex('step_evidence_source_ref_uq').on(t.source, t.ref),
    uniqueIndex('step_evidence_completion_uq')
      .on(t.completionId)
      .where(sql`completion_id IS NOT NULL`),
    index('step_evidence_user_activity_idx').on(t.userId, t.activityKey, t.createdAt),
  ],
);
