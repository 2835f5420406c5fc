import { SESSION_POLICY } from '@ascenso/domain/session-policy';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from '../trpc/app-router';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function setup(options = {}) {
  const t = createTestApp();
  const server = await startTestServer(t, options);
  stops.push(server.stop);
  return { t, server };
}

type Opened = { ws: WebSocket; messages: unknown[]; closed: Promise<{ code: number }> };

function open(url: string, headers: Record<string, string>): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const messages: unknown[] = [];
    const closed = new Promise<{ code: number }>((done) => ws.on('close', (code) => done({ code })));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.once('open', () => resolve({ ws, messages, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

async function nextMessage(opened: Opened, count: number) {
  await expect.poll(() => opened.messages.length, { timeout: 2000 }).toBeGreaterThanOrEqual(count);
  return opened.messages[count - 1];
}

describe('the documented /ws protocol', () => {
  it('authenticates its own user id', async () => {
    const { t, server } = await setup();
    const { cookie, user } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    socket.ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
    expect(await nextMessage(socket, 1)).toEqual({ type: 'authenticated', userId: user.id });

    server.realtime.sendToUser(user.id, { type: 'stats_updated', data: { totalSteps: 10, todaySteps: 10 } });
    expect(await nextMessage(socket, 2)).toEqual({ type: 'stats_updated', data: { totalSteps: 10, todaySteps: 10 } });
    socket.ws.close();
  });

  it('answers another user id with FORBIDDEN and closes', async () => {
    const { t, server } = await setup();
    const { cookie } = await t.registerUser();
    const other = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    socket.ws.send(JSON.stringify({ type: 'authenticate', userId: other.user.id }));
    expect(await nextMessage(socket, 1)).toEqual({ type: 'error', code: 'FORBIDDEN' });
    expect((await socket.closed).code).toBe(4403);
  });

  it('delivers pushes only to the owner’s sockets', async () => {
    const { t, server } = await setup();
    const a = await t.registerUser();
    const b = await t.registerUser();
    const socketA = await open(`${server.wsUrl}/ws`, { cookie: a.cookie, origin: TEST_ORIGIN });
    const socketB = await open(`${server.wsUrl}/ws`, { cookie: b.cookie, origin: TEST_ORIGIN });
    socketA.ws.send(JSON.stringify({ type: 'authenticate', userId: a.user.id }));
    socketB.ws.send(JSON.stringify({ type: 'authenticate', userId: b.user.id }));
    await nextMessage(socketA, 1);
    await nextMessage(socketB, 1);
    server.realtime.sendToUser(a.user.id, { type: 'stats_updated', data: { totalSteps: 1, todaySteps: 1 } });
    await nextMessage(socketA, 2);
    await new Promise((r) => setTimeout(r, 100));
    expect(socketB.messages).toHaveLength(1);
    socketA.ws.close();
    socketB.ws.close();
  });

  it('logs unparseable messages as errors without closing', async () => {
    const { t, server } = await setup();
    const { cookie, user } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    socket.ws.send('not json');
    expect(await nextMessage(socket, 1)).toEqual({ type: 'error', code: 'BAD_MESSAGE' });
    socket.ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
    expect(await nextMessage(socket, 2)).toEqual({ type: 'authenticated', userId: user.id });
    socket.ws.close();
  });

  it('closes a socket that never authenticates', async () => {
    const { t, server } = await setup({ authenticateTimeoutMs: 100 });
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    expect((await socket.closed).code).toBe(4408);
  });

  it('keeps an authenticated socket open past the authenticate timeout, and still pushes to it', async () => {
    const { t, server } = await setup({ authenticateTimeoutMs: 100 });
    const { cookie, user } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    socket.ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
    await nextMessage(socket, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    server.realtime.sendToUser(user.id, { type: 'stats_updated', data: { totalSteps: 2, todaySteps: 2 } });
    expect(await nextMessage(socket, 2)).toEqual({ type: 'stats_updated', data: { totalSteps: 2, todaySteps: 2 } });
    socket.ws.close();
    await socket.closed;
    // The closed socket left its user's channel: nothing to push to, nothing thrown.
    server.realtime.sendToUser(user.id, { type: 'stats_updated', data: { totalSteps: 3, todaySteps: 3 } });
  });

  it.each([
    ['without a session', () => ({ origin: TEST_ORIGIN }), 'HTTP 401'],
    ['with a foreign Origin', (cookie: string) => ({ cookie, origin: 'https://evil.example' }), 'HTTP 403'],
    ['without an Origin', (cookie: string) => ({ cookie }), 'HTTP 403'],
    ['with a forged session', () => ({ cookie: `session=${'a'.repeat(32)}.${'b'.repeat(32)}`, origin: TEST_ORIGIN }), 'HTTP 401'],
  ])('refuses the upgrade %s', async (_label, headers, expected) => {
    const { t, server } = await setup();
    const { cookie } = await t.registerUser();
    await expect(open(`${server.wsUrl}/ws`, headers(cookie))).rejects.toThrow(expected);
    await expect(open(`${server.wsUrl}/api/trpc-ws`, headers(cookie))).rejects.toThrow(expected);
  });

  it('closes the session’s sockets within 5 s of logout, and only those', async () => {
    const { t, server } = await setup();
    const first = await t.registerUser({ email: 'ana@ejemplo.es' });
    const second = await t.request('/api/auth/login', { body: { email: 'ana@ejemplo.es', password: first.password } });
    const otherCookie = t.sessionCookie(second);
    const mine = await open(`${server.wsUrl}/ws`, { cookie: first.cookie, origin: TEST_ORIGIN });
    const otherTab = await open(`${server.wsUrl}/ws`, { cookie: otherCookie, origin: TEST_ORIGIN });
    const started = Date.now();
    await t.request('/api/auth/logout', { method: 'POST', cookie: first.cookie });
    expect((await mine.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(otherTab.ws.readyState).toBe(WebSocket.OPEN);
    otherTab.ws.close();
  });

  it('closes the sockets of a session that expires while they are open', async () => {
    const { t, server } = await setup({ sessionSweepMs: 100 });
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    t.clock.advance(SESSION_POLICY.inactivityTimeoutMs + 1);
    expect((await socket.closed).code).toBe(4401);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
  });

  it('closes sockets of a session deleted elsewhere on the next sweep', async () => {
    const { t, server } = await setup({ sessionSweepMs: 100 });
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/ws`, { cookie, origin: TEST_ORIGIN });
    // As another server process would: the row goes, no event is published here.
    await t.sql('delete from sessions');
    expect((await socket.closed).code).toBe(4401);
  });
});

describe('tRPC over WebSocket (/api/trpc-ws)', () => {
  function trpcClient(wsUrl: string, cookie: string) {
    class CookieWebSocket extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie, origin: TEST_ORIGIN } });
      }
    }
    const wsClient = createWSClient({
      url: `${wsUrl}/api/trpc-ws`,
      WebSocket: CookieWebSocket as never,
      retryDelayMs: () => 60_000,
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
    return { client, close: () => wsClient.close() };
  }

  it('runs queries and tells a subscribed tab when its session is signed out elsewhere', async () => {
    const { t, server } = await setup();
    const { cookie, user } = await t.registerUser();
    const { client, close } = trpcClient(server.wsUrl, cookie);
    stops.push(async () => close());

    expect((await client.auth.me.query())?.id).toBe(user.id);

    const events: unknown[] = [];
    const started = new Promise<void>((resolve) => {
      client.auth.onSessionEvent.subscribe(undefined, { onStarted: () => resolve(), onData: (e) => events.push(e) });
    });
    await started;
    await t.request('/api/auth/logout', { method: 'POST', cookie });
    await expect.poll(() => events, { timeout: 3000 }).toEqual([{ type: 'signedOut' }]);
  });
});
