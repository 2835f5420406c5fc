import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_SETTINGS,
  describeReminder,
  nextReminder,
  parseReminderSettings,
  reminderProblems,
  reminderSlots,
  type ReminderSettings,
} from './reminders';

const ON: ReminderSettings = { ...DEFAULT_REMINDER_SETTINGS, enabled: true };
// Monday 5 January 2026 (local time), and the weekend after it.
const monday = (h: number, m = 0) => new Date(2026, 0, 5, h, m);

describe('break reminder scheduling', () => {
  it('is off until the user opts in', () => {
    expect(nextReminder(monday(10), DEFAULT_REMINDER_SETTINGS)).toBeNull();
  });

  it('reminds every N minutes from the start of the working day', () => {
    expect(nextReminder(monday(7), ON)).toEqual(monday(10));
    expect(nextReminder(monday(10), ON)).toEqual(monday(11));
    expect(nextReminder(monday(10, 59), ON)).toEqual(monday(11));
    expect(nextReminder(monday(9, 5), { ...ON, everyMinutes: 30 })).toEqual(monday(9, 30));
  });

  it('skips the quiet hours', () => {
    expect(nextReminder(monday(13, 30), ON)).toEqual(monday(15));
    expect(nextReminder(monday(13, 30), { ...ON, quietEnabled: false })).toEqual(monday(14));
    expect(reminderSlots(ON).map((m) => m / 60)).toEqual([10, 11, 12, 13, 15, 16, 17, 18]);
  });

  it('moves to the next working day after hours, and skips the weekend', () => {
    expect(nextReminder(monday(18, 30), ON)).toEqual(new Date(2026, 0, 6, 10, 0));
    const fridayEvening = new Date(2026, 0, 9, 19, 0);
    expect(nextReminder(fridayEvening, ON)).toEqual(new Date(2026, 0, 12, 10, 0));
    expect(nextReminder(fridayEvening, { ...ON, weekdaysOnly: false })).toEqual(new Date(2026, 0, 10, 10, 0));
  });

  it('refuses settings that cannot work', () => {
    expect(reminderProblems({ ...ON, workStart: '18:00', workEnd: '09:00' })).toContain('La jornada tiene que terminar después de empezar.');
    expect(nextReminder(monday(8), { ...ON, workStart: '18:00', workEnd: '09:00' })).toBeNull();
    expect(reminderProblems({ ...ON, workStart: '09:00', workEnd: '09:20', everyMinutes: 30 })).toHaveLength(1);
    expect(reminderProblems({ ...ON, quietStart: '15:00', quietEnd: '14:00' })).toHaveLength(1);
    expect(reminderProblems(ON)).toEqual([]);
  });

  it('reads stored settings defensively', () => {
    expect(parseReminderSettings(null)).toEqual(DEFAULT_REMINDER_SETTINGS);
    expect(parseReminderSettings({ enabled: true, everyMinutes: 5, workStart: '25:00', workEnd: '17:30' })).toEqual({
      ...DEFAULT_REMINDER_SETTINGS,
      enabled: true,
      workEnd: '17:30',
    });
  });

  it('says when the next reminder is', () => {
    expect(describeReminder(monday(11), monday(10))).toBe('hoy a las 11:00');
    expect(describeReminder(new Date(2026, 0, 6, 10), monday(19))).toBe('mañana a las 10:00');
    expect(describeReminder(new Date(2026, 0, 12, 10), new Date(2026, 0, 9, 19))).toBe('el lunes a las 10:00');
  });
});
