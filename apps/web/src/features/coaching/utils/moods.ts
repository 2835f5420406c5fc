import { JOURNAL_MOOD_MAX_LENGTH } from '@ascenso/domain/journal';

/** Mood chips for a journal entry (the server stores up to JOURNAL_MOOD_MAX_LENGTH characters of free text). */
export const MOOD_OPTIONS = ['tranquila/o', 'cansada/o', 'agradecida/o', 'preocupada/o', 'motivada/o', 'triste'] as const;

/** What is saved: the user's own words win over a chip; nothing chosen means no mood. */
export function resolveMood(chip: string | null, custom: string): string | undefined {
  const own = custom.trim().slice(0, JOURNAL_MOOD_MAX_LENGTH);
  if (own.length > 0) return own;
  return chip ?? undefined;
}

/**
 * The line shown after saving: the steps earned, or the server's reason why the entry did not earn (too short or
 * too repetitive: decision 037), or the daily limit.
 */
export function savedStepsMessage(result: { wordCount: number; stepsEarned: number; minWords: number; stepsNote?: string | null }): string {
  if (result.stepsEarned > 0) return `Has sumado ${new Intl.NumberFormat('es-ES').format(result.stepsEarned)} pasos.`;
  if (result.stepsNote) return result.stepsNote;
  if (result.wordCount < result.minWords) return `Escribe al menos ${result.minWords} palabras para sumar pasos.`;
  return 'Hoy ya has sumado los pasos del diario; esta entrada queda guardada igualmente.';
}

export function wordsLabel(count: number): string {
  return `${new Intl.NumberFormat('es-ES').format(count)} ${count === 1 ? 'palabra' : 'palabras'}`;
}
