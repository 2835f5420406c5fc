/**
 * Pure helpers behind the SVG bar charts (profile steps history, admin activity and AI usage):
 * a "nice" axis maximum with evenly spaced ticks, stacked-bar geometry and day sequences.
 */

/** The smallest 1 / 2 / 5 × 10ⁿ step ≥ `raw` (at least 1 for whole-number data). */
function niceStep(raw: number, integer: boolean): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((candidate) => candidate >= raw) ?? 10 * magnitude;
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

/**
 * Axis for data up to `dataMax`: about `count` round steps from 0, never fractional for counts
 * (5 completions → 0, 2, 4, 6; 1690 steps → 0, 500 … 2000). Empty data gets 0…`fallback`.
 */
export function niceScale(dataMax: number, options: { count?: number; integer?: boolean; fallback?: number } = {}): { max: number; ticks: number[] } {
  const { count = 4, integer = true, fallback = 10 } = options;
  const target = Number.isFinite(dataMax) && dataMax > 0 ? dataMax : fallback;
  const step = niceStep(target / count, integer);
  const max = Math.ceil(target / step - 1e-9) * step;
  const steps = Math.round(max / step);
  return { max, ticks: Array.from({ length: steps + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6) };
}

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
  /** One value per category (day), in category order. */
  values: number[];
}

export interface BarSegment {
  seriesKey: string;
  /** Top edge, in pixels from the plot's top. */
  y: number;
  height: number;
  value: number;
}

/** Per-category totals of stacked series. */
export function stackTotals(series: readonly ChartSeries[], categoryCount: number): number[] {
  return Array.from({ length: categoryCount }, (_, i) => series.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0));
}

/**
 * Stacked segments of one category, bottom-up in series order. Values ≤ 0 draw nothing; a non-zero
 * segment is at least 1 px high so that small counts stay visible.
 */
export function stackSegments(series: readonly ChartSeries[], index: number, max: number, plotHeight: number): BarSegment[] {
  const segments: BarSegment[] = [];
  let base = plotHeight;
  for (const s of series) {
    const value = Math.max(0, s.values[index] ?? 0);
    if (value === 0 || max <= 0) continue;
    const height = Math.max(1, (value / max) * plotHeight);
    base -= height;
    segments.push({ seriesKey: s.key, y: base, height, value });
  }
  return segments;
}

/** "2026-05-31" + 1 → "2026-06-01" (calendar arithmetic in UTC: no time-zone drift). */
export function addDaysToDay(day: string, delta: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + delta);
  return date.toISOString().slice(0, 10);
}

/** The `count` days ending with `today` (oldest first). */
export function lastDays(today: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDaysToDay(today, i - (count - 1)));
}

/** Today's calendar day ("2026-05-31") in an IANA time zone (falls back to the browser's zone). */
export function localDayIn(now: Date, timeZone: string): string {
  const format = (zone?: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format();
  }
}

const SHORT_DAY = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const LONG_DAY = new Intl.DateTimeFormat('es-ES', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "2026-05-31" → "31 may" (axis labels). */
export function shortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T12:00:00Z`)).replace('.', '');
}

/** "2026-05-31" → "domingo, 31 de mayo" (table rows and summaries). */
export function longDay(day: string): string {
  return LONG_DAY.format(new Date(`${day}T12:00:00Z`));
}

/** Which category indexes get an axis label: every `every`-th counted back from the last one. */
export function labelledIndexes(count: number, every: number): Set<number> {
  const result = new Set<number>();
  for (let i = count - 1; i >= 0; i -= Math.max(1, every)) result.add(i);
  return result;
}
