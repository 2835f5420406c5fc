/** The searchable time-zone list of "Tus datos" (IANA names from the browser). */

export interface TimeZoneOption {
  /** IANA name, e.g. "America/Mexico_City". */
  value: string;
  /** What the list shows: "America/Mexico City". */
  label: string;
  /** Spanish name and offset: "hora central de México · GMT-6" (empty when unknown). */
  detail: string;
}

/** Every zone the browser knows, plus the user's current one and UTC, sorted and without duplicates. */
export function availableTimeZones(current: string, supported: () => readonly string[] = supportedTimeZones): string[] {
  const zones = new Set(supported());
  zones.add('UTC');
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b, 'en'));
}

function supportedTimeZones(): readonly string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['Europe/Madrid', 'Atlantic/Canary', 'UTC'];
  }
}

function zonePart(timeZone: string, now: Date, style: 'longGeneric' | 'shortOffset'): string | null {
  try {
    const parts = new Intl.DateTimeFormat('es-ES', { timeZone, timeZoneName: style }).formatToParts(now);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? null;
  } catch {
    return null;
  }
}

export function timeZoneOption(value: string, now: Date): TimeZoneOption {
  const name = zonePart(value, now, 'longGeneric');
  const offset = zonePart(value, now, 'shortOffset');
  const details = [name && !/^GMT|^UTC/.test(name) ? name : null, offset].filter((part): part is string => Boolean(part));
  return { value, label: value.replaceAll('_', ' '), detail: [...new Set(details)].join(' · ') };
}

/** Lower case, no accents, separators as spaces: "América/Ciudad_de_México" → "america ciudad de mexico". */
export function normaliseSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[/_\-,.()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Options matching every word of `query` (in the IANA name or the Spanish name/offset). Zones whose
 * city starts with the query come first, then the rest in alphabetical order. An empty query matches all.
 */
export function filterTimeZones(options: readonly TimeZoneOption[], query: string): TimeZoneOption[] {
  const words = normaliseSearch(query).split(' ').filter(Boolean);
  if (words.length === 0) return [...options];
  const needle = words.join(' ');
  const scored: Array<{ option: TimeZoneOption; rank: number }> = [];
  for (const option of options) {
    const name = normaliseSearch(option.value);
    const haystack = `${name} ${normaliseSearch(option.detail)}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    const city = normaliseSearch(option.value.split('/').pop() ?? option.value);
    const rank = city === needle ? 0 : city.startsWith(needle) ? 1 : name.includes(needle) ? 2 : 3;
    scored.push({ option, rank });
  }
  return scored.sort((a, b) => a.rank - b.rank || a.option.value.localeCompare(b.option.value, 'en')).map((s) => s.option);
}
