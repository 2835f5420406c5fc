import type { PartialResponses } from '@ascenso/domain/assessment';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn, ownerColumn, users } from './users';

/** Completed assessments; every completion is kept (history), the latest is the current one. */
export const assessments = sqliteTable(
  'assessments',
  {
    id: idColumn(),
    userId: ownerColumn(),
    version: text('version').notNull(),
    responses: text('responses', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** When the person first opened this assessment's results (/assessment/results); null until then (Home says they are ready). */
    resultsOpenedAt: integer('results_opened_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('assessments_user_created_idx').on(t.userId, t.createdAt)],
);

/** The autosaved wizard state: one row per user while an assessment is in progress. */
export const assessmentProgress = sqliteTable('assessment_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentSection: integer('current_section').notNull(),
  responses: text('responses', { mode: 'json' }).notNull().$type<PartialResponses>(),
  completedSections: text('completed_sections', { mode: 'json' }).notNull().$type<number[]>(),
  lastSavedAt: integer('last_saved_at', { mode: 'timestamp_ms' }).notNull(),
});

export type AssessmentRow = typeof assessments.$inferSelect;
export type ProgressRow = typeof assessmentProgress.$inferSelect;
