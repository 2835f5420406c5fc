import type { ActivityKey } from './activities';
import { addDays } from './calendar';

/*
 * "Tu semana" (decision 027): the pure parts of the weekly review. ISO weeks (`YYYY-Www`, Monday
 * first, week 1 holds the year's first Thursday), the activity areas of the chart, mood counts and the
 * deterministic choice of the week's highlights. No streaks: nothing here counts consecutive days.
 */

/** `2026-W48`: four digits, `-W`, two digits. */
export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

/** The first week the API serves (the product did not exist before): older weeks are a validation error. */
export const EARLIEST_REVIEW_WEEK = '2020-W01';

/** The Spanish messages of a refused `week` (the API's VALIDATION error). */
export const WEEK_MESSAGES = {
  format: 'La semana debe tener el formato AAAA-Www, por ejemplo 2026-W48.',
  noSuchWeek: (year: number, week: number) => `El año ${year} no tiene semana ${week}: las semanas van de la 1 a la ${weeksInYear(year)}.`,
  future: 'Esa semana todavía no ha llegado: elige esta semana o una anterior.',
  tooOld: 'Elige una semana a partir de 2020.',
} as const;

function dayOfWeekUtc(year: number, month: number, day: number): number {
  // 0 = Monday … 6 = Sunday
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** 52 or 53: a year has 53 ISO weeks when it starts on a Thursday, or on a Wednesday in a leap year. */
export function weeksInYear(year: number): number {
  const jan1 = dayOfWeekUtc(year, 1, 1);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return jan1 === 3 || (leap && jan1 === 2) ? 53 : 52;
}

export type ParsedWeek = { ok: true; year: number; week: number; id: string } | { ok: false; reason: 'format' | 'noSuchWeek'; message: string };

/** Parses `YYYY-Www`; refuses other formats and weeks the year does not have (W00, W54, W53 of a 52-week year). */
export function parseIsoWeek(value: string): ParsedWeek {
  const match = ISO_WEEK_PATTERN.exec(value);
  if (!match) return { ok: false, reason: 'format', message: WEEK_MESSAGES.format };
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (week < 1 || week > weeksInYear(year)) return { ok: false, reason: 'noSuchWeek', message: WEEK_MESSAGES.noSuchWeek(year, week) };
  return { ok: true, year, week, id: value };
}

/** The Monday (`YYYY-MM-DD`) of ISO week `week` of `year`. */
export function mondayOfIsoWeek(year: number, week: number): string {
  // January 4th is always in week 1.
  const jan4 = new Date(Date.UTC(year, 0, 4));
  const monday = addDays(jan4.toISOString().slice(0, 10), -dayOfWeekUtc(year, 1, 4));
  return addDays(monday, (week - 1) * 7);
}

/** The ISO week (`YYYY-Www`) a calendar day belongs to. */
export function isoWeekOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  // The week's Thursday decides its year.
  const thursday = addDays(day, 3 - dayOfWeekUtc(y, m, d));
  const year = Number(thursday.slice(0, 4));
  const firstMonday = mondayOfIsoWeek(year, 1);
  const week = Math.floor((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstMonday}T00:00:00Z`)) / 86_400_000 / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The seven days (`YYYY-MM-DD`) of an ISO week, Monday to Sunday. */
export function daysOfIsoWeek(weekId: string): string[] {
  const parsed = parseIsoWeek(weekId);
  if (!parsed.ok) throw new Error(`not an ISO week: ${weekId}`);
  const monday = mondayOfIsoWeek(parsed.year, parsed.week);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The ISO week `offset` weeks from `weekId`. */
export function shiftIsoWeek(weekId: string, offset: number): string {
  const monday = daysOfIsoWeek(weekId)[0] as string;
  return isoWeekOf(addDays(monday, offset * 7));
}

/** ISO week ids compare as strings (same width): negative when `a` is earlier. */
export function compareIsoWeeks(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Checks a requested week against the user's current one: format, a week the year has, not after the
 * current local week, not before EARLIEST_REVIEW_WEEK. The week id, or the Spanish reason.
 */
export function checkReviewWeek(requested: string | undefined, currentWeek: string): { ok: true; week: string } | { ok: false; message: string } {
  if (requested === undefined) return { ok: true, week: currentWeek };
  const parsed = parseIsoWeek(requested);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  if (compareIsoWeeks(parsed.id, currentWeek) > 0) return { ok: false, message: WEEK_MESSAGES.future };
  if (compareIsoWeeks(parsed.id, EARLIEST_REVIEW_WEEK) < 0) return { ok: false, message: WEEK_MESSAGES.tooOld };
  return { ok: true, week: parsed.id };
}

/** The areas of the chart: the catalogue's twelve activities in four groups. */
export const REVIEW_AREAS = ['mente', 'cuerpo', 'coaching', 'diario'] as const;
export type ReviewArea = (typeof REVIEW_AREAS)[number];

export const REVIEW_AREA_LABELS: Record<ReviewArea, string> = {
  mente: 'Mente y calma',
  cuerpo: 'Cuerpo',
  coaching: 'Coaching',
  diario: 'Diario',
};

/** Breathing and audio calm the mind; breaks and classes move the body; chats, sessions and the assessment are coaching; the journal is the journal. */
export const AREA_OF_ACTIVITY: Record<ActivityKey, ReviewArea> = {
  breathing_short: 'mente',
  breathing_long: 'mente',
  audio_ascenso_daily: 'mente',
  audio_ascenso_archive: 'mente',
  active_break: 'cuerpo',
  fitness_class_short: 'cuerpo',
  fitness_class_medium: 'cuerpo',
  fitness_class_long: 'cuerpo',
  consulta_rapida: 'coaching',
  sesion_completa: 'coaching',
  assessment_completed: 'coaching',
  journaling: 'diario',
};

/** An activity key's area; keys the catalogue does not know (an admin-added row) count as coaching's neighbour, the mind. */
export function areaOf(activityKey: string): ReviewArea {
  return (AREA_OF_ACTIVITY as Record<string, ReviewArea | undefined>)[activityKey] ?? 'mente';
}

/** Moods that count as "went well" for the highlights (JOURNAL_MOODS' pleasant ones). */
export const POSITIVE_MOODS: ReadonlySet<string> = new Set(['tranquilidad', 'alegría', 'gratitud', 'motivación']);

/** Mood words with their counts, most frequent first (ties alphabetically); trimmed and lower-cased. */
export function countMoods(entries: ReadonlyArray<{ mood: string | null }>): Array<{ mood: string; count: number }> {
  const counts = new Map<string, number>();
  for (const { mood } of entries) {
    const word = mood?.trim().toLocaleLowerCase('es');
    if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].map(([mood, count]) => ({ mood, count })).sort((a, b) => b.count - a.count || a.mood.localeCompare(b.mood, 'es'));
}

export type HighlightKind = 'commitment-kept' | 'most-done' | 'new-activity' | 'positive-mood' | 'journal' | 'active-days';
export type Highlight = { kind: HighlightKind; text: string };

export type HighlightInput = {
  /** The week's completions per activity: key, its display name, how many. */
  activities: ReadonlyArray<{ key: string; name: string; completions: number }>;
  /** Activity keys done in the weeks before this one (for "something new"). */
  doneBefore: ReadonlySet<string>;
  /** The week's journal entries, oldest first. */
  journal: ReadonlyArray<{ title: string; mood: string | null }>;
  /** Commitments closed as done during the week, oldest first. */
  kept: ReadonlyArray<{ text: string }>;
  /** Days with at least one activity. */
  activeDays: number;
};

const times = (n: number) => (n === 1 ? 'una vez' : `${n} veces`);
const quote = (text: string, max = 80) => `«${text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text}»`;

/**
 * Three things that went well, by fixed rules in this order, each at most once: a commitment kept, the
 * activity done most, an activity new this week, a journal entry with a pleasant mood, the journal
 * written, the days with some activity. Fewer than three when the week has less.
 */
export function chooseHighlights(input: HighlightInput, max = 3): Highlight[] {
  const out: Highlight[] = [];
  const add = (kind: HighlightKind, text: string) => {
    if (out.length < max) out.push({ kind, text });
  };
  const firstKept = input.kept[0];
  if (firstKept) {
    add(
      'commitment-kept',
      input.kept.length === 1
        ? `Cumpliste tu compromiso ${quote(firstKept.text)}.`
        : `Cumpliste ${input.kept.length} compromisos, entre ellos ${quote(firstKept.text)}.`,
    );
  }
  const sorted = [...input.activities].filter((a) => a.completions > 0).sort((a, b) => b.completions - a.completions || a.key.localeCompare(b.key));
  const most = sorted[0];
  if (most) add('most-done', `Lo que más hiciste: ${most.name} (${times(most.completions)}).`);
  // Something new: an activity of this week absent from the weeks before (the most done one is already named).
  const fresh = sorted.find((a) => a !== most && !input.doneBefore.has(a.key));
  if (fresh) add('new-activity', `Probaste algo nuevo: ${fresh.name}.`);
  const pleasant = [...input.journal].reverse().find((e) => e.mood && POSITIVE_MOODS.has(e.mood.trim().toLocaleLowerCase('es')));
  if (pleasant?.mood) add('positive-mood', `Escribiste ${quote(pleasant.title || 'una entrada')} con ${pleasant.mood.trim().toLocaleLowerCase('es')}.`);
  if (input.journal.length > 0)
    add('journal', input.journal.length === 1 ? 'Dedicaste un rato a escribir en tu diario.' : `Escribiste ${input.journal.length} entradas en tu diario.`);
  if (input.activeDays > 0)
    add(
      'active-days',
      input.activeDays === 1 ? 'Sacaste tiempo para ti un día de la semana.' : `Sacaste tiempo para ti ${input.activeDays} días de esta semana.`,
    );
  return out;
}
