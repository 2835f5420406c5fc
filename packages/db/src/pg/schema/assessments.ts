import type { PartialResponses } from '@ascenso/domain/assessment';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { at, idColumn, ownerColumn, users } from './users';

/** Completed assessments; every completion is kept (history), the latest is the current one. */
export const assessments = pgTable(
  'assessments',
  {
    id: idColumn(),
    userId: ownerColumn(),
    version: text('version').notNull(),
    responses: jsonb('responses').notNull().$type<Record<string, unknown>>(),
    createdAt: at('created_at').notNull(),
    /** When the person first opened this assessment's results (/assessment/results); null until then (Home says they are ready). */
    resultsOpenedAt: at('results_opened_at'),
  },
  (t) => [index('assessments_user_created_idx').on(t.userId, t.createdAt)],
);

/** The autosaved wizard state: one row per user while an assessment is in progress. */
export const assessmentProgress = pgTable('assessment_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  currentSection: integer('current_section').notNull(),
  responses: jsonb('responses').notNull().$type<PartialResponses>(),
  completedSections: jsonb('completed_sections').notNull().$type<number[]>(),
  lastSavedAt: at('last_saved_at').notNull(),
});
