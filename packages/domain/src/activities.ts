import { z } from 'zod';

/** The activity catalogue of the product spec (§3). Seeds the `activities` table; admins may edit it. */
export const ACTIVITY_KEYS = [
  'active_break',
  'breathing_short',
  'breathing_long',
  'audio_ascenso_daily',
  'audio_ascenso_archive',
  'journaling',
  'consulta_rapida',
  'sesion_completa',
  'fitness_class_short',
  'fitness_class_medium',
  'fitness_class_long',
  'assessment_completed',
] as const;

export const ActivityKeySchema = z.enum(ACTIVITY_KEYS, { message: 'Actividad desconocida' });
export type ActivityKey = z.infer<typeof ActivityKeySchema>;

export type ActivityDefinition = {
  key: ActivityKey;
  name: string;
  baseSteps: number;
  multiplier: number;
  dailyLimit: number;
  /** An icon name the web app maps to a glyph. */
  icon: string;
};

export const ACTIVITY_CATALOGUE: readonly ActivityDefinition[] = [
  { key: 'active_break', name: 'Pausa activa', baseSteps: 70, multiplier: 1, dailyLimit: 10, icon: 'stretch' },
  { key: 'breathing_short', name: 'Respiración corta', baseSteps: 85, multiplier: 1, dailyLimit: 8, icon: 'wind' },
  { key: 'breathing_long', name: 'Respiración larga', baseSteps: 200, multiplier: 1, dailyLimit: 5, icon: 'wind' },
  { key: 'audio_ascenso_daily', name: 'Audio del día', baseSteps: 165, multiplier: 1, dailyLimit: 1, icon: 'headphones' },
  { key: 'audio_ascenso_archive', name: 'Audio antiguo', baseSteps: 50, multiplier: 1, dailyLimit: 3, icon: 'headphones' },
  { key: 'journaling', name: 'Journaling guiado', baseSteps: 325, multiplier: 1, dailyLimit: 2, icon: 'notebook' },
  { key: 'consulta_rapida', name: 'Consulta rápida', baseSteps: 225, multiplier: 1, dailyLimit: 3, icon: 'message' },
  { key: 'sesion_completa', name: 'Sesión completa', baseSteps: 1250, multiplier: 1, dailyLimit: 1, icon: 'compass' },
  { key: 'fitness_class_short', name: 'Clase corta (<15 min)', baseSteps: 315, multiplier: 1, dailyLimit: 3, icon: 'dumbbell' },
  { key: 'fitness_class_medium', name: 'Clase media (15-29 min)', baseSteps: 650, multiplier: 1, dailyLimit: 2, icon: 'dumbbell' },
  { key: 'fitness_class_long', name: 'Clase larga (>=30 min)', baseSteps: 1175, multiplier: 1, dailyLimit: 1, icon: 'dumbbell' },
  { key: 'assessment_completed', name: 'Evaluación completada', baseSteps: 1000, multiplier: 1, dailyLimit: 1, icon: 'clipboard' },
];

/** Ranges an admin may set for a catalogue row (name in characters after trimming; the rest inclusive). */
export const ACTIVITY_VALUE_LIMITS = {
  name: { min: 1, max: 80 },
  baseSteps: { min: 0, max: 100_000 },
  multiplier: { min: 0, max: 10 },
  dailyLimit: { min: 0, max: 1000 },
} as const;

/** Limits an admin may set (the admin issue validates edits with this). */
export const ActivityValuesSchema = z.object({
  name: z.string().trim().min(ACTIVITY_VALUE_LIMITS.name.min).max(ACTIVITY_VALUE_LIMITS.name.max),
  baseSteps: z.number().int().min(ACTIVITY_VALUE_LIMITS.baseSteps.min).max(ACTIVITY_VALUE_LIMITS.baseSteps.max),
  multiplier: z.number().min(ACTIVITY_VALUE_LIMITS.multiplier.min).max(ACTIVITY_VALUE_LIMITS.multiplier.max),
  dailyLimit: z.number().int().min(ACTIVITY_VALUE_LIMITS.dailyLimit.min).max(ACTIVITY_VALUE_LIMITS.dailyLimit.max),
});

/** An admin's manual step adjustment (`admin.adjustSteps`): ± this many steps at most, never 0. */
export const STEP_ADJUSTMENT_MAX = 100_000;
export const ADJUSTMENT_REASON_MIN_LENGTH = 3;
export const ADJUSTMENT_REASON_MAX_LENGTH = 300;

export const StepAdjustmentSchema = z.object({
  steps: z
    .number()
    .int()
    .min(-STEP_ADJUSTMENT_MAX)
    .max(STEP_ADJUSTMENT_MAX)
    .refine((n) => n !== 0, { message: 'El ajuste no puede ser 0' }),
  reason: z
    .string()
    .trim()
    .min(ADJUSTMENT_REASON_MIN_LENGTH, { message: 'Explica el motivo del ajuste' })
    .max(ADJUSTMENT_REASON_MAX_LENGTH, { message: `Máximo ${ADJUSTMENT_REASON_MAX_LENGTH} caracteres` }),
});

export type AwardDecision = {
  stepsEarned: number;
  limitReached: boolean;
  /** 1-based position among today's awarded completions, or null when nothing is awarded. */
  awardSlot: number | null;
};

/**
 * The step rule: a completion earns baseSteps × multiplier while the user has earned fewer than
 * `dailyLimit` awards for that activity today; past it, the completion is still recorded with 0 steps.
 */
export function decideAward(activity: Pick<ActivityDefinition, 'baseSteps' | 'multiplier' | 'dailyLimit'>, awardedToday: number): AwardDecision {
  if (awardedToday >= activity.dailyLimit) return { stepsEarned: 0, limitReached: true, awardSlot: null };
  return {
    stepsEarned: Math.round(activity.baseSteps * activity.multiplier),
    limitReached: false,
    awardSlot: awardedToday + 1,
  };
}

/** Metadata keys: a letter then letters, digits or `_` (at most 64), never `__proto__`, `constructor` or `prototype`. */
export const METADATA_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const RESERVED_METADATA_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const MetadataKeySchema = z
  .string()
  .regex(METADATA_KEY_PATTERN, { message: 'Clave de metadatos no válida: usa letras, números y _ (máximo 64)' })
  .refine((key) => !RESERVED_METADATA_KEYS.has(key), { message: 'Clave de metadatos reservada' });

/**
 * Free-form metadata: at most 20 scalar fields under valid keys. The keys are checked on the raw object
 * first, because a record schema silently drops an own `__proto__` key instead of refusing it.
 */
export const MetadataSchema = z
  .unknown()
  .superRefine((value, ctx) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    for (const key of Object.keys(value)) {
      const checked = MetadataKeySchema.safeParse(key);
      if (!checked.success)
        ctx.addIssue({
          code: 'custom',
          message: checked.error.issues[0]?.message ?? 'Clave de metadatos no válida',
          path: [key],
        });
    }
  })
  .pipe(
    z
      .record(MetadataKeySchema, z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
      .refine((value) => Object.keys(value).length <= 20, { message: 'Como máximo 20 campos de metadatos' }),
  );

/** What a client may send to complete an activity (the REST body of POST /api/activity-log). */
export const CompleteActivityInputSchema = z.object({
  activity_key: ActivityKeySchema,
  duration_minutes: z
    .number({ message: 'La duración debe ser un número de minutos' })
    .min(0, { message: 'La duración no puede ser negativa' })
    .max(600, { message: 'La duración no puede superar 600 minutos' })
    .optional(),
  metadata: MetadataSchema.optional(),
});
export type CompleteActivityInput = z.infer<typeof CompleteActivityInputSchema>;

export const IdempotencyKeySchema = z
  .string()
  .min(8, { message: 'Idempotency-Key demasiado corta' })
  .max(255, { message: 'Idempotency-Key demasiado larga' })
  .regex(/^[\x21-\x7e]+$/, { message: 'Idempotency-Key con caracteres no válidos' });
