import { describe, expect, it } from 'vitest';
import { availableTimeZones, filterTimeZones, normaliseSearch, timeZoneOption, type TimeZoneOption } from './timezones';

const NOW = new Date('2026-01-15T12:00:00Z');
const OPTIONS: TimeZoneOption[] = ['America/Mexico_City', 'Atlantic/Canary', 'Europe/Madrid', 'Europe/Lisbon', 'America/Argentina/Buenos_Aires', 'UTC'].map(
  (zone) => timeZoneOption(zone, NOW),
);

describe('time-zone search', () => {
  it('normalises accents, case and separators', () => {
    expect(normaliseSearch('América/Ciudad_de_México')).toBe('america ciudad de mexico');
    expect(normaliseSearch('  Buenos   Aires ')).toBe('buenos aires');
  });

  it('labels a zone with its Spanish name and offset', () => {
    const madrid = timeZoneOption('Europe/Madrid', NOW);
    expect(madrid.label).toBe('Europe/Madrid');
    expect(madrid.detail).toContain('GMT+1');
    expect(madrid.detail).toContain('Europa central');
    expect(timeZoneOption('America/Mexico_City', NOW).label).toBe('America/Mexico City');
  });

  it('matches every word, anywhere in the name or description, ignoring accents', () => {
    expect(filterTimeZones(OPTIONS, 'madrid').map((o) => o.value)).toEqual(['Europe/Madrid']);
    expect(filterTimeZones(OPTIONS, 'mexico city').map((o) => o.value)).toEqual(['America/Mexico_City']);
    expect(filterTimeZones(OPTIONS, 'buenos').map((o) => o.value)).toEqual(['America/Argentina/Buenos_Aires']);
    expect(filterTimeZones(OPTIONS, 'Europe').map((o) => o.value)).toEqual(['Europe/Lisbon', 'Europe/Madrid']);
    expect(filterTimeZones(OPTIONS, 'europa central').map((o) => o.value)).toContain('Europe/Madrid');
    expect(filterTimeZones(OPTIONS, 'nada-parecido')).toEqual([]);
  });

  it('puts cities that start with the query first', () => {
    const options = ['America/Lima', 'Europe/Lisbon', 'America/Argentina/San_Luis'].map((zone) => timeZoneOption(zone, NOW));
    expect(filterTimeZones(options, 'li').map((o) => o.value)).toEqual(['America/Lima', 'Europe/Lisbon']);
  });

  it('an empty query lists everything', () => {
    expect(filterTimeZones(OPTIONS, '   ')).toHaveLength(OPTIONS.length);
  });

  it('always offers the current zone and UTC, sorted, once each', () => {
    const zones = availableTimeZones('Europe/Kiev', () => ['Europe/Madrid', 'Atlantic/Canary', 'Europe/Madrid']);
    expect(zones).toEqual(['Atlantic/Canary', 'Europe/Kiev', 'Europe/Madrid', 'UTC']);
  });
});
