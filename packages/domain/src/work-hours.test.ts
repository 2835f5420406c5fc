import { describe, expect, it } from 'vitest';
import { describeWorkDays, formatWorkDays, isoWeekday, parseWorkDays, schedulePlanItems, WorkHoursSchema } from './work-hours';

describe('work hours', () => {
  it('validates HH:MM, end after start, at least one distinct day (Spanish messages)', () => {
    expect(WorkHoursSchema.safeParse({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] }).success).toBe(true);
    const messages = (input: unknown) => (WorkHoursSchema.safeParse(input).error?.issues ?? []).map((i) => i.message);
    expect(messages({ start: '18:00', end: '18:00', days: [1] })).toEqual(['Tu jornada tiene que terminar después de empezar']);
    expect(messages({ start: '9:00', end: '18:00', days: [1] })).toEqual(['La hora de inicio tiene que ser HH:MM, por ejemplo 09:00']);
    expect(messages({ start: '09:00', end: '18:00', days: [] })).toEqual(['Elige al menos un día de trabajo']);
  });

  it('stores days as sorted ISO weekdays and reads anything odd back as Monday to Friday', () => {
    expect(formatWorkDays([6, 1, 1, 3])).toBe('1,3,6');
    expect(parseWorkDays('6,1,3')).toEqual([1, 3, 6]);
    expect(parseWorkDays('')).toEqual([1, 2, 3, 4, 5]);
    expect(parseWorkDays('9,x')).toEqual([1, 2, 3, 4, 5]);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });

  it('describes the days in Spanish', () => {
    expect(describeWorkDays([1, 2, 3, 4, 5])).toBe('de lunes a viernes');
    expect(describeWorkDays([1, 3, 5])).toBe('lunes, miércoles y viernes');
    expect(describeWorkDays([6])).toBe('sábado');
    expect(describeWorkDays([1, 2, 3, 4, 5, 6, 7])).toBe('todos los días');
  });

  it('places the audio first thing, the journal at the end of the day and the rest evenly between, on 5-minute marks', () => {
    const items = [
      { area: 'meditation', minutes: 10 },
      { area: 'active-breaks', minutes: 2 },
      { area: 'breathing', minutes: 3 },
      { area: 'journal', minutes: 10 },
    ];
    expect(schedulePlanItems(items, { start: '09:00', end: '18:00' })).toEqual([
      { index: 0, start: 9 * 60, minutes: 10 },
      { index: 1, start: 12 * 60 + 5, minutes: 2 }, // 09:10 + 530 / 3, rounded to 5 minutes
      { index: 2, start: 15 * 60 + 5, minutes: 3 },
      { index: 3, start: 18 * 60, minutes: 10 },
    ]);
    // The bedtime audio waits for the evening, after the journal.
    expect(
      schedulePlanItems(
        [
          { area: 'meditation', minutes: 10, evening: true },
          { area: 'journal', minutes: 5 },
        ],
        { start: '08:00', end: '16:00' },
      ),
    ).toEqual([
      { index: 0, start: 16 * 60 + 5, minutes: 10 },
      { index: 1, start: 16 * 60, minutes: 5 },
    ]);
  });
});
