import { ActivityKeySchema, CompleteActivityInputSchema, IdempotencyKeySchema } from '@ascenso/domain/activities';
import { z } from 'zod';

export const CompleteActivityProcedureInputSchema = CompleteActivityInputSchema.extend({
  idempotencyKey: IdempotencyKeySchema.optional(),
});

/** The contract's answer to POST /api/activity-log. */
export const CompletionResultSchema = z.object({
  success: z.literal(true),
  activityId: z.string(),
  activityKey: ActivityKeySchema,
  stepsEarned: z.number().int(),
  totalSteps: z.number().int(),
  todayCount: z.number().int(),
  dailyLimit: z.number().int(),
  limitReached: z.boolean(),
});
export type CompletionResult = z.infer<typeof CompletionResultSchema>;

export const ActivityStatsSchema = z.object({
  stats: z.object({
    totalSteps: z.number().int(),
    todaySteps: z.number().int(),
    day: z.string(),
    byActivity: z.array(
      z.object({
        activityKey: z.string(),
        name: z.string(),
        icon: z.string(),
        todayCount: z.number().int(),
        todaySteps: z.number().int(),
        dailyLimit: z.number().int(),
        remaining: z.number().int(),
      }),
    ),
  }),
});
export type ActivityStats = z.infer<typeof ActivityStatsSchema>;

export const CatalogueSchema = z.array(
  z.object({
    key: z.string(),
    name: z.string(),
    baseSteps: z.number().int(),
    multiplier: z.number(),
    dailyLimit: z.number().int(),
    icon: z.string(),
  }),
);
