import { tracked } from '@trpc/server';
import { z } from 'zod';
import { authedProcedure, checkedOutput, router, sync } from '../../trpc/trpc';
import { ActivityStatsSchema, CatalogueSchema, CompleteActivityProcedureInputSchema, CompletionResultSchema } from './activities.schema';
import { claimActivity, completionsAfter, getActivityStats, markToastShown } from './activities.service';

export const activitiesRouter = router({
  /** The catalogue (key, name, base steps, multiplier, daily limit), for every signed-in user. */
  catalogue: authedProcedure.output(CatalogueSchema).query(async ({ ctx }) =>
    (await ctx.deps.repos.steps.listActivities()).map(({ key, name, baseSteps, multiplier, dailyLimit, icon }) => ({
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

  // Read on every screen with steps: validated with zod's synchronous parse (trpc.ts `sync`). The answer
  // is checked in the resolver (trpc.ts `checkedOutput`): `.output()` would add a middleware level, two
  // copies of the call options per request; a bad answer still fails the call as INTERNAL_SERVER_ERROR.
  stats: authedProcedure
    .input(sync(z.object({ userId: z.string().min(1).max(64) }).optional()))
    .query(async ({ ctx, input }) => checkedOutput(ActivityStatsSchema, await getActivityStats(ctx.deps, ctx.auth.user, input?.userId ?? ctx.auth.user.id))),

  markToastShown: authedProcedure
    .input(z.object({ activityId: z.string().min(1).max(64) }))
    .output(z.object({ success: z.literal(true), firstTime: z.boolean() }))
    .mutation(({ ctx, input }) => markToastShown(ctx.deps, ctx.auth.user.id, input.activityId)),

  /**
   * The user's completions as they are committed, each with the new totals, tracked by completion id.
   * A reconnecting client sends the last id it saw (`lastEventId`, which tRPC's WebSocket client sends
   * by itself): the completions committed after it are replayed from the ledger first, then the live
   * ones follow (listening starts before the ledger is read, so none falls in between; none is sent twice).
   * Listens to this user's events only; capped per socket by authedProcedure (realtime/subscription-guard.ts).
   */
  onCompleted: authedProcedure.input(z.object({ lastEventId: z.string().max(64).nullish() }).optional()).subscription(async function* ({ ctx, input, signal }) {
    const abort = signal ?? new AbortController().signal;
    const live = ctx.deps.bus.iterateForUser('activity.completed', ctx.auth.user.id, abort)[Symbol.asyncIterator]();
    try {
      const replayed = new Set<string>();
      if (input?.lastEventId) {
        for (const event of await completionsAfter(ctx.deps, ctx.auth.user, input.lastEventId)) {
          replayed.add(event.completion.activityId);
          yield tracked(event.completion.activityId, event);
        }
      }
      for (let next = await live.next(); !next.done; next = await live.next()) {
        const { completion, stats } = next.value;
        if (replayed.delete(completion.activityId)) continue;
        yield tracked(completion.activityId, { completion, stats });
      }
    } finally {
      await live.return?.();
    }
  }),
});
