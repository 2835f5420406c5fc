import { describe, expect, it } from 'vitest';
import { addDays, localDay, startOfNextLocalDay } from './calendar';

describe('localDay and startOfNextLocalDay', () => {
  it.each([
    ['2026-11-22T09:00:00Z', 'Europe/Madrid', '2026-11-22', '2026-11-22T23:00:00.000Z'],
    ['2026-11-22T22:59:59Z', 'Europe/Madrid', '2026-11-22', '2026-11-22T23:00:00.000Z'],
    ['2026-11-22T23:00:00Z', 'Europe/Madrid', '2026-11-23', '2026-11-23T23:00:00.000Z'],
    ['2026-03-28T12:00:00Z', 'Europe/Madrid', '2026-03-28', '2026-03-28T23:00:00.000Z'],
    ['2026-03-29T00:30:00Z', 'Europe/Madrid', '2026-03-29', '2026-03-29T22:00:00.000Z'],
    ['2026-03-29T12:00:00Z', 'Europe/Madrid', '2026-03-29', '2026-03-29T22:00:00.000Z'],
    ['2026-11-22T12:00:00Z', 'America/Mexico_City', '2026-11-22', '2026-11-23T06:00:00.000Z'],
    ['2026-11-23T05:59:59Z', 'America/Mexico_City', '2026-11-22', '2026-11-23T06:00:00.000Z'],
    ['2026-11-23T06:00:00Z', 'America/Mexico_City', '2026-11-23', '2026-11-24T06:00:00.000Z'],
    ['2026-11-22T12:00:00Z', 'Pacific/Kiritimati', '2026-11-23', '2026-11-23T10:00:00.000Z'],
  ])('%s in %s: the local day is %s, the next one starts at %s', (instant, tz, day, nextDayStart) => {
    expect(localDay(new Date(instant), tz)).toBe(day);
    expect(startOfNextLocalDay(new Date(instant), tz).toISOString()).toBe(nextDayStart);
  });

  it('stays right when calls alternate zones and cross midnight (it remembers one day per zone and minute)', () => {
    const seconds = ['2026-11-22T22:59:00Z', '2026-11-22T22:59:59Z', '2026-11-22T23:00:00Z', '2026-11-22T23:00:30Z'];
    const expected = {
      'Europe/Madrid': ['2026-11-22', '2026-11-22', '2026-11-23', '2026-11-23'],
      'Europe/London': ['2026-11-22', '2026-11-22', '2026-11-22', '2026-11-22'],
    };
    for (let round = 0; round < 2; round += 1) {
      seconds.forEach((instant, i) => {
        expect(localDay(new Date(instant), 'Europe/Madrid')).toBe(expected['Europe/Madrid'][i]);
        expect(localDay(new Date(instant), 'Europe/London')).toBe(expected['Europe/London'][i]);
      });
    }
    // Going back in time works too.
    expect(localDay(new Date('2026-11-22T22:59:30Z'), 'Europe/Madrid')).toBe('2026-11-22');
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
