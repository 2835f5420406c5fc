import { describe, expect, it } from 'vitest';
import { SESSION_POLICY, evaluateSession, sessionExpiry } from './session-policy';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const created = new Date('2026-11-01T08:00:00Z');

describe('evaluateSession', () => {
  it.each([
    { label: 'fresh', createdAgo: 0, idle: 0, expected: { status: 'valid', touch: false } },
    { label: 'used 59 min ago', createdAgo: DAY, idle: 59 * 60 * 1000, expected: { status: 'valid', touch: false } },
    { label: 'used 1 h ago → touch', createdAgo: DAY, idle: HOUR, expected: { status: 'valid', touch: true } },
    {
      label: 'idle just under 7 days',
      createdAgo: 8 * DAY,
      idle: 7 * DAY - 1,
      expected: { status: 'valid', touch: true },
    },
    { label: 'idle 7 days', createdAgo: 8 * DAY, idle: 7 * DAY, expected: { status: 'expired', reason: 'inactivity' } },
    {
      label: 'active but 30 days old',
      createdAgo: 30 * DAY,
      idle: 0,
      expected: { status: 'expired', reason: 'absolute' },
    },
    {
      label: 'active, 30 days minus 1 ms',
      createdAgo: 30 * DAY - 1,
      idle: 0,
      expected: { status: 'valid', touch: false },
    },
  ])('$label', ({ createdAgo, idle, expected }) => {
    const now = new Date(created.getTime() + createdAgo);
    const verdict = evaluateSession({ createdAt: created, lastVerifiedAt: new Date(now.getTime() - idle) }, now);
    expect(verdict).toMatchObject(expected);
  });

  it('reports the expiry as the earlier of idle and absolute limits', () => {
    const now = new Date(created.getTime() + 28 * DAY);
    const verdict = evaluateSession({ createdAt: created, lastVerifiedAt: new Date(now.getTime() - 2 * HOUR) }, now);
    expect(verdict.status).toBe('valid');
    if (verdict.status === 'valid') {
      expect(verdict.expiresAt.getTime()).toBe(created.getTime() + SESSION_POLICY.absoluteLifetimeMs);
    }
  });
});

describe('sessionExpiry', () => {
  it('is last activity + inactivity timeout early in a session', () => {
    expect(sessionExpiry(created, created).getTime()).toBe(created.getTime() + SESSION_POLICY.inactivityTimeoutMs);
  });
});
