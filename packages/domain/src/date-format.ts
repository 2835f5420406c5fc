/**
 * How the app writes a moment, in one place for the API's pages and exports and for the web app: the time is
 * always 24-hour with two digits, "08:29". (Intl's `timeStyle: 'short'` writes "8:29" in es-ES, so the share page
 * and the export read differently from every other screen before 10:00.) Formatters are cached per style and time
 * zone; an unknown time zone falls back to the runtime's own instead of throwing.
 */
export type DateTimeStyle =
  /** "08:29" */
  | 'time'
  /** "3 de diciembre de 2026 a las 08:29" */
  | 'long'
  /** "jueves, 3 de diciembre de 2026, 08:29" */
  | 'full';

const TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
const STYLES: Record<DateTimeStyle, Intl.DateTimeFormatOptions> = {
  time: TIME,
  long: { day: 'numeric', month: 'long', year: 'numeric', ...TIME },
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', ...TIME },
};

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateTimeStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style} ${timeZone ?? ''}`;
  let found = cache.get(key);
  if (!found) {
    try {
      found = new Intl.DateTimeFormat('es-ES', { ...STYLES[style], timeZone });
    } catch {
      found = new Intl.DateTimeFormat('es-ES', STYLES[style]);
    }
    if (cache.size > 200) cache.clear();
    cache.set(key, found);
  }
  return found;
}

/** `date` in `timeZone` (the user's; the runtime's when absent or unknown), in one of the app's styles. */
export function formatDateTime(date: Date, timeZone: string | undefined, style: DateTimeStyle = 'long'): string {
  return formatter(style, timeZone).format(date);
}
