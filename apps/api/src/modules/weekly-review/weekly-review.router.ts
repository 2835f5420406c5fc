import { REVIEW_AREAS } from '@ascenso/domain/weekly-review';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { getWeeklyReview } from './weekly-review.service';

const CommitmentSchema = z.object({ id: z.string(), text: z.string(), createdAt: z.date(), closedAt: z.date().nullable() });

export const WeeklyReviewSchema = z.object({
  week: z.string(),
  from: z.string(),
  to: z.string(),
  previousWeek: z.string().nullable(),
  nextWeek: z.string().nullable(),
  isCurrentWeek: z.boolean(),
  days: z.array(
    z.object({
      day: z.string(),
      steps: z.number().int(),
      activities: z.array(z.object({ key: z.string(), name: z.string(), area: z.enum(REVIEW_AREAS), completions: z.number().int(), steps: z.number().int() })),
    }),
  ),
  activeDays: z.number().int(),
  totalSteps: z.number().int(),
  areas: z.array(z.object({ area: z.enum(REVIEW_AREAS), label: z.string(), steps: z.number().int(), completions: z.number().int() })),
  moods: z.array(z.object({ mood: z.string(), count: z.number().int() })),
  commitments: z.object({ kept: z.array(CommitmentSchema), open: z.array(CommitmentSchema), dropped: z.array(CommitmentSchema) }),
  highlights: z.array(z.object({ kind: z.string(), text: z.string() })),
  reflection: z.object({
    text: z.string(),
    source: z.enum(['ai', 'offline', 'careful']),
    pattern: z.string(),
    resources: z.array(z.object({ id: z.string(), label: z.string(), href: z.string(), detail: z.string() })),
  }),
});

/** `weeklyReview.get`'s input (also the query of GET /api/weekly-review): an ISO week, `YYYY-Www`. */
export const WeeklyReviewQuerySchema = z.object({ week: z.string().optional() });

export const weeklyReviewRouter = router({
  /** One ISO week (`YYYY-Www`, default: the user's current local week) of steps, moods, commitments, highlights and the coach's reflection. Read-only. */
  get: authedProcedure
    .input(WeeklyReviewQuerySchema.optional())
    .output(WeeklyReviewSchema)
    .query(({ ctx, input, signal }) => getWeeklyReview(ctx.deps, ctx.auth.user, { week: input?.week }, signal)),
});
