import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import type { AssessmentsRepository } from '../store';
import type { Synchronous } from './synchronous';
import { selectWhereEquals } from './prepared';
import { assessmentProgress, assessments, type AssessmentRow, type ProgressRow } from '../schema/assessments';

export function createAssessmentsRepository(db: Db): Synchronous<AssessmentsRepository> {
  const latestStatement = selectWhereEquals(db, assessments, assessments.userId, 'userId').orderBy(desc(assessments.createdAt)).limit(1).prepare();
  return {
    latest(userId: string): AssessmentRow | undefined {
      return latestStatement.get({ userId });
    },
    history(userId: string, limit?: number): AssessmentRow[] {
      const newestFirst = db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt));
      return (limit === undefined ? newestFirst : newestFirst.limit(limit)).all();
    },
    insert(row: AssessmentRow): void {
      db.insert(assessments).values(row).run();
    },
    markResultsOpened(userId: string, id: string, at: Date): boolean {
      return (
        db
          .update(assessments)
          .set({ resultsOpenedAt: at })
          .where(and(eq(assessments.id, id), eq(assessments.userId, userId), isNull(assessments.resultsOpenedAt)))
          .run().changes > 0
      );
    },
    progress(userId: string): ProgressRow | undefined {
      return db.select().from(assessmentProgress).where(eq(assessmentProgress.userId, userId)).get();
    },
    saveProgress(row: ProgressRow): void {
      db.insert(assessmentProgress)
        .values(row)
        .onConflictDoUpdate({
          target: assessmentProgress.userId,
          set: {
            currentSection: row.currentSection,
            responses: row.responses,
            completedSections: row.completedSections,
            lastSavedAt: row.lastSavedAt,
          },
        })
        .run();
    },
    deleteProgress(userId: string): void {
      db.delete(assessmentProgress).where(eq(assessmentProgress.userId, userId)).run();
    },
  };
}
