import { describe, expect, it } from 'vitest';
import { addDaysToDay, labelledIndexes, lastDays, localDayIn, niceScale, shortDay, stackSegments, stackTotals, type ChartSeries } from './chart';

describe('chart scaling', () => {
  it('picks round, whole-number axis steps for counts', () => {
    expect(niceScale(5)).toEqual({ max: 6, ticks: [0, 2, 4, 6] });
    expect(niceScale(4)).toEqual({ max: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceScale(1)).toEqual({ max: 1, ticks: [0, 1] });
    expect(niceScale(1690)).toEqual({ max: 2000, ticks: [0, 500, 1000, 1500, 2000] });
    expect(niceScale(0, { fallback: 1000 })).toEqual({ max: 1000, ticks: [0, 500, 1000] });
    expect(niceScale(12_345).max).toBe(15_000);
    expect(niceScale(0.3, { integer: false }).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('stacks segments bottom-up and skips zeros', () => {
    const series: ChartSeries[] = [
      { key: 'a', label: 'A', color: '#000', values: [2, 0] },
      { key: 'b', label: 'B', color: '#111', values: [2, 4] },
    ];
    expect(stackTotals(series, 2)).toEqual([4, 4]);
    expect(stackSegments(series, 0, 8, 100)).toEqual([
      { seriesKey: 'a', y: 75, height: 25, value: 2 },
      { seriesKey: 'b', y: 50, height: 25, value: 2 },
    ]);
    expect(stackSegments(series, 1, 8, 100)).toEqual([{ seriesKey: 'b', y: 50, height: 50, value: 4 }]);
  });

  it('keeps tiny values visible (at least 1 px)', () => {
    const [segment] = stackSegments([{ key: 'a', label: 'A', color: '#000', values: [1] }], 0, 10_000, 100);
    expect(segment?.height).toBe(1);
  });
});

describe('days', () => {
  it('does calendar arithmetic across months and years', () => {
    expect(addDaysToDay('2026-05-31', 1)).toBe('2026-06-01');
    expect(addDaysToDay('2026-01-01', -1)).toBe('2025-12-31');
    expect(lastDays('2026-03-02', 3)).toEqual(['2026-02-28', '2026-03-01', '2026-03-02']);
    expect(lastDays('2026-03-02', 14)).toHaveLength(14);
  });

  it('finds the local day in a time zone', () => {
    const lateUtc = new Date('2026-05-31T23:30:00Z');
    expect(localDayIn(lateUtc, 'Europe/Madrid')).toBe('2026-06-01');
    expect(localDayIn(lateUtc, 'America/Mexico_City')).toBe('2026-05-31');
  });

  it('formats axis labels in Spanish and labels every n-th bar from the end', () => {
    expect(shortDay('2026-05-31')).toBe('31 may');
    expect([...labelledIndexes(10, 3)].sort((a, b) => a - b)).toEqual([0, 3, 6, 9]);
  });
});
