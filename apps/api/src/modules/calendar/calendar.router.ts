import { WorkHoursSchema } from '@ascenso/domain/work-hours';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { requireVerifiedEmail } from '../auth/email-verification';
import { createFeed, feedStatus, getWorkHours, revokeFeed, setWorkHours } from './calendar.service';

export const FeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.date().nullable(), lastFetchedAt: z.date().nullable() });
export const FeedCreatedSchema = z.object({ url: z.string(), createdAt: z.date() });
export const WorkHoursOutput = z.object({ start: z.string(), end: z.string(), days: z.array(z.number().int()) });

export const calendarRouter = router({
  /** Whether the user has a feed (its URL is not re-showable: only its hash is stored). */
  status: authedProcedure.output(FeedStatusSchema).query(({ ctx }) => feedStatus(ctx.deps, ctx.auth.user.id)),

  /** Creates the private feed, or replaces it (the old URL then answers 404). The URL is shown once. */
  create: authedProcedure.output(FeedCreatedSchema).mutation(async ({ ctx }) => {
    // The feed publishes the plan at a URL: only once the address is the owner's. Existing feeds keep working.
    await requireVerifiedEmail(ctx.deps, ctx.auth.user.id, 'calendarFeed');
    return createFeed(ctx.deps, ctx.auth.user.id);
  }),

  /** Revokes the feed: its URL answers 404. */
  revoke: authedProcedure.output(z.object({ revoked: z.boolean() })).mutation(({ ctx }) => revokeFeed(ctx.deps, ctx.auth.user.id)),

  /** The user's work hours (default 09:00–18:00, Monday to Friday): break reminders and the feed's times. */
  workHours: authedProcedure.output(WorkHoursOutput).query(({ ctx }) => getWorkHours(ctx.deps, ctx.auth.user.id)),
  setWorkHours: authedProcedure
    .input(WorkHoursSchema)
    .output(WorkHoursOutput)
    .mutation(({ ctx, input }) => setWorkHours(ctx.deps, ctx.auth.user.id, input)),
});
