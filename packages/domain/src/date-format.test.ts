import { describe, expect, it } from 'vitest';
import { formatDateTime } from './date-format';

describe('formatDateTime', () => {
  // 07:29 UTC is 08:29 in Madrid in winter: the hour that "timeStyle: short" wrote as "8:29".
  const morning = new Date('2026-12-03T07:29:00Z');

  it('writes every time with two-digit, 24-hour hours', () => {
    expect(formatDateTime(morning, 'Europe/Madrid', 'time')).toBe('08:29');
    expect(formatDateTime(morning, 'Europe/Madrid')).toBe('3 de diciembre de 2026 a las 08:29');
    expect(formatDateTime(morning, 'Europe/Madrid', 'full')).toBe('jueves, 3 de diciembre de 2026, 08:29');
    expect(formatDateTime(new Date('2026-12-02T23:30:00Z'), 'Europe/Madrid', 'time')).toBe('00:30');
    expect(formatDateTime(new Date('2026-12-03T22:59:00Z'), 'Europe/Madrid', 'time')).toBe('23:59');
  });

  it('follows the time zone across a daylight-saving change and a month end', () => {
    expect(formatDateTime(new Date('2026-03-29T00:59:00Z'), 'Europe/Madrid', 'time')).toBe('01:59');
    expect(formatDateTime(new Date('2026-03-29T01:00:00Z'), 'Europe/Madrid', 'time')).toBe('03:00');
    expect(formatDateTime(new Date('2026-10-31T23:30:00Z'), 'Europe/Madrid')).toBe('1 de noviembre de 2026 a las 00:30');
    expect(formatDateTime(morning, 'America/Mexico_City', 'time')).toBe('01:29');
  });

  it('falls back to the runtime time zone for an unknown one instead of throwing', () => {
    expect(formatDateTime(morning, 'Marte/Base_Alfa', 'time')).toMatch(/^\d{2}:\d{2}$/);
    expect(formatDateTime(morning, undefined, 'time')).toMatch(/^\d{2}:\d{2}$/);
  });
});
