// @generated from src/schema/activities.ts — edit that file, then run pnpm db:generate
import { sql } from 'drizzle-orm';
import { at, double, flag, index, int, json, primaryKey, table, text, uniqueIndex } from './kit';
import { idColumn, ownerColumn, users } from './users';

/** The activity catalogue: seeded from the domain constants, editable by admins. */
export const activities = table('activities', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  baseSteps: int('base_steps').notNull(),
  multiplier: double('multiplier').notNull().default(1),
  dailyLimit: int('daily_limit').notNull(),
  icon: text('icon').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The steps ledger: every completion, awarded or not. `award_slot` is the completion's position among
 * the day's awarded ones (NULL when nothing was awarded); the unique index makes a second writer that
 * raced past the limit check fail instead of over-awarding.
 */
export const activityCompletions = table(
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
    stepsEarned: int('steps_earned').notNull(),
    limitReached: flag('limit_reached').notNull(),
    awardSlot: int('award_slot'),
    durationMinutes: double('duration_minutes'),
    metadata: json('metadata').$type<Record<string, string | number | boolean | null>>(),
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
export const stepTotals = table('step_totals', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totalSteps: int('total_steps').notNull().default(0),
});

/** First answers to requests carrying an Idempotency-Key, replayed on retries (kept 24 h). */
export const idempotencyKeys = table(
  'idempotency_keys',
  {
    userId: ownerColumn(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    response: json('response').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * The evidence behind awards: one row per piece of evidence the server holds (a completed assessment,
 * a finished session, a chat that reached three messages, a journal entry of 50+ words, a finished
 * listen, a practice that lasted). Each backs at most one completion (`completion_id`, unique); the
 * client's own POST /api/activity-log may claim it once (`claimed_at`).
 */
export const stepEvidence = table(
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

export type EvidenceRow = typeof stepEvidence.$inferSelect;
export type ActivityRow = typeof activities.$inferSelect;
export type CompletionRow = typeof activityCompletions.$inferSelect;
