/** The user's local hour and the greeting that fits it. */
const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** 0–23: the hour of `instant` on the wall clock of `timezone`. */
export function localHour(instant: Date, timezone: string): number {
  let formatter = hourFormatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, hour: '2-digit', hourCycle: 'h23' });
    hourFormatters.set(timezone, formatter);
  }
  const hour = Number(formatter.formatToParts(instant).find((p) => p.type === 'hour')?.value ?? 0);
  return hour === 24 ? 0 : hour;
}

export type TimeOfDay = 'mañana' | 'tarde' | 'noche';

/** 06:00–13:59 mañana, 14:00–20:59 tarde, 21:00–05:59 noche (Spanish usage: "buenas tardes" after lunch). */
export function timeOfDay(hour: number): TimeOfDay {
  if (hour >= 6 && hour < 14) return 'mañana';
  if (hour >= 14 && hour < 21) return 'tarde';
  return 'noche';
}

export function greetingFor(hour: number): 'Buenos días' | 'Buenas tardes' | 'Buenas noches' {
  const part = timeOfDay(hour);
  return part === 'mañana' ? 'Buenos días' : part === 'tarde' ? 'Buenas tardes' : 'Buenas noches';
}
