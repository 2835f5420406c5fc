import { DEFAULT_WORK_HOURS, REMINDER_MESSAGE_MAX_LENGTH, minutesOfDay, type WorkHours } from '@ascenso/domain/work-hours';

/**
 * Active-break reminders (opt-in; the settings are stored on this device, the work hours on the profile).
 * Pure: given "now", the settings, the work hours and a snooze, when is the next reminder? Reminders fall
 * every N minutes from the start of the working day (the first one N minutes in), up to its end, on the
 * work days only: everything outside the work hours is quiet, and so is the optional quiet break inside
 * the day (lunch). A snooze moves the next reminder to its end (skipping the slots before it), unless its
 * end falls in quiet time: then the next slot after it. Times are the device's local time.
 */
export interface ReminderSettings {
  enabled: boolean;
  everyMinutes: number;
  quietEnabled: boolean;
  /** "HH:MM" */
  quietStart: string;
  quietEnd: string;
  /** The user's own reminder text ("" → the default text); at most REMINDER_MESSAGE_MAX_LENGTH characters. */
  message: string;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  everyMinutes: 60,
  quietEnabled: true,
  quietStart: '14:00',
  quietEnd: '15:00',
  message: '',
};

export const DEFAULT_REMINDER_TITLE = 'Hora de una pausa activa';
export const DEFAULT_REMINDER_MESSAGE = 'Levántate un par de minutos: cuello, espalda, ojos o piernas. Tu cuerpo te lo agradecerá.';

export const REMINDER_INTERVALS = [30, 45, 60, 90, 120] as const;
export const SNOOZE_MINUTES = [10, 30] as const;

export { minutesOfDay };

/** The text a reminder shows: the user's own message, or the default one. */
export function reminderMessage(settings: ReminderSettings): string {
  const own = settings.message.trim();
  return own === '' ? DEFAULT_REMINDER_MESSAGE : own.slice(0, REMINDER_MESSAGE_MAX_LENGTH);
}

/** What is wrong with the settings, in Spanish (empty when they are usable). */
export function reminderProblems(settings: ReminderSettings, hours: WorkHours = DEFAULT_WORK_HOURS): string[] {
  const problems: string[] = [];
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (!(settings.everyMinutes >= 10 && settings.everyMinutes <= 240)) problems.push('Elige un intervalo de entre 10 y 240 minutos.');
  else if (start !== null && end !== null && end - start < settings.everyMinutes)
    problems.push('Tu jornada es más corta que el intervalo elegido: no habría ningún recordatorio.');
  if (settings.quietEnabled) {
    const qs = minutesOfDay(settings.quietStart);
    const qe = minutesOfDay(settings.quietEnd);
    if (qs === null || qe === null) problems.push('Indica el inicio y el fin de la pausa sin avisos.');
    else if (qe <= qs) problems.push('La pausa sin avisos tiene que terminar después de empezar.');
  }
  if (settings.message.length > REMINDER_MESSAGE_MAX_LENGTH) problems.push(`Tu mensaje puede tener como mucho ${REMINDER_MESSAGE_MAX_LENGTH} caracteres.`);
  return problems;
}

function inQuietBreak(minute: number, settings: ReminderSettings): boolean {
  if (!settings.quietEnabled) return false;
  const qs = minutesOfDay(settings.quietStart);
  const qe = minutesOfDay(settings.quietEnd);
  return qs !== null && qe !== null && minute >= qs && minute < qe;
}

/** 1 Monday … 7 Sunday, of a local date. */
function isoWeekdayOf(date: Date): number {
  return date.getDay() === 0 ? 7 : date.getDay();
}

/** The reminder slots of one work day, in minutes from midnight. */
export function reminderSlots(settings: ReminderSettings, hours: WorkHours = DEFAULT_WORK_HOURS): number[] {
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (start === null || end === null || end <= start || !(settings.everyMinutes > 0)) return [];
  const slots: number[] = [];
  for (let minute = start + settings.everyMinutes; minute <= end; minute += settings.everyMinutes) {
    if (!inQuietBreak(minute, settings)) slots.push(minute);
  }
  return slots;
}

/** Whether `at` is reminder time: a work day, inside the work hours, outside the quiet break. */
export function isReminderTime(at: Date, settings: ReminderSettings, hours: WorkHours = DEFAULT_WORK_HOURS): boolean {
  const start = minutesOfDay(hours.start);
  const end = minutesOfDay(hours.end);
  if (start === null || end === null || !hours.days.includes(isoWeekdayOf(at))) return false;
  const minute = at.getHours() * 60 + at.getMinutes();
  return minute >= start && minute <= end && !inQuietBreak(minute, settings);
}

function nextSlotAfter(after: Date, slots: readonly number[], hours: WorkHours): Date | null {
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = new Date(after.getFullYear(), after.getMonth(), after.getDate() + offset);
    if (!hours.days.includes(isoWeekdayOf(day))) continue;
    for (const minute of slots) {
      const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minute);
      if (at.getTime() > after.getTime()) return at;
    }
  }
  return null;
}

/**
 * The next reminder strictly after `now`, or null when reminders are off or cannot happen. `snoozedUntil`
 * (ms): a snooze still running moves the next reminder to its end.
 */
export function nextReminder(now: Date, settings: ReminderSettings, hours: WorkHours = DEFAULT_WORK_HOURS, snoozedUntil: number | null = null): Date | null {
  if (!settings.enabled || reminderProblems(settings, hours).length > 0) return null;
  const slots = reminderSlots(settings, hours);
  if (slots.length === 0) return null;
  if (snoozedUntil !== null && snoozedUntil > now.getTime()) {
    const end = new Date(snoozedUntil);
    return isReminderTime(end, settings, hours) ? end : nextSlotAfter(end, slots, hours);
  }
  return nextSlotAfter(now, slots, hours);
}

/** How late a reminder may still be shown (the computer slept, or the tab opened just after it was due). */
export const LATE_MS = 5 * 60_000;

/**
 * The reminder a tab's scheduler waits for: nextReminder's, except that a snooze which ended less than LATE_MS
 * ago, at a time reminders are on, is still due at its end while no tab has shown it (`shownUpTo`: the latest
 * reminder time a tab claimed, see claimSlot). A tab opened or reloaded just after the snooze ended then shows
 * what the person asked to be reminded of, instead of skipping to the next slot.
 */
export function dueReminder(
  now: Date,
  settings: ReminderSettings,
  hours: WorkHours = DEFAULT_WORK_HOURS,
  snoozedUntil: number | null = null,
  shownUpTo = 0,
): Date | null {
  if (snoozedUntil !== null && snoozedUntil <= now.getTime() && now.getTime() - snoozedUntil <= LATE_MS && snoozedUntil > shownUpTo) {
    const end = new Date(snoozedUntil);
    if (settings.enabled && reminderProblems(settings, hours).length === 0 && isReminderTime(end, settings, hours)) return end;
  }
  return nextReminder(now, settings, hours, snoozedUntil);
}

/** Settings read back from storage: anything unexpected falls back to the defaults, field by field. */
export function parseReminderSettings(value: unknown): ReminderSettings {
  const input = typeof value === 'object' && value !== null ? (value as Partial<Record<keyof ReminderSettings, unknown>>) : {};
  const d = DEFAULT_REMINDER_SETTINGS;
  const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
  const time = (v: unknown, fallback: string) => (typeof v === 'string' && minutesOfDay(v) !== null ? v : fallback);
  return {
    enabled: bool(input.enabled, d.enabled),
    everyMinutes: typeof input.everyMinutes === 'number' && input.everyMinutes >= 10 && input.everyMinutes <= 240 ? input.everyMinutes : d.everyMinutes,
    quietEnabled: bool(input.quietEnabled, d.quietEnabled),
    quietStart: time(input.quietStart, d.quietStart),
    quietEnd: time(input.quietEnd, d.quietEnd),
    message: typeof input.message === 'string' ? input.message.slice(0, REMINDER_MESSAGE_MAX_LENGTH) : d.message,
  };
}

/** A stored snooze end (ms); anything else is no snooze. */
export function parseSnooze(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/** The latest reminder time claimed, as stored (see claimSlot); 0 when none or unreadable. */
export function parseClaim(raw: string | null): number {
  const claimed = Number(raw ?? 0);
  return Number.isFinite(claimed) ? claimed : 0;
}

/**
 * One tab shows a given reminder: the first to claim its time (stored, only ever growing) shows it; the
 * others, finding it claimed, stay silent. `read`/`write`: the shared storage (localStorage).
 */
export function claimSlot(at: number, read: () => string | null, write: (value: string) => void): boolean {
  if (parseClaim(read()) >= at) return false;
  write(String(at));
  return true;
}

/** "hoy a las 11:00", "mañana a las 10:00", "el lunes a las 10:00". */
export function describeReminder(at: Date, now: Date): string {
  const time = at.toLocaleTimeString('es-ES', { hour: '2-digit', minute: '2-digit' });
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((startOf(at) - startOf(now)) / 86_400_000);
  if (days === 0) return `hoy a las ${time}`;
  if (days === 1) return `mañana a las ${time}`;
  return `el ${at.toLocaleDateString('es-ES', { weekday: 'long' })} a las ${time}`;
}
