import { and, desc, eq, isNull } from 'drizzle-orm';
import type { AssessmentsRepository } from '../../store';
import { assessmentProgress, assessments } from '../schema/assessments';
import { changed, type PgExec } from './exec';

export function createPgAssessmentsRepository(db: PgExec): AssessmentsRepository {
  return {
    async latest(userId) {
      return (await db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt)).limit(1))[0];
    },
    async history(userId, limit) {
      const newestFirst = db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(desc(assessments.createdAt));
      return limit === undefined ? newestFirst : newestFirst.limit(limit);
    },
    async insert(row) {
      await db.insert(assessments).values(row);
    },
    async markResultsOpened(userId, id, at) {
      const result = await db
        .update(assessments)
        .set({ resultsOpenedAt: at })
        .where(and(eq(assessments.id, id), eq(assessments.userId, userId), isNull(assessments.resultsOpenedAt)));
      return changed(result) > 0;
    },
    async progress(userId) {
      return (await db.select().from(assessmentProgress).where(eq(assessmentProgress.userId, userId)))[0];
    },
    async saveProgress(row) {
      await db
        .insert(assessmentProgress)
        .values(row)
        .onConflictDoUpdate({
          target: assessmentProgress.userId,
          set: { currentSection: row.currentSection, responses: row.responses, completedSections: row.completedSections, lastSavedAt: row.lastSavedAt },
        });
    },
    async deleteProgress(userId) {
      await db.delete(assessmentProgress).where(eq(assessmentProgress.userId, userId));
    },
  };
}
