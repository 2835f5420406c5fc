import { z } from 'zod';
import { authedProcedure, router } from '../../trpc/trpc';
import { CompletionResultSchema } from '../activities/activities.schema';
import { catalogue, completePractice, startPractice } from './practice.service';

const PhaseSchema = z.object({
  kind: z.enum(['inhale', 'inhale-top', 'hold', 'exhale']),
  seconds: z.number(),
  label: z.string(),
});

export const practiceRouter = router({
  catalogue: authedProcedure
    .output(
      z.object({
        breathing: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            shortName: z.string(),
            purpose: z.string(),
            evidence: z.object({ level: z.enum(['buena', 'moderada', 'limitada']), summary: z.string() }),
            phases: z.array(PhaseSchema),
            defaultMinutes: z.number().int(),
            minuteOptions: z.array(z.number().int()),
            cycleSeconds: z.number(),
            breathsPerMinute: z.number(),
          }),
        ),
        fitness: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            description: z.string(),
            level: z.enum(['principiante', 'intermedio', 'avanzado']),
            equipment: z.array(z.string()),
            focus: z.string(),
            exercises: z.array(
              z.object({
                name: z.string(),
                seconds: z.number(),
                instruction: z.string(),
                kind: z.enum(['work', 'rest']),
              }),
            ),
            minutes: z.number().int(),
            seconds: z.number().int(),
            band: z.enum(['corta', 'media', 'larga']),
          }),
        ),
        activeBreaks: z.array(
          z.object({
            tag: z.string(),
            title: z.string(),
            description: z.string(),
            moves: z.array(z.object({ instruction: z.string(), seconds: z.number() })),
            seconds: z.number(),
          }),
        ),
      }),
    )
    .query(() => catalogue()),

  start: authedProcedure
    .input(
      z.object({
        kind: z.enum(['breathing', 'fitness', 'active_break']),
        ref: z.string().min(1).max(64),
        minutes: z.number().int().min(1).max(60).optional(),
      }),
    )
    .output(
      z.object({
        sessionId: z.string(),
        startedAt: z.date(),
        plannedSeconds: z.number().int(),
        replacedPrevious: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => startPractice(ctx.deps, ctx.auth.user, input)),

  complete: authedProcedure
    .input(
      z.object({
        sessionId: z.string().min(1).max(64),
        practicedSeconds: z
          .number()
          .min(0)
          .max(4 * 3600),
        /** Seconds the player skipped ("Saltar"): words a refusal, never earns (practice.service.ts). */
        skippedSeconds: z
          .number()
          .min(0)
          .max(4 * 3600)
          .optional(),
      }),
    )
    .output(CompletionResultSchema)
    .mutation(({ ctx, input }) => completePractice(ctx.deps, ctx.auth.user, input)),
});
