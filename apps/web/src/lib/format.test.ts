import { describe, expect, it } from 'vitest';
import { allowancePercent, formatLocalDay, inCatalogueOrder, timeZoneName, todayCountLabel } from './format';

describe('profile formatting', () => {
  it('names a time zone in Spanish, and gives up on unknown zones', () => {
    expect(timeZoneName('Europe/Madrid', new Date('2026-11-22T10:00:00Z'))).toBe('hora de Europa central');
    expect(timeZoneName('Not/AZone', new Date())).toBeNull();
  });

  it('formats the API day without shifting it through the browser time zone', () => {
    expect(formatLocalDay('2026-11-22')).toBe('domingo, 22 de noviembre');
    expect(formatLocalDay('22/11/2026')).toBeNull();
  });

  it('caps the allowance bar at 100 %', () => {
    expect(allowancePercent(0, 5)).toBe(0);
    expect(allowancePercent(2, 5)).toBe(40);
    expect(allowancePercent(3, 2)).toBe(100);
    expect(allowancePercent(0, 0)).toBe(100);
    expect(todayCountLabel(2, 5)).toBe('2 de 5 hoy');
    expect(todayCountLabel(2, 2)).toBe('2 de 2 hoy');
    expect(todayCountLabel(3, 2)).toBe('3 hoy · límite 2');
  });

  it('lists activities in the catalogue order, unknown ones last', () => {
    const rows = [{ activityKey: 'b' }, { activityKey: 'zz' }, { activityKey: 'c' }, { activityKey: 'a' }];
    expect(inCatalogueOrder(rows, ['a', 'b', 'c']).map((r) => r.activityKey)).toEqual(['a', 'b', 'c', 'zz']);
  });
});
