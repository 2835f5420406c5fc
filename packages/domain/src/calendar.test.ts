import { describe, expect, it } from 'vitest';
import { addDays, localDay } from './calendar';

describe('localDay', () => {
  it.each([
    ['2026-11-22T22:59:59Z', 'Europe/Madrid', '2026-11-22'],
    ['2026-11-22T23:00:00Z', 'Europe/Madrid', '2026-11-23'],
    ['2026-11-23T05:59:59Z', 'America/Mexico_City', '2026-11-22'],
    ['2026-11-23T06:00:00Z', 'America/Mexico_City', '2026-11-23'],
    ['2026-03-29T00:30:00Z', 'Europe/Madrid', '2026-03-29'],
    ['2026-11-22T12:00:00Z', 'Pacific/Kiritimati', '2026-11-23'],
  ])('%s in %s is %s', (instant, tz, day) => {
    expect(localDay(new Date(instant), tz)).toBe(day);
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-22', -1, '2026-11-21'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2028-02-28', 1, '2028-02-29'],
  ])('%s %+i → %s', (day, offset, expected) => expect(addDays(day, offset)).toBe(expected));
});
