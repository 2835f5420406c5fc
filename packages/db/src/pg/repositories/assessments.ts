// @generated from src/repositories/assessments.ts — edit that file, then run pnpm db:generate
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { assessmentProgress, assessments, type AssessmentRow, type ProgressRow } from '../schema/assessments';
import type { AssessmentsRepository } from '../../store';
import * as k from './kit';

export function createAssessmentsRepository(db: k.Exec): AssessmentsRepository {
  const latest = k.statement(db, 'assessments_latest', (x) =>
    x
      .select()
      .from(assessments)
      .where(eq(assessments.userId, sql.placeholder('userId')))
      .orderBy(desc(assessments.createdAt))
      .limit(1),
  );
  return {
    async latest(userId: string): Promise<AssessmentRow | undefined> {
      return await k.first(latest(db), { userId });
    },
    async history(userId: string, limit?: number): Promise<AssessmentRow[]> {
      const newestFirst = db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt));
      return await k.rows(limit === undefined ? newestFirst : newestFirst.limit(limit));
    },
    async insert(row: AssessmentRow): Promise<void> {
      await k.run(db.insert(assessments).values(row));
    },
    async markResultsOpened(userId: string, id: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(assessments)
            .set({ resultsOpenedAt: at })
            .where(and(eq(assessments.id, id), eq(assessments.userId, userId), isNull(assessments.resultsOpenedAt))),
        )) > 0
      );
    },
    async progress(userId: string): Promise<ProgressRow | undefined> {
      return await k.first(db.select().from(assessmentProgress).where(eq(assessmentProgress.userId, userId)));
    },
    async saveProgress(row: ProgressRow): Promise<void> {
      await k.run(
        db
          .insert(assessmentProgress)
          .values(row)
          .onConflictDoUpdate({
            target: assessmentProgress.userId,
            set: {
              currentSection: row.currentSection,
              responses: row.responses,
              completedSections: row.completedSections,
              lastSavedAt: row.lastSavedAt,
            },
          }),
      );
    },
    async deleteProgress(userId: string): Promise<void> {
      await k.run(db.delete(assessmentProgress).where(eq(assessmentProgress.userId, userId)));
    },
  };
}
