import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';
import { CONTENT_SECURITY_POLICY } from './security';

const EXPECTED: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), geolocation=(), payment=()',
  'cache-control': 'no-store',
};

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

describe('security headers', () => {
  it('are the same on a real Node server (set on the ServerResponse) as through app.request', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const server = await startTestServer(t);
    stops.push(server.stop);
    const cases: Array<[string, Record<string, string>]> = [
      ['/api/health', {}],
      ['/api/trpc/activities.stats', { cookie }],
      ['/api/trpc/activities.stats', {}],
      ['/api/no-such-route', {}],
      ['/api/activity-log/users/nobody/activity-stats', { cookie }],
    ];
    for (const [path, headers] of cases) {
      const real = await fetch(server.httpUrl + path, { headers });
      const local = await t.request(path, headers.cookie ? { cookie: headers.cookie } : {});
      expect([path, real.status]).toEqual([path, local.status]);
      for (const [name, value] of Object.entries(EXPECTED)) {
        expect([path, name, real.headers.get(name)]).toEqual([path, name, value]);
        expect([path, name, local.headers.get(name)]).toEqual([path, name, value]);
      }
      expect(real.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
      expect(real.headers.get('strict-transport-security')).toBeNull();
      // One value per header: nothing is sent twice.
      expect(real.headers.get('content-type')?.includes(',')).toBe(false);
    }
  });

  it('send HSTS in production', async () => {
    const t = createTestApp({ env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) } });
    const server = await startTestServer(t);
    stops.push(server.stop);
    const real = await fetch(`${server.httpUrl}/api/health`);
    expect(real.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
