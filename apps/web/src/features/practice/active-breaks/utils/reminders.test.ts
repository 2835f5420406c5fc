import { DEFAULT_WORK_HOURS, type WorkHours } from '@ascenso/domain/work-hours';
import { describe, expect, it } from 'vitest';
import {
  claimSlot,
  DEFAULT_REMINDER_MESSAGE,
  DEFAULT_REMINDER_SETTINGS,
  describeReminder,
  dueReminder,
  isReminderTime,
  nextReminder,
  parseReminderSettings,
  parseSnooze,
  reminderMessage,
  reminderProblems,
  reminderSlots,
  type ReminderSettings,
} from './reminders';

const ON: ReminderSettings = { ...DEFAULT_REMINDER_SETTINGS, enabled: true };
// Monday 5 January 2026 (local time), and the weekend after it.
const monday = (h: number, m = 0) => new Date(2026, 0, 5, h, m);
const MINUTE = 60_000;

describe('break reminder scheduling', () => {
  it('is off until the user opts in', () => {
    expect(nextReminder(monday(10), DEFAULT_REMINDER_SETTINGS)).toBeNull();
  });

  it('reminds every N minutes from the start of the working day (default work hours 09:00–18:00)', () => {
    expect(nextReminder(monday(7), ON)).toEqual(monday(10));
    expect(nextReminder(monday(10), ON)).toEqual(monday(11));
    expect(nextReminder(monday(10, 59), ON)).toEqual(monday(11));
    expect(nextReminder(monday(9, 5), { ...ON, everyMinutes: 30 })).toEqual(monday(9, 30));
  });

  it('uses the work hours and days from the profile: outside them is quiet', () => {
    const hours: WorkHours = { start: '07:00', end: '15:00', days: [1, 3, 5] };
    expect(reminderSlots(ON, hours).map((m) => m / 60)).toEqual([8, 9, 10, 11, 12, 13, 15]);
    expect(nextReminder(monday(6), ON, hours)).toEqual(monday(8));
    // After 15:00 on Monday, Tuesday is not a work day: Wednesday at 08:00.
    expect(nextReminder(monday(15, 1), ON, hours)).toEqual(new Date(2026, 0, 7, 8, 0));
    expect(isReminderTime(monday(16), ON, hours)).toBe(false);
    expect(isReminderTime(new Date(2026, 0, 6, 10), ON, hours)).toBe(false); // Tuesday
    expect(isReminderTime(monday(10), ON, hours)).toBe(true);
  });

  it('skips the quiet break inside the day', () => {
    expect(nextReminder(monday(13, 30), ON)).toEqual(monday(15));
    expect(nextReminder(monday(13, 30), { ...ON, quietEnabled: false })).toEqual(monday(14));
    expect(reminderSlots(ON).map((m) => m / 60)).toEqual([10, 11, 12, 13, 15, 16, 17, 18]);
    expect(isReminderTime(monday(14, 30), ON)).toBe(false);
  });

  it('moves to the next work day after hours, and skips the weekend (Monday to Friday by default)', () => {
    expect(DEFAULT_WORK_HOURS).toEqual({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] });
    expect(nextReminder(monday(18, 30), ON)).toEqual(new Date(2026, 0, 6, 10, 0));
    const fridayEvening = new Date(2026, 0, 9, 19, 0);
    expect(nextReminder(fridayEvening, ON)).toEqual(new Date(2026, 0, 12, 10, 0));
    expect(nextReminder(fridayEvening, ON, { ...DEFAULT_WORK_HOURS, days: [1, 2, 3, 4, 5, 6, 7] })).toEqual(new Date(2026, 0, 10, 10, 0));
  });

  it('snoozes: the next reminder comes when the snooze ends, skipping the slots before it', () => {
    // The 11:00 reminder snoozed for 10 minutes: 11:10, not 12:00.
    const now = monday(11);
    expect(nextReminder(now, ON, DEFAULT_WORK_HOURS, now.getTime() + 10 * MINUTE)).toEqual(monday(11, 10));
    // Snoozed 30 minutes at 11:50: 12:20 (the 12:00 slot is skipped); then the normal 13:00 slot.
    expect(nextReminder(monday(11, 50), ON, DEFAULT_WORK_HOURS, monday(12, 20).getTime())).toEqual(monday(12, 20));
    expect(nextReminder(monday(12, 20), ON, DEFAULT_WORK_HOURS, monday(12, 20).getTime())).toEqual(monday(13));
    // A snooze ending in quiet time (the quiet break, or after work): the next slot after it.
    expect(nextReminder(monday(13, 55), ON, DEFAULT_WORK_HOURS, monday(14, 5).getTime())).toEqual(monday(15));
    expect(nextReminder(monday(17, 55), ON, DEFAULT_WORK_HOURS, monday(18, 25).getTime())).toEqual(new Date(2026, 0, 6, 10, 0));
    // An old snooze changes nothing.
    expect(nextReminder(monday(11), ON, DEFAULT_WORK_HOURS, monday(10, 30).getTime())).toEqual(monday(12));
    expect(parseSnooze(monday(11).getTime())).toBe(monday(11).getTime());
    expect(parseSnooze('mañana')).toBeNull();
  });

  it('a tab that starts just after a snooze ended still shows it, once', () => {
    const end = monday(11, 10).getTime();
    // Reloaded at 11:11, nothing shown since 11:00: the snoozed reminder is due at once (its end), not at 12:00.
    expect(dueReminder(monday(11, 11), ON, DEFAULT_WORK_HOURS, end, monday(11).getTime())).toEqual(monday(11, 10));
    // Once a tab has shown it, the next slot; and no later than LATE_MS after the snooze ended.
    expect(dueReminder(monday(11, 11), ON, DEFAULT_WORK_HOURS, end, end)).toEqual(monday(12));
    expect(dueReminder(monday(11, 16), ON, DEFAULT_WORK_HOURS, end, 0)).toEqual(monday(12));
    // Before the snooze ends, and without one, the same as nextReminder.
    expect(dueReminder(monday(11, 5), ON, DEFAULT_WORK_HOURS, end, 0)).toEqual(monday(11, 10));
    expect(dueReminder(monday(11, 5), ON, DEFAULT_WORK_HOURS, null, 0)).toEqual(monday(12));
    // A snooze that ended in quiet time, or with reminders off: nothing late.
    expect(dueReminder(monday(14, 6), ON, DEFAULT_WORK_HOURS, monday(14, 5).getTime(), 0)).toEqual(monday(15));
    expect(dueReminder(monday(11, 11), DEFAULT_REMINDER_SETTINGS, DEFAULT_WORK_HOURS, end, 0)).toBeNull();
  });

  it('shows the user’s own message (up to 140 characters), or the default one', () => {
    expect(reminderMessage(ON)).toBe(DEFAULT_REMINDER_MESSAGE);
    expect(reminderMessage({ ...ON, message: '  Estira la espalda y bebe agua  ' })).toBe('Estira la espalda y bebe agua');
    expect(reminderProblems({ ...ON, message: 'a'.repeat(141) })).toEqual(['Tu mensaje puede tener como mucho 140 caracteres.']);
    expect(parseReminderSettings({ ...ON, message: 'b'.repeat(200) }).message).toHaveLength(140);
  });

  it('lets one tab show a given reminder', () => {
    let stored: string | null = null;
    const read = () => stored;
    const write = (value: string) => {
      stored = value;
    };
    const at = monday(11).getTime();
    expect(claimSlot(at, read, write)).toBe(true);
    expect(claimSlot(at, read, write)).toBe(false); // another tab, same reminder
    expect(claimSlot(monday(11, 10).getTime(), read, write)).toBe(true); // the snoozed one, later
  });

  it('refuses settings that cannot work', () => {
    expect(reminderProblems({ ...ON, everyMinutes: 120 }, { start: '09:00', end: '10:00', days: [1] })).toEqual([
      'Tu jornada es más corta que el intervalo elegido: no habría ningún recordatorio.',
    ]);
    expect(nextReminder(monday(8), { ...ON, everyMinutes: 120 }, { start: '09:00', end: '10:00', days: [1] })).toBeNull();
    expect(reminderProblems({ ...ON, quietStart: '15:00', quietEnd: '14:00' })).toHaveLength(1);
    expect(reminderProblems(ON)).toEqual([]);
  });

  it('reads stored settings defensively (older settings with their own work hours keep the rest)', () => {
    expect(parseReminderSettings(null)).toEqual(DEFAULT_REMINDER_SETTINGS);
    expect(parseReminderSettings({ enabled: true, everyMinutes: 5, workStart: '25:00', workEnd: '17:30', quietEnd: '15:30' })).toEqual({
      ...DEFAULT_REMINDER_SETTINGS,
      enabled: true,
      quietEnd: '15:30',
    });
  });

  it('says when the next reminder is', () => {
    expect(describeReminder(monday(11), monday(10))).toBe('hoy a las 11:00');
    expect(describeReminder(new Date(2026, 0, 6, 10), monday(19))).toBe('mañana a las 10:00');
    expect(describeReminder(new Date(2026, 0, 12, 10), new Date(2026, 0, 9, 19))).toBe('el lunes a las 10:00');
  });
});
