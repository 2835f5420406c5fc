import { z } from 'zod';

/**
 * Work hours (decision 031), stored on the user's profile: the local start and end of the working day
 * ("HH:MM") and the ISO weekdays worked (1 Monday … 7 Sunday). Break reminders fire only inside them (the
 * quiet hours are everything outside), and the calendar feed places the day's plan within them.
 */
export type WorkHours = { start: string; end: string; days: number[] };

export const DEFAULT_WORK_HOURS: WorkHours = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };

/** A custom break-reminder text: at most this many characters. */
export const REMINDER_MESSAGE_MAX_LENGTH = 140;

export const WEEKDAY_NAMES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'] as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; null when malformed. */
export function minutesOfDay(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** 570 → "09:30". */
export function timeOfMinutes(minutes: number): string {
  const m = Math.max(0, Math.min(24 * 60 - 1, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const TimeSchema = (what: string) =>
  z.string({ message: `Indica la hora de ${what} (HH:MM)` }).regex(TIME, { message: `La hora de ${what} tiene que ser HH:MM, por ejemplo 09:00` });

export const WorkHoursSchema = z
  .object({
    start: TimeSchema('inicio'),
    end: TimeSchema('fin'),
    days: z
      .array(z.number({ message: 'Los días son números del 1 (lunes) al 7 (domingo)' }).int().min(1).max(7), { message: 'Elige los días que trabajas' })
      .min(1, { message: 'Elige al menos un día de trabajo' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'Cada día solo puede aparecer una vez' }),
  })
  .refine((w) => (minutesOfDay(w.end) ?? 0) > (minutesOfDay(w.start) ?? 0), {
    message: 'Tu jornada tiene que terminar después de empezar',
    path: ['end'],
  });

/** The stored column ("1,2,3,4,5") as sorted ISO weekdays; anything unexpected falls back to Monday to Friday. */
export function parseWorkDays(text: string): number[] {
  const days = [...new Set(text.split(',').map((d) => Number(d.trim())))].filter((d) => Number.isInteger(d) && d >= 1 && d <= 7).sort((a, b) => a - b);
  return days.length > 0 ? days : [...DEFAULT_WORK_HOURS.days];
}

/** Sorted ISO weekdays → the stored column. */
export function formatWorkDays(days: readonly number[]): string {
  return [...new Set(days)].sort((a, b) => a - b).join(',');
}

/** The ISO weekday (1 Monday … 7 Sunday) of a `YYYY-MM-DD` day. */
export function isoWeekday(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** "de lunes a viernes", "lunes, miércoles y viernes", "todos los días". */
export function describeWorkDays(days: readonly number[]): string {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  if (sorted.length === 7) return 'todos los días';
  const consecutive = sorted.length >= 3 && sorted.every((d, i) => i === 0 || d === (sorted[i - 1] ?? 0) + 1);
  const name = (d: number) => WEEKDAY_NAMES[d - 1] ?? '';
  if (consecutive) return `de ${name(sorted[0] ?? 1)} a ${name(sorted.at(-1) ?? 5)}`;
  const names = sorted.map(name);
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
}

/** A plan item as the calendar needs it; `evening`: kept for the end of the day (the bedtime audio). */
export type SchedulableItem = { area: string; minutes: number; evening?: boolean };

/**
 * Where each of a day's plan items goes in the calendar (minutes from local midnight), within the work hours:
 * today's audio (`meditation`) first thing, from the start of the day; the journal (`journal`) when the
 * working day ends, followed by anything marked `evening`; everything else (breaks, breathing, a class, the
 * coach) spread evenly between the two, on 5-minute marks. Items keep their own length (at least 1 minute).
 * Same input, same times.
 */
export function schedulePlanItems(
  items: readonly SchedulableItem[],
  hours: Pick<WorkHours, 'start' | 'end'>,
): Array<{ index: number; start: number; minutes: number }> {
  const dayStart = minutesOfDay(hours.start) ?? 9 * 60;
  const dayEnd = Math.max(minutesOfDay(hours.end) ?? 18 * 60, dayStart + 60);
  const placed: Array<{ index: number; start: number; minutes: number }> = [];
  let morning = dayStart;
  let evening = dayEnd;
  const middle: number[] = [];
  const late: number[] = [];
  items.forEach((item, index) => {
    const minutes = Math.max(1, Math.round(item.minutes));
    if (item.evening) late.push(index);
    else if (item.area === 'meditation') {
      placed.push({ index, start: morning, minutes });
      morning += minutes;
    } else if (item.area === 'journal') {
      placed.push({ index, start: evening, minutes });
      evening += minutes;
    } else middle.push(index);
  });
  for (const index of late) {
    const minutes = Math.max(1, Math.round(items[index]?.minutes ?? 1));
    placed.push({ index, start: Math.min(evening, 24 * 60 - 1), minutes });
    evening += minutes;
  }
  const span = dayEnd - morning;
  middle.forEach((index, i) => {
    const at = Math.round((morning + ((i + 1) * span) / (middle.length + 1)) / 5) * 5;
    placed.push({ index, start: Math.min(at, 24 * 60 - 1), minutes: Math.max(1, Math.round(items[index]?.minutes ?? 1)) });
  });
  return placed.sort((a, b) => a.index - b.index);
}
