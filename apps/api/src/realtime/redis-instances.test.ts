import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startRedis } from '@ascenso/test-services/redis';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createApp } from '../app';
import { createDeps, type Deps } from '../deps';
import { loadConfig } from '../env';
import { listen } from '../http/node-server';
import { createLogger, type Logger } from '../logger';
import { register } from '../modules/auth/auth.service';
import type { AppRouter } from '../trpc/app-router';
import { describeWithRedis } from '../testing/redis';
import { startServerProcess } from '../testing/server-process';
import { useProcessScratch } from '../testing/two-processes';
import { attachRealtime } from './realtime-server';
import { createSharedRedis } from './redis-connections';
import { eventsChannel } from './redis-event-bus';

const ORIGIN = 'http://localhost:3998';

type Instance = { deps: Deps; url: string; wsUrl: string; stop: () => Promise<void> };

/**
 * One API instance as main.ts builds it (createDeps with REDIS_URL, createApp, listen, attachRealtime),
 * on a shared SQLite file and a shared Redis, served on 127.0.0.1 and an ephemeral port.
 */
async function startInstance(
  databasePath: string,
  redisUrl: string,
  env: Record<string, string> = {},
  logger: Logger = createLogger('silent'),
): Promise<Instance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_PATH: databasePath,
    APP_ORIGIN: ORIGIN,
    LOG_LEVEL: 'silent',
    REDIS_URL: redisUrl,
    INSTANCES: '2',
    ...env,
  });
  const deps = createDeps(config, { logger });
  expect(await deps.redis?.ready(5_000)).toBe(true);
  const server = await listen(createApp(deps).fetch, { port: 0, hostname: '127.0.0.1' });
  const realtime = attachRealtime(server, deps);
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    deps,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    stop: () =>
      (stopped ??= (async () => {
        await realtime.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await deps.redis?.close();
        await deps.store.close();
      })()),
  };
}

type ProtocolSocket = { ws: WebSocket; messages: Array<{ type: string; data?: Record<string, unknown> }> };

function openProtocol(wsUrl: string, cookie: string, userId: string): Promise<ProtocolSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/ws`, { headers: { cookie, origin: ORIGIN } });
    const messages: ProtocolSocket['messages'] = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'authenticated') resolve({ ws, messages });
      else messages.push(message);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId })));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, headers: res.headers })));
    ws.once('error', reject);
  });
}

/** The upgrade's answer when it is refused: status, Retry-After and the JSON envelope. */
function refusedUpgrade(wsUrl: string, cookie: string): Promise<{ status: number; retryAfter: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${wsUrl}/ws`, { headers: { cookie, origin: ORIGIN } });
    ws.once('open', () => {
      ws.close();
      reject(new Error('upgrade accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body }));
    });
    ws.once('error', () => {});
  });
}

function trpcOverWebSocket(wsUrl: string, cookie: string) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin: ORIGIN } });
    }
  }
  const wsClient = createWSClient({ url: `${wsUrl}/api/trpc-ws`, WebSocket: CookieWebSocket as never, retryDelayMs: () => 60_000 });
  return { client: createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] }), close: () => wsClient.close() };
}

describeWithRedis('two API instances on one database and one Redis', () => {
  const scratch = useProcessScratch('redis-instances');
  const cleanups: Array<() => unknown> = [];

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoInstances(env: Record<string, string> = {}, logger?: Logger) {
    const databasePath = join(scratch.dir, 'app.db');
    const a = await startInstance(databasePath, scratch.redisUrl, env, logger);
    cleanups.push(a.stop);
    const b = await startInstance(databasePath, scratch.redisUrl, env, logger);
    cleanups.push(b.stop);
    // Both subscribers listen before anything is published.
    const channel = eventsChannel(a.deps.redis!);
    await expect.poll(async () => (await a.deps.redis?.client.pubSubNumSub(channel))?.[channel], { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    return { a, b };
  }

  async function person(deps: Deps, email: string) {
    const signedIn = await register(deps, { email, password: 'una frase bastante larga', firstName: 'Dos' }, { ip: '127.0.0.1' });
    return { cookie: `session=${signedIn.token}`, userId: signedIn.user.id };
  }

  function grantEvidence(deps: Deps, userId: string, activityKey: string) {
    return deps.repos.steps.recordEvidence({
      id: crypto.randomUUID(),
      userId,
      activityKey,
      source: 'practice',
      ref: crypto.randomUUID(),
      createdAt: new Date(),
    });
  }

  function complete(instance: Instance, cookie: string, activityKey: string) {
    return fetch(`${instance.url}/api/activity-log`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
      body: JSON.stringify({ activity_key: activityKey }),
    });
  }

  it('a completion on A reaches the owner’s /ws socket and tRPC subscription on B once, and nobody else', async () => {
    const { a, b } = await twoInstances();
    const owner = await person(a.deps, 'redis-owner@ejemplo.es');
    const stranger = await person(a.deps, 'redis-stranger@ejemplo.es');
    const onB = await openProtocol(b.wsUrl, owner.cookie, owner.userId);
    const onA = await openProtocol(a.wsUrl, owner.cookie, owner.userId);
    const strangerOnB = await openProtocol(b.wsUrl, stranger.cookie, stranger.userId);
    cleanups.push(() => [onB, onA, strangerOnB].forEach((s) => s.ws.close()));
    const trpc = trpcOverWebSocket(b.wsUrl, owner.cookie);
    cleanups.push(trpc.close);
    const tracked: Array<{ id: string; steps: number }> = [];
    await new Promise<void>((resolve) => {
      trpc.client.activities.onCompleted.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (event) => tracked.push({ id: event.id, steps: event.data.completion.stepsEarned }),
      });
    });

    await grantEvidence(a.deps, owner.userId, 'active_break');
    const response = await complete(a, owner.cookie, 'active_break');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { stepsEarned: number; totalSteps: number };
    expect(body.stepsEarned).toBe(70);

    await expect.poll(() => onB.messages.map((m) => m.type), { timeout: 3_000 }).toEqual(['activity_completed', 'stats_updated']);
    expect(onB.messages[0]?.data).toMatchObject({ activityType: 'active_break', stepsEarned: 70 });
    expect(onB.messages[1]?.data).toEqual({ totalSteps: body.totalSteps, todaySteps: 70 });
    await expect.poll(() => tracked.map((t) => t.steps), { timeout: 3_000 }).toEqual([70]);
    // A (the publisher) delivered once, locally; its own message coming back from Redis is skipped.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(onA.messages.map((m) => m.type)).toEqual(['activity_completed', 'stats_updated']);
    expect(onB.messages).toHaveLength(2);
    expect(tracked).toHaveLength(1);
    expect(strangerOnB.messages).toEqual([]);
  });

  it('caps one user’s sockets across both instances: the third gets 429 with Retry-After on either', async () => {
    const { a, b } = await twoInstances({ WS_MAX_SOCKETS_PER_USER: '2' });
    const owner = await person(a.deps, 'redis-cap@ejemplo.es');
    const first = await openProtocol(a.wsUrl, owner.cookie, owner.userId);
    const second = await openProtocol(b.wsUrl, owner.cookie, owner.userId);
    cleanups.push(() => [first, second].forEach((s) => s.ws.close()));
    for (const instance of [a, b]) {
      const refused = await refusedUpgrade(instance.wsUrl, owner.cookie);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('30');
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: 'RATE_LIMITED', message: expect.stringMatching(/máximo 2/) } });
    }
    // Closing the one on B frees a slot that A can hand out.
    second.ws.close();
    await expect
      .poll(async () => (await b.deps.redis?.client.hGetAll(`${b.deps.redis?.keyPrefix}sockets:user:${owner.userId}`)) ?? {}, { timeout: 3_000 })
      .toEqual({
        [a.deps.redis?.instanceId ?? '']: '1',
      });
    const third = await openProtocol(a.wsUrl, owner.cookie, owner.userId);
    third.ws.close();
  });

  it('survives Redis going away mid-run: completions still answer and reach the local socket, caps hold per instance', async () => {
    const own = await startRedis();
    const warnings: string[] = [];
    const logger: Logger = { ...createLogger('silent'), warn: (msg) => warnings.push(msg) };
    const a = await startInstance(join(scratch.dir, 'app.db'), own.url, { WS_MAX_SOCKETS_PER_USER: '2' }, logger);
    cleanups.push(a.stop, own.stop);
    const owner = await person(a.deps, 'redis-outage@ejemplo.es');
    const tab = await openProtocol(a.wsUrl, owner.cookie, owner.userId);
    cleanups.push(() => tab.ws.close());

    await own.stop();
    await expect.poll(() => a.deps.redis?.client.isReady, { timeout: 3_000 }).toBe(false);
    expect(warnings).toContain('redis unavailable: limits fall back to this instance, events from other instances wait');

    await grantEvidence(a.deps, owner.userId, 'active_break');
    const response = await complete(a, owner.cookie, 'active_break');
    expect(response.status).toBe(200);
    await expect.poll(() => tab.messages.map((m) => m.type), { timeout: 3_000 }).toEqual(['activity_completed', 'stats_updated']);
    // The per-user cap (2) now holds on this instance's own count: one more socket, then 429.
    const second = await openProtocol(a.wsUrl, owner.cookie, owner.userId);
    cleanups.push(() => second.ws.close());
    const refused = await refusedUpgrade(a.wsUrl, owner.cookie);
    expect(refused.status).toBe(429);
    // Still serving plain requests.
    expect((await fetch(`${a.url}/api/health`)).status).toBe(200);
  }, 20_000);
});

describeWithRedis('two server processes and REDIS_URL', () => {
  const scratch = useProcessScratch('redis-process');

  it('two processes share the bus and the socket cap; each stops cleanly; INSTANCES=2 without REDIS_URL is refused', async () => {
    const databasePath = join(scratch.dir, 'app.db');
    // Arrange through this process's own handle on the file (no Redis needed for that).
    const local = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
    const signedIn = await register(local, { email: 'procesos@ejemplo.es', password: 'una frase bastante larga', firstName: 'Dos' }, { ip: '127.0.0.1' });
    const cookie = `session=${signedIn.token}`;
    const env = { WS_MAX_SOCKETS_PER_USER: '10', WS_MAX_CONNECTIONS_PER_MINUTE: '1000' };
    const [one, two] = await Promise.all([scratch.startServer(databasePath, ORIGIN, { env }), scratch.startServer(databasePath, ORIGIN, { env })]);
    if (!one || !two) throw new Error('two processes');
    const sockets: WebSocket[] = [];
    try {
      await expect.poll(() => startRedisProbe(scratch.redisUrl), { timeout: 10_000 }).toBe(2);
      const wsUrl = (url: string) => url.replace('http://', 'ws://');
      const onTwo = await openProtocol(wsUrl(two.url), cookie, signedIn.user.id);
      sockets.push(onTwo.ws);
      // 13 more upgrades at once, split over both processes: exactly 9 open (10 in all), 4 refused with 429.
      const outcomes = await Promise.all(
        Array.from({ length: 13 }, (_, i) =>
          openProtocol(wsUrl(i % 2 === 0 ? one.url : two.url), cookie, signedIn.user.id).then(
            (socket) => {
              sockets.push(socket.ws);
              return 'open';
            },
            (error: { status?: number }) => error.status ?? 'error',
          ),
        ),
      );
      expect(outcomes.filter((o) => o === 'open')).toHaveLength(9);
      expect(outcomes.filter((o) => o === 429)).toHaveLength(4);

      // A completion on process one reaches the /ws socket held by process two.
      await local.repos.steps.recordEvidence({
        id: crypto.randomUUID(),
        userId: signedIn.user.id,
        activityKey: 'active_break',
        source: 'practice',
        ref: crypto.randomUUID(),
        createdAt: new Date(),
      });
      const response = await fetch(`${one.url}/api/activity-log`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
        body: JSON.stringify({ activity_key: 'active_break' }),
      });
      expect(response.status).toBe(200);
      await expect.poll(() => onTwo.messages.map((m) => m.type), { timeout: 5_000 }).toEqual(['activity_completed', 'stats_updated']);
      expect(onTwo.messages[0]?.data).toMatchObject({ activityType: 'active_break', stepsEarned: 70 });
    } finally {
      for (const ws of sockets) ws.close();
      for (const started of [one, two]) {
        const exited = new Promise<number | null>((resolve) => started.child.once('exit', (code) => resolve(code)));
        started.child.kill('SIGTERM');
        // A clean stop: the Redis connections close with the rest (main.ts), exit code 0.
        expect(await exited).toBe(0);
      }
      await local.store.close();
    }
    await expect(startServerProcess(databasePath, ORIGIN, { env: { INSTANCES: '2' } })).rejects.toThrow(/INSTANCES=2 necesita REDIS_URL/);
  }, 90_000);
});

/** Subscribers of the events channel, asked over a connection of our own. */
async function startRedisProbe(url: string): Promise<number> {
  const probe = createSharedRedis(url, createLogger('silent'));
  try {
    await probe.ready(5_000);
    return (await probe.client.pubSubNumSub(eventsChannel(probe)))[eventsChannel(probe)] ?? 0;
  } finally {
    await probe.close();
  }
}
