import { CompleteAssessmentInputSchema, ProgressInputSchema } from '@ascenso/domain/assessment';
import { AssessmentEvaluationSchema } from '@ascenso/domain/assessment-evaluation';
import { CoachingProfileSchema } from '@ascenso/domain/assessment-profile';
import { ResultsNoticeSchema } from '@ascenso/domain/assessment-results';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { AssessmentStatusSchema, CompletedAssessmentSchema, HistoryEntrySchema, ProgressSchema, StoredAssessmentSchema } from './assessment.schema';
import {
  completeAssessment,
  getCoachingProfile,
  getCoachEvaluation,
  getEvaluation,
  getHistory,
  getLatestAssessment,
  getProgress,
  getResultsNotice,
  getStatus,
  markResultsOpened,
  saveProgress,
} from './assessment.service';

export const SavedProgressSchema = z.object({ success: z.literal(true), lastSavedAt: z.date() });
export const EvaluationSchema = AssessmentEvaluationSchema.extend({ completedAt: z.date() });

export const assessmentRouter = router({
  status: authedProcedure.output(AssessmentStatusSchema).query(({ ctx }) => getStatus(ctx.deps, ctx.auth.user.id)),

  progress: authedProcedure.output(ProgressSchema).query(({ ctx }) => getProgress(ctx.deps, ctx.auth.user.id)),

  saveProgress: authedProcedure
    .input(ProgressInputSchema)
    .output(SavedProgressSchema)
    .mutation(({ ctx, input }) => saveProgress(ctx.deps, ctx.auth.user.id, input)),

  complete: authedProcedure
    .input(CompleteAssessmentInputSchema)
    .output(CompletedAssessmentSchema)
    .mutation(({ ctx, input }) => completeAssessment(ctx.deps, ctx.auth.user, input.responses)),

  latest: authedProcedure.output(StoredAssessmentSchema).query(({ ctx }) => getLatestAssessment(ctx.deps, ctx.auth.user.id)),

  history: authedProcedure.output(z.array(HistoryEntrySchema)).query(({ ctx }) => getHistory(ctx.deps, ctx.auth.user.id)),

  /** Whether Home says the results are ready: until the latest assessment's results have been opened. */
  resultsNotice: authedProcedure.output(ResultsNoticeSchema).query(({ ctx }) => getResultsNotice(ctx.deps, ctx.auth.user.id)),

  /** /assessment/results was opened (recorded once per assessment). */
  markResultsOpened: authedProcedure.output(ResultsNoticeSchema).mutation(({ ctx }) => markResultsOpened(ctx.deps, ctx.auth.user.id)),

  profile: authedProcedure.output(CoachingProfileSchema).query(({ ctx }) => getCoachingProfile(ctx.deps, ctx.auth.user.id)),

  evaluation: authedProcedure.output(EvaluationSchema).query(({ ctx }) => getEvaluation(ctx.deps, ctx.auth.user.id)),

  /** The coach's written evaluation (AI server configured), or null. */
  coachEvaluation: authedProcedure
    .output(AssessmentEvaluationSchema.nullable())
    .query(({ ctx, signal }) => getCoachEvaluation(ctx.deps, ctx.auth.user, signal)),
});
