import { describe, expect, it } from 'vitest';
import {
  addressKey,
  DEFAULT_SIGN_IN_LIMITS,
  longestWindowMs,
  resetRefusalMessage,
  retryAfterSeconds,
  signInRefusalMessage,
  signInRules,
  waitLabel,
  windowStart,
} from './login-throttle';

describe('sign-in limits', () => {
  it('one address can never use up the per-account limit', () => {
    expect(DEFAULT_SIGN_IN_LIMITS.perAccount.max).toBeGreaterThan(DEFAULT_SIGN_IN_LIMITS.perAccountAddress.max);
    expect(DEFAULT_SIGN_IN_LIMITS.perAccount.max).toBeGreaterThan(DEFAULT_SIGN_IN_LIMITS.perAddress.max);
  });

  it('a sign-in reserves against (account, address), address and account', () => {
    expect(signInRules(DEFAULT_SIGN_IN_LIMITS, 'ana@ejemplo.es', '203.0.113.7')).toEqual([
      { scope: 'login-account-address', key: 'ana@ejemplo.es\n203.0.113.7', max: 10, windowMs: 15 * 60_000 },
      { scope: 'login-address', key: '203.0.113.7', max: 10, windowMs: 15 * 60_000 },
      { scope: 'login-account', key: 'ana@ejemplo.es', max: 100, windowMs: 24 * 60 * 60_000 },
    ]);
  });

  it('from a known device of the account, the device’s own limit replaces the account-wide one', () => {
    expect(signInRules(DEFAULT_SIGN_IN_LIMITS, 'ana@ejemplo.es', '203.0.113.7', 'device-1')).toEqual([
      { scope: 'login-account-address', key: 'ana@ejemplo.es\n203.0.113.7', max: 10, windowMs: 15 * 60_000 },
      { scope: 'login-address', key: '203.0.113.7', max: 10, windowMs: 15 * 60_000 },
      { scope: 'login-device', key: 'device-1', max: 10, windowMs: 15 * 60_000 },
    ]);
  });

  it('says the wait in words, rounded up, and offers the reset', () => {
    expect([1, 60, 61, 15 * 60, 3599, 3600, 3601, 86_396].map(waitLabel)).toEqual([
      '1 minuto',
      '1 minuto',
      '2 minutos',
      '15 minutos',
      '1 hora',
      '1 hora',
      '2 horas',
      '24 horas',
    ]);
    expect(signInRefusalMessage('login-account', 86_396)).toBe(
      'Esta cuenta ha recibido demasiados intentos fallidos y está en pausa durante 24 horas. Si es tuya, restablece la contraseña con «¿Has olvidado tu contraseña?» y podrás entrar enseguida.',
    );
    expect(signInRefusalMessage('login-address', 840)).toBe(
      'Demasiados intentos fallidos. Vuelve a intentarlo dentro de 14 minutos, o restablece la contraseña con «¿Has olvidado tu contraseña?».',
    );
    expect(resetRefusalMessage(1800)).toContain('dentro de 30 minutos');
  });

  it('counts a sliding window', () => {
    const now = new Date('2026-11-22T10:15:00Z');
    expect(windowStart(now, DEFAULT_SIGN_IN_LIMITS.perAddress).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(longestWindowMs(DEFAULT_SIGN_IN_LIMITS)).toBe(24 * 60 * 60_000);
  });

  it('tells how long until the leaving attempt is out of the window (at least 1 s)', () => {
    const now = new Date('2026-11-22T10:10:00Z');
    const limit = DEFAULT_SIGN_IN_LIMITS.perAddress;
    expect(retryAfterSeconds(new Date('2026-11-22T10:00:00Z'), now, limit)).toBe(5 * 60);
    expect(retryAfterSeconds(new Date(now.getTime() - limit.windowMs), now, limit)).toBe(1);
  });

  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:abcd:12:1:2:3:4', '2001:db8:abcd:12::/64'],
    ['2001:0DB8:abcd:0012:ffff::1', '2001:db8:abcd:12::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['unknown', 'unknown'],
    ['1:2:3', '1:2:3'],
  ])('limits %s under %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });

  it('an IPv6 client changing address inside its /64 stays under one key', () => {
    const [, a] = signInRules(DEFAULT_SIGN_IN_LIMITS, 'a@b.es', '2001:db8:1:2::aaaa');
    const [, b] = signInRules(DEFAULT_SIGN_IN_LIMITS, 'a@b.es', '2001:db8:1:2:ffff:1:2:3');
    expect(a?.key).toBe(b?.key);
  });
});
