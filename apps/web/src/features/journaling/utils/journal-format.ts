import { formatDateTime } from '@ascenso/domain/date-format';
import { JOURNAL_MIN_WORDS_FOR_STEPS } from '@ascenso/domain/journal';

/** "lunes, 5 de enero de 2026, 08:30" in the user's time zone. */
export function formatEntryDate(date: Date, timeZone: string): string {
  return formatDateTime(date, timeZone, 'full');
}

/** "5 ene" / "5 ene 2025" (the year only when it is not this year), for the list. */
export function formatShortDate(date: Date, timeZone: string, now: Date): string {
  const year = (d: Date) => new Intl.DateTimeFormat('es-ES', { year: 'numeric', timeZone }).format(d);
  const sameYear = year(date) === year(now);
  return new Intl.DateTimeFormat('es-ES', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone,
  })
    .format(date)
    .replace('.', '');
}

export interface WordProgress {
  count: number;
  reached: boolean;
  /** "12/50 palabras para sumar pasos" or "62 palabras · esta entrada suma pasos". */
  label: string;
  /** 0–1 towards the minimum. */
  share: number;
}

export function wordProgress(count: number, minWords: number = JOURNAL_MIN_WORDS_FOR_STEPS): WordProgress {
  const reached = count >= minWords;
  return {
    count,
    reached,
    label: reached ? `${count} ${count === 1 ? 'palabra' : 'palabras'} · esta entrada suma pasos` : `${count}/${minWords} palabras para sumar pasos`,
    share: minWords > 0 ? Math.min(1, count / minWords) : 1,
  };
}

/** Capitalised mood for display ("gratitud" → "Gratitud"). */
export function moodLabel(mood: string): string {
  const trimmed = mood.trim();
  return trimmed.charAt(0).toLocaleUpperCase('es') + trimmed.slice(1);
}

/** The first lines of an entry for the list (whitespace collapsed). */
export function excerpt(body: string, max = 180): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/** Paragraphs of an entry's text (blank lines separate them). */
export function paragraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/**
 * A title for an entry saved without one: its first line, cut at a word (never mid-word) with an
 * ellipsis when it is long.
 */
export function suggestedTitle(body: string, max = 70): string {
  const firstLine = body.trim().split('\n')[0]?.trim() ?? '';
  if (firstLine.length <= max) return firstLine;
  const cut = firstLine
    .slice(0, max + 1)
    .replace(/\s+\S*$/, '')
    .replace(/[\s,;:.·-]+$/, '');
  return `${cut || firstLine.slice(0, max)}…`;
}
