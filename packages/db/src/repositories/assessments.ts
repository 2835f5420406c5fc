import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { assessmentProgress, assessments, type AssessmentRow, type ProgressRow } from '../schema/assessments';
import type { AssessmentsRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

export function createAssessmentsRepository(db: k.Exec): Synchronous<AssessmentsRepository> {
  const latest = k.statement(db, 'assessments_latest', (x) =>
    x
      .select()
      .from(assessments)
      .where(eq(assessments.userId, sql.placeholder('userId')))
      .orderBy(desc(assessments.createdAt))
      .limit(1),
  );
  return {
    latest(userId: string): AssessmentRow | undefined {
      return k.first(latest(db), { userId });
    },
    history(userId: string, limit?: number): AssessmentRow[] {
      const newestFirst = db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt));
      return k.rows(limit === undefined ? newestFirst : newestFirst.limit(limit));
    },
    insert(row: AssessmentRow): void {
      k.run(db.insert(assessments).values(row));
    },
    markResultsOpened(userId: string, id: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(assessments)
            .set({ resultsOpenedAt: at })
            .where(and(eq(assessments.id, id), eq(assessments.userId, userId), isNull(assessments.resultsOpenedAt))),
        ) > 0
      );
    },
    progress(userId: string): ProgressRow | undefined {
      return k.first(db.select().from(assessmentProgress).where(eq(assessmentProgress.userId, userId)));
    },
    saveProgress(row: ProgressRow): void {
      k.run(
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
    deleteProgress(userId: string): void {
      k.run(db.delete(assessmentProgress).where(eq(assessmentProgress.userId, userId)));
    },
  };
}
