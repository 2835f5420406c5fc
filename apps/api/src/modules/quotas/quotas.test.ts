import { describe, expect, it } from 'vitest';
import { secondsUntilNextLocalDay, startOfLocalDay } from './quotas';

describe('the local day a quota counts', () => {
  it.each([
    ['2026-11-22T09:00:00Z', 'Europe/Madrid', '2026-11-21T23:00:00.000Z'],
    ['2026-11-22T22:59:59.999Z', 'Europe/Madrid', '2026-11-21T23:00:00.000Z'],
    ['2026-11-22T23:00:00Z', 'Europe/Madrid', '2026-11-22T23:00:00.000Z'],
    // The 23-hour and 25-hour days of Madrid's DST changes.
    ['2026-03-29T12:00:00Z', 'Europe/Madrid', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25T12:00:00Z', 'Europe/Madrid', '2026-10-24T22:00:00.000Z'],
    ['2026-11-22T11:00:00Z', 'Pacific/Kiritimati', '2026-11-22T10:00:00.000Z'],
    ['2026-11-22T11:00:00Z', 'Etc/GMT+12', '2026-11-21T12:00:00.000Z'],
    ['2026-11-22T11:00:00Z', 'Asia/Kolkata', '2026-11-21T18:30:00.000Z'],
  ])('%s in %s starts at %s', (instant, timezone, start) => {
    expect(startOfLocalDay(new Date(instant), timezone).toISOString()).toBe(start);
  });

  it('waits until the next local midnight, at least a second', () => {
    expect(secondsUntilNextLocalDay(new Date('2026-11-22T09:00:00Z'), 'Europe/Madrid')).toBe(14 * 3600);
    expect(secondsUntilNextLocalDay(new Date('2026-11-22T22:59:59.500Z'), 'Europe/Madrid')).toBe(1);
    expect(secondsUntilNextLocalDay(new Date('2026-10-24T22:00:00Z'), 'Europe/Madrid')).toBe(25 * 3600);
  });
});
