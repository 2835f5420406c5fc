import { lastDays, type ChartSeries } from '#lib/chart';

/**
 * Twelve distinguishable colours for the activity series, each ≥ 3:1 against white (WCAG 1.4.11),
 * alternating hue families so that neighbouring segments of a stacked bar stay apart.
 */
export const SERIES_COLORS = [
  '#0f766e', // teal
  '#c2410c', // orange
  '#4338ca', // indigo
  '#be185d', // magenta
  '#4d7c0f', // olive green
  '#0369a1', // blue
  '#7e22ce', // purple
  '#b91c1c', // red
  '#475569', // slate
  '#a16207', // gold
  '#78350f', // brown
  '#1f2633', // near black
] as const;

export interface CompletionRow {
  day: string;
  activityKey: string;
  completions: number;
}

export interface UsageRow {
  day: string;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** Failed model calls (error, timeout, empty or cut answer). */
  errors?: number;
  /** Daily plans written offline because the model failed. */
  planFallbacks?: number;
}

/**
 * Completions per activity per day for the `days` days ending `today`: one series per activity that
 * appears in the period (catalogue order, unknown keys last), zeros filled in.
 */
export function buildCompletionSeries(
  rows: readonly CompletionRow[],
  today: string,
  catalogue: ReadonlyArray<{ key: string; name: string }>,
  days = 14,
): { days: string[]; series: ChartSeries[] } {
  const dayList = lastDays(today, days);
  const dayIndex = new Map(dayList.map((day, i) => [day, i]));
  const byKey = new Map<string, number[]>();
  for (const row of rows) {
    const i = dayIndex.get(row.day);
    if (i === undefined) continue;
    const values = byKey.get(row.activityKey) ?? Array.from({ length: days }, () => 0);
    values[i] = (values[i] ?? 0) + row.completions;
    byKey.set(row.activityKey, values);
  }
  const order = catalogue.map((a) => a.key);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const keys = [...byKey.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const names = new Map(catalogue.map((a) => [a.key, a.name]));
  return {
    days: dayList,
    series: keys.map((key) => ({
      key,
      label: names.get(key) ?? key,
      // A stable colour per activity (its catalogue position), so the legend means the same every day.
      color: SERIES_COLORS[(rank(key) === order.length ? keys.indexOf(key) : rank(key)) % SERIES_COLORS.length] ?? SERIES_COLORS[0],
      values: byKey.get(key) ?? [],
    })),
  };
}

/** Input and output tokens per day (two stacked series), zeros filled in. */
export function buildUsageSeries(rows: readonly UsageRow[], today: string, days = 14): { days: string[]; series: ChartSeries[]; requests: number[] } {
  const dayList = lastDays(today, days);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const pick = (field: 'inputTokens' | 'outputTokens' | 'requests') => dayList.map((day) => byDay.get(day)?.[field] ?? 0);
  return {
    days: dayList,
    requests: pick('requests'),
    series: [
      { key: 'input', label: 'Tokens de entrada', color: '#1b5e58', values: pick('inputTokens') },
      { key: 'output', label: 'Tokens de salida', color: '#d26a1f', values: pick('outputTokens') },
    ],
  };
}

/**
 * Failed model calls per day, stacked: answers of the coach that failed (chat, sessions, journaling)
 * and daily plans written without the model (each fallback is also one of the day's errors).
 */
export function buildFailureSeries(
  rows: readonly UsageRow[],
  today: string,
  days = 14,
): { days: string[]; series: ChartSeries[]; errors: number; replies: number; fallbacks: number } {
  const dayList = lastDays(today, days);
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const fallbacks = dayList.map((day) => byDay.get(day)?.planFallbacks ?? 0);
  const replies = dayList.map((day, i) => Math.max(0, (byDay.get(day)?.errors ?? 0) - (fallbacks[i] ?? 0)));
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    days: dayList,
    errors: sum(replies) + sum(fallbacks),
    replies: sum(replies),
    fallbacks: sum(fallbacks),
    series: [
      { key: 'replies', label: 'Respuestas del coach fallidas', color: '#b3261e', values: replies },
      { key: 'fallbacks', label: 'Planes preparados sin IA', color: '#d26a1f', values: fallbacks },
    ],
  };
}
