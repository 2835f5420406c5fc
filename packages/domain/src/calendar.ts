const formatters = new Map<string, Intl.DateTimeFormat>();
/** The last day computed per zone, by UTC minute: most calls in a busy minute ask the same. */
const lastDay = new Map<string, { minute: number; day: string }>();

/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
function dayFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timezone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone: timezone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timezone, formatter);
  }
  return formatter;
}

/** The user's local calendar day, `YYYY-MM-DD`, of an instant in an IANA time zone. */
export function localDay(instant: Date, timezone: string): string {
  // Every zone's offset is a whole number of minutes, so the day is constant within a UTC minute.
  const minute = Math.floor(instant.getTime() / 60_000);
  const cached = lastDay.get(timezone);
  if (cached && cached.minute === minute) return cached.day;
  const parts = dayFormatter(timezone).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  if (lastDay.size > 1000) lastDay.clear();
  lastDay.set(timezone, { minute, day });
  return day;
}

/** The `YYYY-MM-DD` day `offset` days from `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, offset: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1));
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

/** The first instant (to the minute) of the next local day after `instant` in `timezone`. */
export function startOfNextLocalDay(instant: Date, timezone: string): Date {
  const today = localDay(instant, timezone);
  const minute = 60_000;
  let low = Math.floor(instant.getTime() / minute); // still today
  let high = low + 27 * 60; // surely tomorrow (a local day lasts at most 25 hours)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (localDay(new Date(mid * minute), timezone) === today) low = mid;
    else high = mid;
  }
  return new Date(high * minute);
}
