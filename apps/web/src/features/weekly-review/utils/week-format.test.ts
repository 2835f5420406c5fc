import { describe, expect, it } from 'vitest';
import { activeDaysLabel, stepsByAreaAndDay, weekRange, weekdayName } from './week-format';

describe('week-format', () => {
  it.each([
    ['2026-11-23', '2026-11-29', 'del 23 al 29 de noviembre de 2026'],
    ['2026-11-30', '2026-12-06', 'del 30 de noviembre al 6 de diciembre de 2026'],
    ['2026-12-28', '2027-01-03', 'del 28 de diciembre de 2026 al 3 de enero de 2027'],
  ])('%s–%s → %s', (from, to, text) => {
    expect(weekRange(from, to)).toBe(text);
  });

  it('names days and counts without streak words', () => {
    expect(weekdayName('2026-11-23')).toBe('lunes');
    expect([0, 1, 4].map(activeDaysLabel)).toEqual(['Ningún día con actividad registrada', '1 día con actividad', '4 días con actividad']);
  });

  it('stacks steps by area and day', () => {
    const out = stepsByAreaAndDay([
      {
        activities: [
          { area: 'cuerpo', steps: 140 },
          { area: 'mente', steps: 85 },
        ],
      },
      { activities: [] },
      { activities: [{ area: 'cuerpo', steps: 70 }] },
    ]);
    expect(out).toEqual({ mente: [85, 0, 0], cuerpo: [140, 0, 70], coaching: [0, 0, 0], diario: [0, 0, 0] });
  });
});
