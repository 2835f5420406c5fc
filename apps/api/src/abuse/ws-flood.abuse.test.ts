/**
 * Decision 015: one signed-in user must not be able to crash the server through realtime
 * connections. The reproduced attack was 5 sockets on /api/trpc-ws × 20 000 `activities.onCompleted`
 * subscriptions each (≈45 KB per subscription, heap OOM after ≈18 s). Here the same attack runs scaled
 * down against a real server on 127.0.0.1 with real `ws` clients, with small caps set through the
 * environment (the defaults are in env.ts and docs/ARCHITECTURE.md "Realtime"); bench/src/ws-caps.ts
 * runs it at full scale.
 */
import { connect as connectTcp } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { BATCH_CLOSE_REASON, FLOOD_CLOSE_REASON } from '../realtime/message-rate';
import type { RealtimeOptions } from '../realtime/realtime-server';
import { grantEvidence } from '../modules/activities/evidence.testing';
import { connectionQuotaFor, createMemoryConnectionQuota, useConnectionQuota } from '../realtime/connection-quota';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

const CAPS = {
  WS_MAX_SOCKETS_PER_USER: '3',
  WS_MAX_SOCKETS_PER_ADDRESS: '5',
  WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '4',
};

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string> = {}, options: RealtimeOptions = {}) {
  const t = createTestApp({ env: { ...CAPS, ...env } });
  const server = await startTestServer(t, options);
  cleanups.push(server.stop);
  return { t, server };
}

/** An attacker, and a bystander whose socket has a started `activities.onCompleted` subscription (its id 1). */
async function attackerAndSubscribedBystander(env: Record<string, string>) {
  const { t, server } = await setup(env);
  const attacker = await t.registerUser();
  const bystander = await t.registerUser();
  const victim = await open(`${server.wsUrl}/api/trpc-ws`, bystander.cookie);
  victim.ws.send(subscribe(1));
  await expect.poll(() => victim.messages.some((m) => m.result?.type === 'started'), { timeout: 2000 }).toBe(true);
  return { t, server, attacker, bystander, victim };
}

type Message = {
  id?: number | string | null;
  result?: { type: string; id?: string; data?: unknown };
  error?: unknown;
  type?: string;
};
type Opened = { ws: WebSocket; messages: Message[]; closed: Promise<{ code: number; reason: string }> };
type Refused = {
  status: number;
  retryAfter: string | undefined;
  body: { error: { code: string; message: string; requestId: string } };
};

/** Opens a socket, or resolves with the HTTP answer that refused the upgrade. */
function connect(url: string, cookie: string): Promise<Opened | Refused> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: TEST_ORIGIN } });
    const messages: Message[] = [];
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.on('close', (code, reason) => done({ code, reason: String(reason) })));
    ws.on('message', (data) => {
      const text = String(data);
      if (text !== 'PING' && text !== 'PONG') messages.push(JSON.parse(text) as Message);
    });
    ws.once('open', () => {
      cleanups.push(() => ws.terminate());
      resolve({ ws, messages, closed });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'],
          body: JSON.parse(body || '{}'),
        }),
      );
    });
    ws.once('error', (error) => {
      if (!String(error).includes('Unexpected server response')) reject(error);
    });
  });
}

async function open(url: string, cookie: string): Promise<Opened> {
  const result = await connect(url, cookie);
  if ('status' in result) throw new Error(`refused with HTTP ${result.status}`);
  return result;
}

async function refused(url: string, cookie: string): Promise<Refused> {
  const result = await connect(url, cookie);
  if (!('status' in result)) throw new Error('the upgrade was accepted');
  return result;
}

/** A JSON-RPC subscribe message as the tRPC client sends it (no input: superjson's `undefined`). */
const subscribe = (id: number, path = 'activities.onCompleted') =>
  JSON.stringify({
    id,
    method: 'subscription',
    params: { path, input: { json: null, meta: { values: ['undefined'] } } },
  });

/** The tRPC error of a JSON-RPC answer (serialized by superjson). */
function trpcError(message: Message): { message: string; data: { code: string; domainCode: string | null } } | undefined {
  const error = message.error as { json?: unknown } | undefined;
  return error ? ((error.json ?? error) as { message: string; data: { code: string; domainCode: string | null } }) : undefined;
}

/** A real completion through the public API (with the server-held evidence it needs); returns its id. */
async function complete(t: TestApp, user: { cookie: string; user: { id: string } }): Promise<string> {
  await grantEvidence(t, user.user.id, 'breathing_long', 1, 'practice');
  const response = await t.request('/api/activity-log', {
    cookie: user.cookie,
    body: { activity_key: 'breathing_long' },
  });
  const body = (await response.json()) as { activityId: string; stepsEarned: number };
  expect(body.stepsEarned).toBe(200);
  return body.activityId;
}

/** The completion id inside a pushed event (`{ id, data }` under superjson's `json`); the tracked id is the outbox event id (decision 026). */
const completionOf = (message: Message) =>
  (message.result?.data as { json?: { data?: { completion?: { activityId?: string } } } } | undefined)?.json?.data?.completion?.activityId;
const dataFor = (opened: Opened, activityId: string) =>
  opened.messages.filter((m) => m.result?.type === 'data' && completionOf(m) === activityId).map((m) => m.id);

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('realtime caps (decision 015)', () => {
  it('a subscription flood on one socket: those over the cap get TOO_MANY_REQUESTS, the socket and the first ones keep working', async () => {
    const { t, server } = await setup();
    const attacker = await t.registerUser();
    const other = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, attacker.cookie);
    const baseline = t.deps.bus.listenerCount('activity.completed');

    // 40 subscribe messages as separate frames, then 20 more in one batched frame (as the tRPC client batches).
    for (let id = 1; id <= 40; id += 1) socket.ws.send(subscribe(id));
    socket.ws.send(`[${Array.from({ length: 20 }, (_, i) => subscribe(41 + i)).join(',')}]`);
    await expect.poll(() => socket.messages.length, { timeout: 3000 }).toBe(60);

    const started = socket.messages.filter((m) => m.result?.type === 'started').map((m) => m.id);
    const errors = socket.messages.map(trpcError).filter((e) => e !== undefined);
    expect(started).toEqual([1, 2, 3, 4]);
    expect(errors).toHaveLength(56);
    for (const error of errors) {
      expect(error.data.code).toBe('TOO_MANY_REQUESTS');
      expect(error.data.domainCode).toBe('RATE_LIMITED');
      expect(error.message).toBe('Has abierto demasiadas suscripciones en esta conexión (máximo 4). Cierra alguna antes de abrir otra.');
    }
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    // Only the four live subscriptions listen on the bus, and only for their user.
    expect(t.deps.bus.listenerCount('activity.completed', attacker.user.id)).toBe(4);
    expect(t.deps.bus.listenerCount('activity.completed')).toBe(baseline);

    // The four get a completion event; another user's event reaches none of them.
    const mine = await complete(t, attacker);
    await complete(t, other);
    await expect.poll(() => dataFor(socket, mine), { timeout: 2000 }).toEqual([1, 2, 3, 4]);
    await wait(50);
    expect(socket.messages.filter((m) => m.result?.type === 'data')).toHaveLength(4);

    // Stopping one frees its slot: the next subscription starts.
    socket.ws.send(JSON.stringify({ id: 2, method: 'subscription.stop' }));
    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', attacker.user.id), { timeout: 2000 }).toBe(3);
    socket.ws.send(subscribe(100));
    await expect.poll(() => socket.messages.some((m) => m.id === 100 && m.result?.type === 'started'), { timeout: 2000 }).toBe(true);
    const next = await complete(t, attacker);
    await expect.poll(() => dataFor(socket, next), { timeout: 2000 }).toEqual([1, 3, 4, 100]);
  });

  it('caps the same way every subscription procedure, e.g. auth.onSessionEvent', async () => {
    const { t, server } = await setup();
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, cookie);
    for (let id = 1; id <= 10; id += 1) socket.ws.send(subscribe(id, 'auth.onSessionEvent'));
    await expect.poll(() => socket.messages.length, { timeout: 3000 }).toBe(10);
    expect(socket.messages.filter((m) => m.result?.type === 'started')).toHaveLength(4);
    expect(socket.messages.map(trpcError).filter((e) => e?.data.code === 'TOO_MANY_REQUESTS')).toHaveLength(6);
  });

  it('refuses a socket over the per-user cap with 429 (Retry-After, Spanish message) on both endpoints; closing one frees the slot', async () => {
    const { t, server } = await setup();
    const user = await t.registerUser();
    const sockets = [
      await open(`${server.wsUrl}/api/trpc-ws`, user.cookie),
      await open(`${server.wsUrl}/api/trpc-ws`, user.cookie),
      await open(`${server.wsUrl}/ws`, user.cookie),
    ];
    for (const path of ['/api/trpc-ws', '/ws']) {
      const answer = await refused(`${server.wsUrl}${path}`, user.cookie);
      expect(answer.status).toBe(429);
      expect(answer.retryAfter).toBe('30');
      expect(answer.body.error).toEqual({
        code: 'RATE_LIMITED',
        message: 'Tienes demasiadas conexiones en tiempo real abiertas (máximo 3). Cierra alguna pestaña y vuelve a intentarlo.',
        requestId: expect.any(String),
      });
    }
    // A second session of the same user counts too (the cap is per user, not per session).
    const login = await t.request('/api/auth/login', { body: { email: user.user.email, password: user.password } });
    expect((await refused(`${server.wsUrl}/ws`, t.sessionCookie(login))).status).toBe(429);

    sockets[0]?.ws.close();
    await sockets[0]?.closed;
    await expect.poll(async () => (await connectionQuotaFor(t.deps).usage({ userId: user.user.id, address: '127.0.0.1' })).user).toBe(2);
    const again = await open(`${server.wsUrl}/ws`, user.cookie);
    expect(again.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses a socket over the per-address cap whoever the user is, on /ws as on /api/trpc-ws', async () => {
    const { t, server } = await setup();
    const users = [await t.registerUser(), await t.registerUser(), await t.registerUser()];
    const held: Opened[] = [];
    // 5 sockets from 127.0.0.1: 3 + 2 of two users, split across both endpoints.
    for (const [user, path] of [
      [users[0], '/ws'],
      [users[0], '/ws'],
      [users[0], '/api/trpc-ws'],
      [users[1], '/ws'],
      [users[1], '/api/trpc-ws'],
    ] as const) {
      held.push(await open(`${server.wsUrl}${path}`, user!.cookie));
    }
    for (const path of ['/ws', '/api/trpc-ws']) {
      const answer = await refused(`${server.wsUrl}${path}`, users[2]!.cookie);
      expect(answer.status).toBe(429);
      expect(answer.body.error.message).toBe(
        'Hay demasiadas conexiones en tiempo real abiertas desde tu red (máximo 5). Vuelve a intentarlo en unos segundos.',
      );
    }
    held[3]?.ws.terminate();
    await held[3]?.closed;
    await expect.poll(async () => (await connectionQuotaFor(t.deps).usage({ userId: users[2]!.user.id, address: '127.0.0.1' })).address).toBe(4);
    expect((await open(`${server.wsUrl}/ws`, users[2]!.cookie)).ws.readyState).toBe(WebSocket.OPEN);
  });

  it('limits how fast one user opens connections: a reconnect storm gets 429 with Retry-After, refused attempts count too', async () => {
    const { t, server } = await setup({ WS_MAX_CONNECTIONS_PER_MINUTE: '5' });
    const user = await t.registerUser();
    const other = await t.registerUser();
    for (let i = 0; i < 5; i += 1) {
      const socket = await open(`${server.wsUrl}/${i % 2 === 0 ? 'api/trpc-ws' : 'ws'}`, user.cookie);
      socket.ws.terminate();
      await socket.closed;
    }
    const answer = await refused(`${server.wsUrl}/api/trpc-ws`, user.cookie);
    expect(answer.status).toBe(429);
    expect(Number(answer.retryAfter)).toBeGreaterThan(50);
    expect(Number(answer.retryAfter)).toBeLessThanOrEqual(60);
    expect(answer.body.error.message).toMatch(
      /^Estás abriendo conexiones en tiempo real demasiado deprisa \(máximo 5 por minuto\)\. Vuelve a intentarlo en \d+ s\.$/,
    );
    expect((await refused(`${server.wsUrl}/ws`, user.cookie)).status).toBe(429);
    // Another user (same address) is not slowed down.
    expect((await open(`${server.wsUrl}/ws`, other.cookie)).ws.readyState).toBe(WebSocket.OPEN);
  });

  it('survives a client that resets its connection while the quota is answering (as a shared store would, slowly)', async () => {
    const t = createTestApp({ env: CAPS });
    const memory = createMemoryConnectionQuota(t.deps.config.realtime);
    let acquiring = 0;
    useConnectionQuota(t.deps, {
      acquire: async (key) => {
        acquiring += 1;
        await wait(150);
        return memory.acquire(key);
      },
      usage: (key) => memory.usage(key),
    });
    const server = await startTestServer(t);
    cleanups.push(server.stop);
    const user = await t.registerUser();
    for (let i = 0; i < 3; i += 1) {
      const raw = connectTcp(server.port, '127.0.0.1');
      await new Promise((r) => raw.once('connect', r));
      raw.write(
        `GET /api/trpc-ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
          `Sec-WebSocket-Key: ${Buffer.from(`key-${i}-0123456`).toString('base64')}\r\nOrigin: ${TEST_ORIGIN}\r\nCookie: ${user.cookie}\r\n\r\n`,
      );
      await expect.poll(() => acquiring, { timeout: 2000 }).toBe(i + 1);
      raw.resetAndDestroy();
    }
    await wait(300);
    expect(await memory.usage({ userId: user.user.id, address: '127.0.0.1' })).toEqual({ user: 0, address: 0 });
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, user.cookie);
    expect(socket.ws.readyState).toBe(WebSocket.OPEN);
    expect((await fetch(`${server.httpUrl}/api/health`)).status).toBe(200);
  });

  it('a message over maxPayload closes that socket only (1009); a bystander still gets its events and HTTP still answers', async () => {
    const { t, server, attacker, bystander, victim } = await attackerAndSubscribedBystander({ WS_MAX_PAYLOAD_BYTES: '2048' });

    const big = await open(`${server.wsUrl}/api/trpc-ws`, attacker.cookie);
    big.ws.send(JSON.stringify({ id: 1, method: 'query', params: { path: 'auth.me', input: { json: 'x'.repeat(4096) } } }));
    expect((await big.closed).code).toBe(1009);
    const protocol = await open(`${server.wsUrl}/ws`, attacker.cookie);
    protocol.ws.send('x'.repeat(5000));
    expect((await protocol.closed).code).toBe(1009);

    const event = await complete(t, bystander);
    await expect.poll(() => dataFor(victim, event), { timeout: 2000 }).toEqual([1]);
    expect((await fetch(`${server.httpUrl}/api/health`)).status).toBe(200);
    const me = await fetch(`${server.httpUrl}/api/auth/user`, { headers: { cookie: bystander.cookie } });
    expect(me.status).toBe(200);
  });

  it('a flood of messages closes that socket (1008, Spanish reason) and stops reading it; a bystander is served', async () => {
    const { t, server, attacker, bystander, victim } = await attackerAndSubscribedBystander({ WS_MAX_MESSAGES_PER_10S: '50' });

    const flood = await open(`${server.wsUrl}/api/trpc-ws`, attacker.cookie);
    let answered = 0;
    flood.ws.on('message', () => (answered += 1));
    // 2 000 small queries, a few at a time so they arrive in many TCP chunks.
    for (let i = 0; i < 2000; i += 1) {
      if (flood.ws.readyState !== WebSocket.OPEN) break;
      flood.ws.send(JSON.stringify({ id: i + 1, method: 'query', params: { path: 'auth.me' } }));
      if (i % 20 === 19) await wait(1);
    }
    const closed = await flood.closed;
    expect(closed).toEqual({ code: 1008, reason: FLOOD_CLOSE_REASON });
    // Far fewer than 2 000 were handled: reading stopped at the budget (plus what was in the same chunk).
    expect(answered).toBeLessThan(400);

    const event = await complete(t, bystander);
    await expect.poll(() => dataFor(victim, event), { timeout: 2000 }).toEqual([1]);
    expect((await fetch(`${server.httpUrl}/api/auth/user`, { headers: { cookie: bystander.cookie } })).status).toBe(200);
  });

  it('a batched frame counts by its size: one 32 KiB frame spends the budget like 32 small messages', async () => {
    const { t, server } = await setup({ WS_MAX_MESSAGES_PER_10S: '30' });
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, cookie);
    const batch = `[${Array.from({ length: 250 }, (_, i) => subscribe(i + 1)).join(',')}]`;
    expect(batch.length).toBeGreaterThan(30 * 1024);
    socket.ws.send(batch);
    expect((await socket.closed).code).toBe(1008);
  });

  it('after every socket closes, the bus holds no listener of that user and the slots are free (memory returns)', async () => {
    const { t, server } = await setup({ WS_MAX_SOCKETS_PER_USER: '5', WS_MAX_SOCKETS_PER_ADDRESS: '5' });
    const user = await t.registerUser();
    const before = {
      all: t.deps.bus.listenerCount('activity.completed'),
      sessions: t.deps.bus.listenerCount('session.ended'),
    };
    const sockets: Opened[] = [];
    for (let i = 0; i < 4; i += 1) sockets.push(await open(`${server.wsUrl}/api/trpc-ws`, user.cookie));
    sockets.push(await open(`${server.wsUrl}/ws`, user.cookie));
    sockets[4]!.ws.send(JSON.stringify({ type: 'authenticate', userId: user.user.id }));
    for (const socket of sockets.slice(0, 4)) {
      for (let id = 1; id <= 12; id += 1) socket.ws.send(subscribe(id, id % 3 === 0 ? 'auth.onSessionEvent' : 'activities.onCompleted'));
    }
    await expect.poll(() => sockets.slice(0, 4).every((s) => s.messages.length === 12), { timeout: 3000 }).toBe(true);
    expect(t.deps.bus.listenerCount('activity.completed', user.user.id)).toBe(4 * 3);
    expect(t.deps.bus.listenerCount('session.ended')).toBe(before.sessions + 4);

    // Half leave politely, half vanish (the TCP connection is cut).
    sockets[0]!.ws.close();
    sockets[1]!.ws.close();
    sockets[2]!.ws.terminate();
    sockets[3]!.ws.terminate();
    sockets[4]!.ws.terminate();
    await Promise.all(sockets.map((s) => s.closed));

    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', user.user.id), { timeout: 2000 }).toBe(0);
    await expect.poll(() => t.deps.bus.listenerCount('session.ended'), { timeout: 2000 }).toBe(before.sessions);
    expect(t.deps.bus.listenerCount('activity.completed')).toBe(before.all);
    await expect
      .poll(() => connectionQuotaFor(t.deps).usage({ userId: user.user.id, address: '127.0.0.1' }), { timeout: 2000 })
      .toEqual({ user: 0, address: 0 });
  });

  it('counts a tRPC SSE stream over HTTP as a connection: one over the cap gets TOO_MANY_REQUESTS, ending one frees it', async () => {
    const { t, server } = await setup({ WS_MAX_SOCKETS_PER_USER: '2' });
    const user = await t.registerUser();
    const url = `${server.httpUrl}/api/trpc/activities.onCompleted`;
    const streams: AbortController[] = [];
    const openStream = async () => {
      const controller = new AbortController();
      const response = await fetch(url, {
        headers: { cookie: user.cookie, accept: 'text/event-stream' },
        signal: controller.signal,
      });
      cleanups.push(() => controller.abort());
      streams.push(controller);
      return response;
    };
    for (let i = 0; i < 2; i += 1) {
      const response = await openStream();
      expect(response.headers.get('content-type')).toContain('text/event-stream');
    }
    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', user.user.id), { timeout: 2000 }).toBe(2);
    const third = await openStream();
    const body = await third.text();
    expect(body).toContain('TOO_MANY_REQUESTS');
    expect(body).toContain('demasiadas conexiones en tiempo real');
    // Sockets share the same per-user cap.
    expect((await refused(`${server.wsUrl}/ws`, user.cookie)).status).toBe(429);

    streams[0]?.abort();
    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', user.user.id), { timeout: 2000 }).toBe(1);
    await expect.poll(async () => (await connectionQuotaFor(t.deps).usage({ userId: user.user.id, address: '127.0.0.1' })).user).toBe(1);
    expect((await open(`${server.wsUrl}/ws`, user.cookie)).ws.readyState).toBe(WebSocket.OPEN);
  });
});

/** A query as the tRPC client sends it over the socket (no input: superjson's `undefined`). */
const query = (id: number, path = 'practice.catalogue') =>
  JSON.stringify({ id, method: 'query', params: { path, input: { json: null, meta: { values: ['undefined'] } } } });
const batchOf = (count: number, firstId = 1) => `[${Array.from({ length: count }, (_, i) => query(firstId + i)).join(',')}]`;

describe('memory per socket, whatever the client sends (a batched message, then unread answers)', () => {
  it('one message with more calls than the cap (20) is refused with 1008 before any of them runs', async () => {
    const { t, server } = await setup();
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, cookie);
    socket.ws.send(batchOf(21));
    expect(await socket.closed).toEqual({ code: 1008, reason: BATCH_CLOSE_REASON });
    expect(socket.messages).toEqual([]);
    expect(Buffer.byteLength(BATCH_CLOSE_REASON)).toBeLessThanOrEqual(123);
  });

  it('a batch within the cap is answered call by call, and its calls count one by one against the message budget', async () => {
    const { t, server } = await setup({ WS_MAX_MESSAGES_PER_10S: '40' });
    const { cookie } = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, cookie);
    socket.ws.send(batchOf(20));
    await expect.poll(() => socket.messages.length, { timeout: 5000 }).toBe(20);
    const answered = socket.messages.filter((m) => m.result?.type === 'data').length;
    const refusals = socket.messages.map(trpcError).filter((e) => e !== undefined);
    // At most 8 run at once (WS_MAX_CALLS_IN_FLIGHT); those over it get a short TOO_MANY_REQUESTS.
    expect(answered).toBeGreaterThanOrEqual(8);
    for (const error of refusals) {
      expect(error.data.code).toBe('TOO_MANY_REQUESTS');
      expect(error.message).toBe('Esta conexión tiene demasiadas peticiones en curso (máximo 8). Espera a sus respuestas antes de enviar más.');
    }
    expect(answered + refusals.length).toBe(20);
    // 20 calls spent 20 of the 40 units: 20 more pass, then the next message is one too many.
    socket.ws.send(batchOf(20, 21));
    await expect.poll(() => socket.messages.length, { timeout: 5000 }).toBe(40);
    socket.ws.send(query(41));
    expect(await socket.closed).toEqual({ code: 1008, reason: FLOOD_CLOSE_REASON });
  });

  it('a client that stops reading its answers is held at the unread cap, then closed with 1008; a bystander is served throughout', async () => {
    // The message budget is lifted so that only the unread-replies bound stands in the way (the attack
    // of the red team: one socket, batched catalogue queries, never reading an answer).
    const { t, server } = await setup({ WS_MAX_MESSAGES_PER_10S: '100000', WS_MAX_UNREAD_BYTES: String(64 * 1024) }, { unreadGraceMs: 300 });
    const warnings: Array<{ message: string; unreadBytes: number }> = [];
    const warn = t.deps.logger.warn.bind(t.deps.logger);
    vi.spyOn(t.deps.logger, 'warn').mockImplementation((message: string, fields?: Record<string, unknown>) => {
      if (message.includes('replies left unread')) warnings.push({ message, unreadBytes: Number(fields?.unreadBytes) });
      else warn(message, fields);
    });
    const attacker = await t.registerUser();
    const bystander = await t.registerUser();
    const socket = await open(`${server.wsUrl}/api/trpc-ws`, attacker.cookie);
    socket.ws.pause();
    // 400 messages × 20 catalogue queries (~23 KB each): ~180 MB of answers if all were queued.
    for (let i = 0; i < 400; i += 1) socket.ws.send(batchOf(20, i * 20 + 1));
    const served = await fetch(`${server.httpUrl}/api/trpc/practice.catalogue`, { headers: { cookie: bystander.cookie } });
    expect(served.status).toBe(200);
    await expect
      .poll(() => warnings.map((w) => w.message), { timeout: 20_000 })
      .toEqual(['socket held: replies left unread', 'socket closed: replies left unread']);
    // What the server queued for it never passed four times the cap plus one answer.
    for (const { unreadBytes } of warnings) expect(unreadBytes).toBeLessThanOrEqual(4 * 64 * 1024 + 32 * 1024);
    expect((await fetch(`${server.httpUrl}/api/trpc/practice.catalogue`, { headers: { cookie: bystander.cookie } })).status).toBe(200);
    socket.ws.resume();
    expect([1008, 1006]).toContain((await socket.closed).code);
  });
});
