import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';
import { addressOf } from './client-ip';

describe('addressOf', () => {
  const from = (remoteAddress: string, xff?: string | string[]) => ({
    socket: { remoteAddress },
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
  });

  it('without trusted proxies (TRUST_PROXY=0) is the TCP peer; X-Forwarded-For is ignored', () => {
    expect(addressOf(from('127.0.0.1', '198.51.100.7'), 0)).toBe('127.0.0.1');
    expect(addressOf(from('::1'), 0)).toBe('::1');
    expect(addressOf(undefined, 0)).toBe('unknown');
  });

  it('behind one proxy is the right-most entry, whatever the client wrote to its left', () => {
    expect(addressOf(from('127.0.0.1', '198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(addressOf(from('127.0.0.1', '203.0.113.1, 10.0.0.1, 198.51.100.7'), 1)).toBe('198.51.100.7');
    expect(addressOf(from('127.0.0.1', ['203.0.113.1', '2001:db8::7']), 1)).toBe('2001:db8::7');
    expect(addressOf(from('127.0.0.1', '203.0.113.1,198.51.100.7 '), 1)).toBe('198.51.100.7');
  });

  it('behind two proxies is the second entry from the right', () => {
    expect(addressOf(from('10.0.0.2', '203.0.113.1, 198.51.100.7, 10.0.0.1'), 2)).toBe('198.51.100.7');
  });

  it('falls back to the TCP peer when the header is missing, too short or not an address there', () => {
    expect(addressOf(from('127.0.0.1'), 1)).toBe('127.0.0.1');
    expect(addressOf(from('10.0.0.2', '198.51.100.7'), 2)).toBe('10.0.0.2');
    expect(addressOf(from('127.0.0.1', 'unknown'), 1)).toBe('127.0.0.1');
    expect(addressOf(from('127.0.0.1', '198.51.100.7, <script>'), 1)).toBe('127.0.0.1');
    expect(addressOf(from('127.0.0.1', ' , '), 1)).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY on a real server', () => {
  const stops: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
  });

  async function server(env: Record<string, string>) {
    const t = createTestApp({ env: { AUTH_LOGIN_MAX_PER_ADDRESS: '3', AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS: '3', ...env } });
    const running = await startTestServer(t);
    stops.push(running.stop);
    const signIn = (xff: string | undefined, i: number) =>
      fetch(`${running.httpUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(xff ? { 'x-forwarded-for': xff } : {}) },
        body: JSON.stringify({ email: `nadie${i}@ejemplo.es`, password: 'no es la buena' }),
      });
    return { t, running, signIn };
  }

  it('with TRUST_PROXY=1 the sign-in limit counts each client behind the proxy; a forged entry changes nothing', async () => {
    const { signIn } = await server({ TRUST_PROXY: '1' });
    for (let i = 0; i < 3; i += 1) expect((await signIn('198.51.100.1', i)).status).toBe(401);
    // The same client, forging addresses to the left of what the proxy appended: still refused.
    for (const forged of ['198.51.100.1', '203.0.113.50, 198.51.100.1', '198.51.100.2, 198.51.100.1']) {
      const refused = await signIn(forged, 9);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another client behind the same proxy has its own budget.
    expect((await signIn('198.51.100.2', 20)).status).toBe(401);
  });

  it('with TRUST_PROXY=0 (the default) X-Forwarded-For is ignored: every request is the TCP peer', async () => {
    const { signIn } = await server({});
    for (let i = 0; i < 3; i += 1) expect((await signIn(`198.51.100.${i + 1}`, i)).status).toBe(401);
    expect((await signIn('198.51.100.99', 9)).status).toBe(429);
  });

  it('with TRUST_PROXY=1 the per-address socket cap counts each client behind the proxy', async () => {
    const { t, running } = await server({ TRUST_PROXY: '1', WS_MAX_SOCKETS_PER_ADDRESS: '1' });
    const open = (cookie: string, xff: string) =>
      new Promise<number>((resolve) => {
        const ws = new WebSocket(`${running.wsUrl}/ws`, { headers: { cookie, origin: TEST_ORIGIN, 'x-forwarded-for': xff } });
        ws.once('open', () => {
          stops.push(async () => ws.close());
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', () => resolve(0));
      });
    const [one, two, three] = [await t.registerUser(), await t.registerUser(), await t.registerUser()];
    expect(await open(one.cookie, '198.51.100.1')).toBe(101);
    expect(await open(two.cookie, '198.51.100.2')).toBe(101);
    // A third user from the first client's address, forging another one on the left: over the cap.
    expect(await open(three.cookie, '198.51.100.2, 198.51.100.1')).toBe(429);
  });
});
