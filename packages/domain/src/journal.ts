import { z } from 'zod';
import { JOURNAL_EVIDENCE } from './evidence';

/** Guided prompts for the journal; the day's prompt rotates. */
export const JOURNAL_PROMPTS: readonly string[] = [
  '¿Qué te ha dado energía hoy y qué te la ha quitado?',
  '¿De qué pequeño avance te sientes orgulloso u orgullosa esta semana?',
  '¿Qué conversación tienes pendiente y qué te frena?',
  'Si mañana solo pudieras hacer una cosa, ¿cuál sería y por qué?',
  '¿Qué has aprendido de un error reciente?',
  '¿Por qué tres cosas puedes dar las gracias hoy?',
  '¿Qué límite necesitas poner esta semana?',
  '¿Cómo quieres sentirte al terminar el día de mañana?',
  '¿Qué te diría tu yo de dentro de cinco años sobre lo que te preocupa ahora?',
  '¿En qué momento del día te has sentido más tú?',
];

export const JOURNAL_MOODS = ['tranquilidad', 'alegría', 'gratitud', 'motivación', 'cansancio', 'preocupación', 'tristeza', 'enfado'] as const;

/** A journal entry needs this many words to earn (with distinct, real ones: ./evidence.ts). */
export const JOURNAL_MIN_WORDS_FOR_STEPS = JOURNAL_EVIDENCE.minWords;

/** Lengths `journaling.create` accepts (after trimming); the journal forms cap their fields with them. */
export const JOURNAL_MOOD_MAX_LENGTH = 40;
export const JOURNAL_PROMPT_MAX_LENGTH = 300;
export const JOURNAL_TITLE_MAX_LENGTH = 120;
export const JOURNAL_BODY_MAX_LENGTH = 20_000;
/** The journal's search box (`journaling.list({ query })`). */
export const JOURNAL_SEARCH_MAX_LENGTH = 100;

export function promptForDay(day: string): string {
  const n = day.split('-').reduce((sum, part) => sum + Number(part), 0);
  return JOURNAL_PROMPTS[n % JOURNAL_PROMPTS.length] as string;
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

export const JournalEntryInputSchema = z.object({
  mood: z.string().trim().min(1, { message: 'Elige o escribe cómo te sientes' }).max(JOURNAL_MOOD_MAX_LENGTH),
  prompt: z.string().trim().max(JOURNAL_PROMPT_MAX_LENGTH).optional(),
  title: z.string().trim().max(JOURNAL_TITLE_MAX_LENGTH).optional(),
  body: z.string().trim().min(1, { message: 'Escribe algo antes de guardar' }).max(JOURNAL_BODY_MAX_LENGTH, { message: 'Máximo 20.000 caracteres' }),
});
export type JournalEntryInput = z.infer<typeof JournalEntryInputSchema>;

export const JournalSearchQuerySchema = z.string().max(JOURNAL_SEARCH_MAX_LENGTH);
