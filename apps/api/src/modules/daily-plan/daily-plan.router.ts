import { ActivityKeySchema } from '@ascenso/domain/activities';
import { ACTIVITY_AREAS } from '@ascenso/domain/assessment-evaluation';
import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { generatePlan, getTodayPlan } from './daily-plan.service';

export const PlanSchema = z
  .object({
    content: z.string(),
    generatedAt: z.date(),
    day: z.string(),
    source: z.enum(['ai', 'offline']),
    /** Written offline because the configured model failed ("Plan preparado sin IA..."). */
    fallback: z.boolean(),
    items: z.array(z.object({ area: z.enum(ACTIVITY_AREAS), title: z.string(), reason: z.string(), minutes: z.number().int() })),
    /** The activities in the steps ledger on `day` (the user's local day): which items are done. */
    completedToday: z.array(ActivityKeySchema),
    /** Careful mode (a crisis message in the last 72 hours): the helplines, shown before the plan. */
    careful: z.object({ reminder: z.string() }).nullable(),
  })
  .nullable();

/** `dailyPlan.generate`'s input: `force` (the user asking again) regenerates today's plan. */
export const GeneratePlanInputSchema = z.object({ force: z.boolean().optional() }).optional();

export const dailyPlanRouter = router({
  today: authedProcedure.output(z.object({ plan: PlanSchema })).query(({ ctx }) => getTodayPlan(ctx.deps, ctx.auth.user)),

  /** Generates today's plan once; `force` (the user asking again) regenerates it. */
  generate: authedProcedure
    .input(GeneratePlanInputSchema)
    .output(z.object({ plan: PlanSchema, generated: z.boolean() }))
    .mutation(({ ctx, input, signal }) => generatePlan(ctx.deps, ctx.auth.user, { force: input?.force ?? false, signal })),
});
