import { tracked } from '@trpc/server';
import { z } from 'zod';
import { authedProcedure, checkedOutput, router, sync } from '../../trpc/trpc';
import { ActivityStatsSchema, CatalogueSchema, CompleteActivityProcedureInputSchema, CompletionResultSchema } from './activities.schema';
import { completedEventsAfter, parseEventId } from '../../realtime/outbox-relay';
import { claimActivity, getActivityStats, markToastShown } from './activities.service';

/** `activities.stats`' input: whose steps (default: your own). */
export const StatsInputSchema = z.object({ userId: z.string().min(1).max(64) });
export const MarkToastShownInputSchema = z.object({ activityId: z.string().min(1).max(64) });
export const MarkToastShownSchema = z.object({ success: z.literal(true), firstTime: z.boolean() });

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
    .input(sync(StatsInputSchema.optional()))
    .query(async ({ ctx, input }) => checkedOutput(ActivityStatsSchema, await getActivityStats(ctx.deps, ctx.auth.user, input?.userId ?? ctx.auth.user.id))),

  markToastShown: authedProcedure
    .input(MarkToastShownInputSchema)
    .output(MarkToastShownSchema)
    .mutation(({ ctx, input }) => markToastShown(ctx.deps, ctx.auth.user.id, input.activityId)),

  /**
   * The user's completions as they are committed, each with the new totals, tracked by event id (the
   * outbox row's seq, decision 026; opaque to clients). A reconnecting client sends the last id it saw
   * (`lastEventId`, which tRPC's WebSocket client sends by itself): the user's events after it are
   * replayed from the outbox first (at most RESUME_CAP, oldest first), then the live ones follow
   * (listening starts before the outbox is read, so none falls in between). An id that is not one of
   * the user's events (unknown, pruned, another user's, not a number) replays nothing, without error.
   * Each event is yielded once: the relay may publish an event twice, and a live event may also have
   * been replayed, so ids already yielded (or at or before the resume point) are skipped. An event that
   * arrives after a later one (its writer published late, or the relay published it for a dead instance)
   * is still yielded, with the highest id yielded so far as its tracked id, so a resume never goes back.
   * Listens to this user's events only; capped per socket by authedProcedure (realtime/subscription-guard.ts).
   */
  onCompleted: authedProcedure.input(z.object({ lastEventId: z.string().max(64).nullish() }).optional()).subscription(async function* ({ ctx, input, signal }) {
    const abort = signal ?? new AbortController().signal;
    const live = ctx.deps.bus.iterateForUser('activity.completed', ctx.auth.user.id, abort)[Symbol.asyncIterator]();
    try {
      const seen = createSeenEvents(parseEventId(input?.lastEventId) ?? 0);
      if (seen.floor > 0) {
        for (const event of await completedEventsAfter(ctx.deps, ctx.auth.user.id, seen.floor)) {
          const id = seen.accept(event.eventId);
          if (id !== null) yield tracked(id, { completion: event.completion, stats: event.stats });
        }
      }
      for (let next = await live.next(); !next.done; next = await live.next()) {
        const { completion, stats, eventId } = next.value;
        const id = seen.accept(eventId);
        if (id !== null) yield tracked(id, { completion, stats });
      }
    } finally {
      await live.return?.();
    }
  }),
});

/** Ids remembered per subscription to skip a repeated event; beyond that the oldest become the floor. */
const SEEN_EVENTS = 512;

/**
 * One subscription's record of the event ids it yielded. `accept(id)` returns the tracked id to yield
 * with (the highest yielded so far, so a resume point never goes back), or null to skip the event: a
 * repeat, or at or before `floor` (the resume point: the client had those).
 */
function createSeenEvents(floor: number) {
  const seen = new Set<number>();
  let high = floor;
  const state = {
    floor,
    accept(eventId: string): string | null {
      const seq = parseEventId(eventId);
      if (seq === null || seq <= state.floor || seen.has(seq)) return null;
      seen.add(seq);
      if (seen.size > SEEN_EVENTS) {
        const oldest = Math.min(...seen);
        seen.delete(oldest);
        state.floor = Math.max(state.floor, oldest);
      }
      high = Math.max(high, seq);
      return String(high);
    },
  };
  return state;
}
