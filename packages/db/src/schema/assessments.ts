import type { PartialResponses } from '@ascenso/domain/assessment';
import { at, index, int, json, table, text } from './kit';
import { idColumn, ownerColumn, users } from './users';

/** Completed assessments; every completion is kept (history), the latest is the current one. */
export const assessments = table(
  'assessments',
  {
    id: idColumn(),
    userId: ownerColumn(),
    version: text('version').notNull(),
    responses: json('responses').notNull().$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    /** When the person first opened this assessment's results (/assessment/results); null until then (Home says they are ready). */
    resultsOpenedAt: at('results_opened_at'),
  },
  (t) => [index('assessments_user_created_idx').on(t.userId, t.createdAt)],
);

/** The autosaved wizard state: one row per user while an assessment is in progress. */
export const assessmentProgress = table('assessment_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentSection: int('current_section').notNull(),
  responses: json('responses').notNull().$type<PartialResponses>(),
  completedSections: json('completed_sections').notNull().$type<number[]>(),
  lastSavedAt: at('last_saved_at').notNull(),
});

export type AssessmentRow = typeof assessments.$inferSelect;
export type ProgressRow = typeof assessmentProgress.$inferSelect;
