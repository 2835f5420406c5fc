import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { audioComplete, getMeditation, listMeditations, markCompleted, todaysMeditation } from './meditations.service';

const SummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.number().int(),
});
const IdSchema = z.object({ id: z.string().min(1).max(64) });

export const meditationsRouter = router({
  today: authedProcedure.output(SummarySchema).query(({ ctx }) => todaysMeditation(ctx.deps, ctx.auth.user)),
  list: authedProcedure
    .output(z.array(SummarySchema.extend({ theme: z.string(), isToday: z.boolean(), completedToday: z.boolean() })))
    .query(({ ctx }) => listMeditations(ctx.deps, ctx.auth.user)),
  get: authedProcedure
    .input(IdSchema)
    .output(
      SummarySchema.extend({
        theme: z.string(),
        isToday: z.boolean(),
        transcript: z.array(z.string()),
        completedToday: z.boolean(),
      }),
    )
    .query(({ ctx, input }) => getMeditation(ctx.deps, ctx.auth.user, input.id)),
  markCompleted: authedProcedure
    .input(IdSchema.extend({ completed: z.literal(true) }))
    .output(z.object({ success: z.literal(true), meditationId: z.string(), completedAt: z.date() }))
    .mutation(({ ctx, input }) => markCompleted(ctx.deps, ctx.auth.user, input.id)),
  audioComplete: authedProcedure
    .input(z.object({ is_today: z.boolean(), completion_percentage: z.number().min(0).max(100) }))
    .output(
      z.object({
        success: z.literal(true),
        activityKey: z.enum(['audio_ascenso_daily', 'audio_ascenso_archive']),
        stepsEarned: z.number().int(),
        limitReached: z.boolean(),
        reason: z.string().nullable(),
      }),
    )
    .mutation(({ ctx, input }) => audioComplete(ctx.deps, ctx.auth.user, input)),
});
