import { z } from 'zod';

/*
 * Sharing with a human coach or therapist (decision 029): what a share may include, its
 * limits and the input schema the API and the web form share.
 */

/** The parts a share can carry. Journal text is never one of them: entries are ticked one by one. */
export const SHARE_INCLUDES = ['sessions', 'moods', 'steps', 'assessment'] as const;
export type ShareInclude = (typeof SHARE_INCLUDES)[number];

/** The labels the profile card and the public page use. */
export const SHARE_INCLUDE_LABELS: Record<ShareInclude, string> = {
  sessions: 'Resúmenes de sesiones y compromisos',
  moods: 'Evolución del estado de ánimo (solo las palabras, sin texto del diario)',
  steps: 'Resumen de pasos',
  assessment: 'Resumen de la evaluación inicial',
};

export const SHARE_MIN_DAYS = 1;
export const SHARE_MAX_DAYS = 30;
/** Journal entries a share may carry, each ticked by its owner. */
export const SHARE_MAX_JOURNAL_ENTRIES = 20;
/** Shares a user may have active (neither revoked nor expired) at once. */
export const SHARE_MAX_ACTIVE = 20;
/** Shares a user may create per 24 hours (refused ones included). */
export const SHARE_MAX_CREATED_PER_DAY = 30;
/** Largest `POST /api/shares` body, in bytes. */
export const SHARE_MAX_BODY_BYTES = 16 * 1024;
/** Recorded views per share per minute: views beyond it in the same minute are counted, not logged apart. */
export const SHARE_VIEW_BUCKET_MS = 60_000;
/** Page views per share per minute; more get a 429 page. */
export const SHARE_MAX_VIEWS_PER_MINUTE = 30;
/** View buckets (minutes) kept per share: the oldest go first; the total count stays exact. */
export const SHARE_MAX_VIEW_BUCKETS = 500;

export const SHARE_MESSAGES = {
  includeEmpty: 'Elige al menos una parte que compartir o una entrada del diario',
  includeUnknown: `Elige entre: ${SHARE_INCLUDES.join(', ')}`,
  includeDuplicate: 'No repitas partes',
  days: `Elige una duración de ${SHARE_MIN_DAYS} a ${SHARE_MAX_DAYS} días (un número entero)`,
  entriesTooMany: `Puedes compartir como máximo ${SHARE_MAX_JOURNAL_ENTRIES} entradas del diario`,
  entriesDuplicate: 'No repitas entradas del diario',
  entryNotYours: 'Alguna entrada del diario no existe o no es tuya',
  tooManyActive: `Ya tienes ${SHARE_MAX_ACTIVE} enlaces activos: revoca alguno antes de crear otro`,
  rateLimited: `Has creado demasiados enlaces hoy (máximo ${SHARE_MAX_CREATED_PER_DAY} en 24 horas): inténtalo más tarde`,
  notFound: 'Enlace compartido no encontrado',
} as const;

const unique = (values: readonly string[]) => new Set(values).size === values.length;

const EntryIdSchema = z.string().min(1, { message: 'Identificador vacío' }).max(64, { message: 'Identificador demasiado largo' });

/** `POST /api/shares` and `shares.create`: unknown keys refused, `days` an integer 1..30 (not a string). */
export const ShareCreateInputSchema = z
  .strictObject(
    {
      include: z
        .array(z.enum(SHARE_INCLUDES, { message: SHARE_MESSAGES.includeUnknown }), { message: SHARE_MESSAGES.includeUnknown })
        .max(SHARE_INCLUDES.length, { message: SHARE_MESSAGES.includeDuplicate })
        .refine(unique, { message: SHARE_MESSAGES.includeDuplicate }),
      days: z
        .number({ message: SHARE_MESSAGES.days })
        .int({ message: SHARE_MESSAGES.days })
        .min(SHARE_MIN_DAYS, { message: SHARE_MESSAGES.days })
        .max(SHARE_MAX_DAYS, { message: SHARE_MESSAGES.days }),
      journalEntryIds: z
        .array(EntryIdSchema, { message: 'Debe ser una lista de identificadores' })
        .max(SHARE_MAX_JOURNAL_ENTRIES, { message: SHARE_MESSAGES.entriesTooMany })
        .refine(unique, { message: SHARE_MESSAGES.entriesDuplicate })
        .optional(),
    },
    { message: 'Envía un objeto con include y days' },
  )
  .superRefine((value, ctx) => {
    if (value.include.length === 0 && (value.journalEntryIds?.length ?? 0) === 0) {
      ctx.addIssue({ code: 'custom', path: ['include'], message: SHARE_MESSAGES.includeEmpty });
    }
  });
export type ShareCreateInput = z.infer<typeof ShareCreateInputSchema>;

export const SHARE_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/** A share's status at `now`: revoked wins over expired. */
export function shareStatus(share: { expiresAt: Date; revokedAt: Date | null }, now: Date): ShareStatus {
  if (share.revokedAt) return 'revoked';
  return share.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The path of a share's public page (the token is base64url, 43 characters). */
export const SHARE_PAGE_PREFIX = '/compartido/';
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
