import { tracked } from '@trpc/server';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import {
  ActivityStatsSchema,
  CatalogueSchema,
  CompleteActivityProcedureInputSchema,
  CompletionResultSchema,
} from './activities.schema';
import { claimActivity, getActivityStats, markToastShown } from './activities.service';

export const activitiesRouter = router({
  /** The catalogue (key, name, base steps, multiplier, daily limit), for every signed-in user. */
  catalogue: authedProcedure.output(CatalogueSchema).query(({ ctx }) =>
    ctx.deps.repos.steps.listActivities().map(({ key, name, baseSteps, multiplier, dailyLimit, icon }) => ({
      key,
      name,
      baseSteps,
      multiplier,
      dailyLimit,
      icon,
    })),
  ),

  complete: authedProcedure
    .input(CompleteActivityProcedureInputSchema)
    .output(CompletionResultSchema)
    .mutation(({ ctx, input }) => {
      const { idempotencyKey, ...completion } = input;
      return claimActivity(ctx.deps, ctx.auth.user, completion, idempotencyKey);
    }),

  stats: authedProcedure
    .input(z.object({ userId: z.string().min(1).max(64) }).optional())
    .output(ActivityStatsSchema)
    .query(({ ctx, input }) => getActivityStats(ctx.deps, ctx.auth.user, input?.userId ?? ctx.auth.user.id)),

  markToastShown: authedProcedure
    .input(z.object({ activityId: z.string().min(1).max(64) }))
    .output(z.object({ success: z.literal(true), firstTime: z.boolean() }))
    .mutation(({ ctx, input }) => markToastShown(ctx.deps, ctx.auth.user.id, input.activityId)),

  /**
   * The user's completions as they are committed, each with the new totals (resumable by id).
   * Listens to this user's events only; capped per socket by authedProcedure (realtime/subscription-guard.ts).
   */
  onCompleted: authedProcedure.subscription(async function* ({ ctx, signal }) {
    const abort = signal ?? new AbortController().signal;
    for await (const event of ctx.deps.bus.iterateForUser('activity.completed', ctx.auth.user.id, abort)) {
      yield tracked(event.completion.activityId, { completion: event.completion, stats: event.stats });
    }
  }),
});
