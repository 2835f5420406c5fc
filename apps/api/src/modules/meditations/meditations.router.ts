import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { audioComplete, getMeditation, listMeditations, markCompleted, todaysMeditation } from './meditations.service';

export const MeditationSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  duration: z.number().int(),
});
export const IdSchema = z.object({ id: z.string().min(1).max(64) });

export const MeditationListSchema = z.array(MeditationSummarySchema.extend({ theme: z.string(), isToday: z.boolean(), completedToday: z.boolean() }));
export const MeditationSchema = MeditationSummarySchema.extend({
  theme: z.string(),
  isToday: z.boolean(),
  transcript: z.array(z.string()),
  completedToday: z.boolean(),
});
export const MarkCompletedInputSchema = IdSchema.extend({ completed: z.literal(true) });
export const MarkedCompletedSchema = z.object({ success: z.literal(true), meditationId: z.string(), completedAt: z.date() });
export const AudioCompleteInputSchema = z.object({ is_today: z.boolean(), completion_percentage: z.number().min(0).max(100) });
export const AudioCompletedSchema = z.object({
  success: z.literal(true),
  activityKey: z.enum(['audio_ascenso_daily', 'audio_ascenso_archive']),
  stepsEarned: z.number().int(),
  limitReached: z.boolean(),
  reason: z.string().nullable(),
});

export const meditationsRouter = router({
  today: authedProcedure.output(MeditationSummarySchema).query(({ ctx }) => todaysMeditation(ctx.deps, ctx.auth.user)),
  list: authedProcedure.output(MeditationListSchema).query(({ ctx }) => listMeditations(ctx.deps, ctx.auth.user)),
  get: authedProcedure
    .input(IdSchema)
    .output(MeditationSchema)
    .query(({ ctx, input }) => getMeditation(ctx.deps, ctx.auth.user, input.id)),
  markCompleted: authedProcedure
    .input(MarkCompletedInputSchema)
    .output(MarkedCompletedSchema)
    .mutation(({ ctx, input }) => markCompleted(ctx.deps, ctx.auth.user, input.id)),
  audioComplete: authedProcedure
    .input(AudioCompleteInputSchema)
    .output(AudioCompletedSchema)
    .mutation(({ ctx, input }) => audioComplete(ctx.deps, ctx.auth.user, input)),
});
