/**
 * Active-break reminders during working hours (opt-in, stored on this device). Pure: given "now" and
 * the settings, when is the next reminder? Reminders fall every N minutes from the start of the
 * working day (the first one N minutes in), up to its end, never inside the quiet hours, and on
 * weekdays only unless the user says otherwise. Times are local.
 */
export interface ReminderSettings {
  enabled: boolean;
  everyMinutes: number;
  /** "HH:MM" */
  workStart: string;
  workEnd: string;
  quietEnabled: boolean;
  quietStart: string;
  quietEnd: string;
  weekdaysOnly: boolean;
}

export const DEFAULT_REMINDER_SETTINGS: ReminderSettings = {
  enabled: false,
  everyMinutes: 60,
  workStart: '09:00',
  workEnd: '18:00',
  quietEnabled: true,
  quietStart: '14:00',
  quietEnd: '15:00',
  weekdaysOnly: true,
};

export const REMINDER_INTERVALS = [30, 45, 60, 90, 120] as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "09:30" → 570; null when malformed. */
export function minutesOfDay(time: string): number | null {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** What is wrong with the settings, in Spanish (empty when they are usable). */
export function reminderProblems(settings: ReminderSettings): string[] {
  const problems: string[] = [];
  const start = minutesOfDay(settings.workStart);
  const end = minutesOfDay(settings.workEnd);
  if (start === null || end === null) problems.push('Indica la hora de inicio y de fin de tu jornada.');
  else if (end <= start) problems.push('La jornada tiene que terminar después de empezar.');
  else if (end - start < settings.everyMinutes) problems.push('Tu jornada es más corta que el intervalo elegido: no habría ningún recordatorio.');
  if (!(settings.everyMinutes >= 10 && settings.everyMinutes <= 240)) problems.push('Elige un intervalo de entre 10 y 240 minutos.');
  if (settings.quietEnabled) {
    const qs = minutesOfDay(settings.quietStart);
    const qe = minutesOfDay(settings.quietEnd);
    if (qs === null || qe === null) problems.push('Indica el inicio y el fin de las horas de silencio.');
    else if (qe <= qs) problems.push('Las horas de silencio tienen que terminar después de empezar.');
  }
  return problems;
}

function inQuietHours(minute: number, settings: ReminderSettings): boolean {
  if (!settings.quietEnabled) return false;
  const qs = minutesOfDay(settings.quietStart);
  const qe = minutesOfDay(settings.quietEnd);
  return qs !== null && qe !== null && minute >= qs && minute < qe;
}

/** The reminder slots of one day, in minutes from midnight. */
export function reminderSlots(settings: ReminderSettings): number[] {
  const start = minutesOfDay(settings.workStart);
  const end = minutesOfDay(settings.workEnd);
  if (start === null || end === null || end <= start || !(settings.everyMinutes > 0)) return [];
  const slots: number[] = [];
  for (let minute = start + settings.everyMinutes; minute <= end; minute += settings.everyMinutes) {
    if (!inQuietHours(minute, settings)) slots.push(minute);
  }
  return slots;
}

/** The next reminder strictly after `now`, or null when reminders are off or cannot happen. */
export function nextReminder(now: Date, settings: ReminderSettings): Date | null {
  if (!settings.enabled || reminderProblems(settings).length > 0) return null;
  const slots = reminderSlots(settings);
  if (slots.length === 0) return null;
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
    const weekday = day.getDay();
    if (settings.weekdaysOnly && (weekday === 0 || weekday === 6)) continue;
    for (const minute of slots) {
      const at = new Date(day.getFullYear(), day.getMonth(), day.getDate(), 0, minute);
      if (at.getTime() > now.getTime()) return at;
    }
  }
  return null;
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
    workStart: time(input.workStart, d.workStart),
    workEnd: time(input.workEnd, d.workEnd),
    quietEnabled: bool(input.quietEnabled, d.quietEnabled),
    quietStart: time(input.quietStart, d.quietStart),
    quietEnd: time(input.quietEnd, d.quietEnd),
    weekdaysOnly: bool(input.weekdaysOnly, d.weekdaysOnly),
  };
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
