import { describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE, isThrottled, retryAfterSeconds, throttleWindowStart } from './login-throttle';

describe('login throttle', () => {
  it.each([
    [0, false],
    [9, false],
    [10, true],
    [25, true],
  ])('%i failures in the window → throttled: %s', (failures, expected) => {
    expect(isThrottled(failures)).toBe(expected);
  });

  it('counts a 15-minute window', () => {
    const now = new Date('2026-11-22T10:15:00Z');
    expect(throttleWindowStart(now).toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });

  it('tells how long until the oldest failure leaves the window', () => {
    const now = new Date('2026-11-22T10:10:00Z');
    const oldest = new Date('2026-11-22T10:00:00Z');
    expect(retryAfterSeconds(oldest, now)).toBe(5 * 60);
    expect(retryAfterSeconds(new Date(now.getTime() - LOGIN_THROTTLE.windowMs), now)).toBe(1);
  });
});
