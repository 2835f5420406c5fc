/**
 * Brute-force protection for sign-in: more than `maxFailures` failures per account or per client
 * address inside `windowMs` are refused until the window slides past them.
 */
export const LOGIN_THROTTLE = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
} as const;

export type ThrottleScope = 'account' | 'ip';

/** Start of the window that counts for a decision at `now`. */
export function throttleWindowStart(now: Date, policy = LOGIN_THROTTLE): Date {
  return new Date(now.getTime() - policy.windowMs);
}

/** True when the recorded failures inside the window already reach the limit. */
export function isThrottled(failuresInWindow: number, policy = LOGIN_THROTTLE): boolean {
  return failuresInWindow >= policy.maxFailures;
}

/** Seconds until the oldest failure in the window leaves it (for Retry-After). */
export function retryAfterSeconds(oldestFailureInWindow: Date, now: Date, policy = LOGIN_THROTTLE): number {
  const ms = oldestFailureInWindow.getTime() + policy.windowMs - now.getTime();
  return Math.max(1, Math.ceil(ms / 1000));
}
