import { JournalEntryInputSchema, JournalSearchQuerySchema } from '@ascenso/domain/journal';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { SafetyViewSchema } from '../coaching/safety';
import { createEntry, deleteEntry, getEntry, listEntries, todaysPrompt } from './journaling.service';

const EntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  mood: z.string().nullable(),
  prompt: z.string().nullable(),
  source: z.enum(['chat', 'manual']),
  wordCount: z.number().int(),
  createdAt: z.date(),
});
const IdSchema = z.object({ id: z.string().min(1).max(64) });

export const journalingRouter = router({
  prompt: authedProcedure.output(z.object({ prompt: z.string(), minWords: z.number().int() })).query(({ ctx }) => todaysPrompt(ctx.deps, ctx.auth.user)),
  list: authedProcedure
    .input(z.object({ query: JournalSearchQuerySchema.optional() }).optional())
    .output(z.array(EntrySchema))
    .query(({ ctx, input }) => listEntries(ctx.deps, ctx.auth.user, input?.query)),
  get: authedProcedure
    .input(IdSchema)
    .output(EntrySchema)
    .query(({ ctx, input }) => getEntry(ctx.deps, ctx.auth.user, input.id)),
  create: authedProcedure
    .input(JournalEntryInputSchema)
    .output(
      z.object({
        entry: EntrySchema,
        stepsEarned: z.number().int(),
        limitReached: z.boolean(),
        activityId: z.string().nullable(),
        minWords: z.number().int(),
        /** Why the entry did not earn (too short, or too repetitive: decision 037); null when it earned or hit the daily limit. */
        stepsNote: z.string().nullable(),
        /** The entry is saved; when the risk screen fired, its category, answer and helplines. */
        safety: SafetyViewSchema.nullable(),
      }),
    )
    .mutation(({ ctx, input }) => createEntry(ctx.deps, ctx.auth.user, input)),
  delete: authedProcedure
    .input(IdSchema)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx, input }) => deleteEntry(ctx.deps, ctx.auth.user, input.id)),
});
