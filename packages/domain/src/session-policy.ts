/**
 * Session lifetime rules (the Lucia guide's design with an inactivity timeout).
 * Pure: the caller passes the clock.
 */
export const SESSION_POLICY = {
  /** A session unused for longer than this ends. */
  inactivityTimeoutMs: 7 * 24 * 60 * 60 * 1000,
  /** No session lives longer than this, however active. */
  absoluteLifetimeMs: 30 * 24 * 60 * 60 * 1000,
  /** `last_verified_at` is written at most this often (one write an hour per active session). */
  touchIntervalMs: 60 * 60 * 1000,
} as const;

export type SessionTimes = { createdAt: Date; lastVerifiedAt: Date };

export type SessionVerdict = { status: 'valid'; touch: boolean; expiresAt: Date } | { status: 'expired'; reason: 'inactivity' | 'absolute' };

/** Decides whether a stored session is still usable at `now`, and whether to record activity. */
export function evaluateSession(session: SessionTimes, now: Date, policy = SESSION_POLICY): SessionVerdict {
  const t = now.getTime();
  if (t - session.createdAt.getTime() >= policy.absoluteLifetimeMs) {
    return { status: 'expired', reason: 'absolute' };
  }
  if (t - session.lastVerifiedAt.getTime() >= policy.inactivityTimeoutMs) {
    return { status: 'expired', reason: 'inactivity' };
  }
  const touch = t - session.lastVerifiedAt.getTime() >= policy.touchIntervalMs;
  const lastActive = touch ? t : session.lastVerifiedAt.getTime();
  return { status: 'valid', touch, expiresAt: sessionExpiry(session.createdAt, new Date(lastActive), policy) };
}

/** The moment a session ends if it is not used again after `lastActive`. */
export function sessionExpiry(createdAt: Date, lastActive: Date, policy = SESSION_POLICY): Date {
  return new Date(Math.min(createdAt.getTime() + policy.absoluteLifetimeMs, lastActive.getTime() + policy.inactivityTimeoutMs));
}
