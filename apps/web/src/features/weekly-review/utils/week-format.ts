import { REVIEW_AREAS, type ReviewArea } from '@ascenso/domain/weekly-review';

const DAY_MONTH = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('es-ES', { weekday: 'long', timeZone: 'UTC' });
const WEEKDAY_SHORT = new Intl.DateTimeFormat('es-ES', { weekday: 'short', timeZone: 'UTC' });

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** "2026-11-23", "2026-11-29" → "del 23 al 29 de noviembre de 2026" (months and years only when they differ). */
export function weekRange(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const sameMonth = sameYear && from.slice(5, 7) === to.slice(5, 7);
  const start = sameMonth ? String(Number(from.slice(8, 10))) : sameYear ? DAY_MONTH.format(noon(from)) : DAY_MONTH_YEAR.format(noon(from));
  return `del ${start} al ${DAY_MONTH_YEAR.format(noon(to))}`;
}

/** "2026-11-23" → "lunes". */
export function weekdayName(day: string): string {
  return WEEKDAY.format(noon(day));
}

/** "2026-11-23" → "lun" (chart axis). */
export function weekdayShort(day: string): string {
  return WEEKDAY_SHORT.format(noon(day)).replace('.', '');
}

/** Colours of the areas in the chart (each at least 3:1 against white). */
export const AREA_COLORS: Record<ReviewArea, string> = {
  mente: '#1d756b',
  cuerpo: '#b4490f',
  coaching: '#4a4fb3',
  diario: '#8a5a00',
};

/** Steps of each area on each day, in REVIEW_AREAS order, for the stacked chart. */
export function stepsByAreaAndDay(days: ReadonlyArray<{ activities: ReadonlyArray<{ area: ReviewArea; steps: number }> }>): Record<ReviewArea, number[]> {
  const out = Object.fromEntries(REVIEW_AREAS.map((area) => [area, days.map(() => 0)])) as Record<ReviewArea, number[]>;
  days.forEach((day, i) => {
    for (const activity of day.activities) out[activity.area][i] = (out[activity.area][i] ?? 0) + activity.steps;
  });
  return out;
}

/** "1 vez" / "3 veces". */
export function timesLabel(n: number): string {
  return n === 1 ? '1 vez' : `${n} veces`;
}

/** "1 día con actividad" / "4 días con actividad" (a count of days, never consecutive ones). */
export function activeDaysLabel(n: number): string {
  if (n === 0) return 'Ningún día con actividad registrada';
  return n === 1 ? '1 día con actividad' : `${n} días con actividad`;
}
