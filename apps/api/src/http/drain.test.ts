import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createApp } from '../app';
import { connectionQuotaFor } from '../realtime/connection-quota';
import { attachRealtime, SERVICE_RESTART_CLOSE_CODE } from '../realtime/realtime-server';
import type { ReplyEvent } from '../modules/coaching/reply';
import { signedIn } from '../testing/coaching';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import type { AppRouter } from '../trpc/app-router';
import { createDrain, holdStream, streamsInFlight } from './drain';
import { listen } from './node-server';

const fake = useFakeOpenAIServer();

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

/**
 * A real server on 127.0.0.1 wired as main.ts wires it (drain tracking, health, both WebSocket endpoints),
 * plus `/slow`: a request that answers only when the test says so (or never).
 */
async function start(options: { budgetMs?: number; idleGraceMs?: number } = {}) {
  const t = createTestApp({
    // The coach's own timeouts far away: only the drain may end a stream here.
    env: { AI_FIRST_TOKEN_TIMEOUT_MS: '60000', AI_TIMEOUT_MS: '60000' },
    coachProvider: fakeModelProvider(fake, { timeoutMs: 60_000 }),
  });
  const drain = createDrain({
    budgetMs: options.budgetMs ?? 5_000,
    idleGraceMs: options.idleGraceMs ?? 0,
    logger: t.deps.logger,
    owner: t.deps,
    pollMs: 5,
  });
  const app = createApp(t.deps, { isDraining: drain.isDraining });
  const slow: Array<() => void> = [];
  const server = await listen(
    (req: Request) =>
      new URL(req.url).pathname === '/slow'
        ? new Promise<Response>((resolve) => slow.push(() => resolve(new Response('listo', { headers: { 'content-type': 'text/plain' } }))))
        : app.fetch(req),
    { port: 0, hostname: '127.0.0.1' },
  );
  drain.track(server);
  const realtime = attachRealtime(server, t.deps);
  const { port } = server.address() as AddressInfo;
  const run = () => drain.run(server, realtime);
  stops.push(async () => {
    for (const answer of slow) answer();
    await run();
  });
  return { t, app, drain, server, realtime, port, run, slow, wsUrl: `ws://127.0.0.1:${port}` };
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; at: number; localPort?: number | undefined };

/** A plain HTTP/1.1 GET: its own connection, or one of `agent`'s pooled ones. */
function get(port: number, path: string, headers: Record<string, string> = {}, agent?: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, ...(agent ? { agent } : {}) }, (res) => {
      let body = '';
      const localPort = res.socket.localPort;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, at: Date.now(), localPort }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** An upgrade the server refuses: its status, headers and body. */
function refusedUpgrade(url: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin: TEST_ORIGIN } });
    ws.once('open', () => reject(new Error('the upgrade was accepted')));
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, at: Date.now() }));
    });
    ws.once('error', () => undefined);
  });
}

/** A tRPC WebSocket client that records every frame it receives (the reconnect notification among them). */
function trpcClient(wsUrl: string, cookie: string) {
  const frames: Array<{ data: string; at: number }> = [];
  class RecordingWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin: TEST_ORIGIN } });
      this.on('message', (data) => frames.push({ data: String(data), at: Date.now() }));
    }
  }
  const closes: number[] = [];
  const wsClient = createWSClient({
    url: `${wsUrl}/api/trpc-ws`,
    WebSocket: RecordingWebSocket as never,
    // The first reconnect at once (as the web app's policy does), later ones far away: the server is gone.
    retryDelayMs: (attempt) => (attempt === 0 ? 0 : 60_000),
    onClose: (cause) => closes.push(cause?.code ?? 0),
  });
  const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
  stops.push(async () => {
    await wsClient.close();
  });
  const reconnectAt = () => frames.find((frame) => frame.data.includes('"method":"reconnect"'))?.at;
  return { client, frames, closes, reconnectAt };
}

function subscribeCompletions(client: ReturnType<typeof trpcClient>['client']) {
  return new Promise<void>((resolve) => {
    client.activities.onCompleted.subscribe(undefined, { onStarted: () => resolve(), onData: () => undefined });
  });
}

function refused(port: number) {
  return get(port, '/api/health').then(
    () => 'answered',
    (error: NodeJS.ErrnoException) => error.code,
  );
}

describe('draining (SIGTERM/SIGINT): refuse new work, finish what is in flight, then send the clients elsewhere', () => {
  it('refuses upgrades with 503 + Retry-After: 1 (JSON envelope, a log line) and closes /ws sockets with 1012', async () => {
    const { t, realtime, wsUrl } = await start();
    const { cookie, user } = await t.registerUser();
    const ws = new WebSocket(`${wsUrl}/ws`, { headers: { cookie, origin: TEST_ORIGIN } });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    const authenticated = new Promise((resolve) => ws.on('message', resolve));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
    await authenticated;
    const info = vi.spyOn(t.deps.logger, 'info');

    realtime.beginDrain();

    expect(await closed).toEqual({ code: SERVICE_RESTART_CLOSE_CODE, reason: 'service restart' });
    expect(SERVICE_RESTART_CLOSE_CODE).toBe(1012);
    for (const path of ['/api/trpc-ws', '/ws']) {
      const answer = await refusedUpgrade(`${wsUrl}${path}`, cookie);
      expect(answer.status, path).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.headers.connection).toBe('close');
      const body = JSON.parse(answer.body) as { error: { code: string; message: string; requestId: string } };
      expect(body.error).toMatchObject({ code: 'BUSY', message: 'Este servidor se está reiniciando. Vuelve a conectar en un momento.' });
      expect(body.error.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(info).toHaveBeenCalledWith('upgrade refused: draining (503, Retry-After: 1)', { path });
    }
  });

  it('refuses an upgrade whose session check was under way when the drain began, and frees its quota slot', async () => {
    const { t, server, realtime, wsUrl } = await start();
    const { cookie, user } = await t.registerUser();
    // Runs before the upgrade handler: the drain begins while the handler awaits the session and the quota.
    server.prependListener('upgrade', () => queueMicrotask(() => realtime.beginDrain()));
    const answer = await refusedUpgrade(`${wsUrl}/api/trpc-ws`, cookie);
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('1');
    await expect.poll(async () => (await connectionQuotaFor(t.deps).usage({ userId: user.id, address: '127.0.0.1' })).user).toBe(0);
  });

  it('answers /api/health 503 {"status":"draining"} while draining, 200 before', async () => {
    const { app, port, run, slow } = await start();
    expect((await app.request('/api/health')).status).toBe(200);
    const held = get(port, '/slow');
    await expect.poll(() => slow.length).toBe(1);
    const drained = run();
    const health = await app.request('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('1');
    expect(await health.json()).toEqual({ ok: false, status: 'draining' });
    slow[0]?.();
    await held;
    await drained;
  });

  it('stops accepting connections at once, lets an in-flight request finish (Connection: close), then tells tRPC clients to reconnect', async () => {
    const { t, drain, port, run, slow, wsUrl } = await start();
    const { cookie } = await t.registerUser();
    const tab = trpcClient(wsUrl, cookie);
    await subscribeCompletions(tab.client);

    const held = get(port, '/slow');
    await expect.poll(() => slow.length).toBe(1);
    expect(drain.inFlight()).toBe(1);
    const started = Date.now();
    const drained = run();

    // No new connection: refused, so a proxy passes any request on to another instance.
    expect(await refused(port)).toBe('ECONNREFUSED');
    expect(drain.isDraining()).toBe(true);
    // The tab is not sent away while a request is in flight.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(tab.reconnectAt()).toBeUndefined();

    const releasedAt = Date.now();
    slow[0]?.();
    const answer = await held;
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('listo');
    // Answered during the drain: the connection is not kept for another request.
    expect(answer.headers.connection).toBe('close');

    const result = await drained;
    expect(result).toMatchObject({ drained: true, left: { requests: 0, streams: 0, sockets: 0 } });
    expect(tab.reconnectAt()).toBeGreaterThanOrEqual(releasedAt);
    expect(tab.frames.find((frame) => frame.data.includes('reconnect'))?.data).toBe('{"id":null,"method":"reconnect"}');
    // It left by itself (the client closes on the notification): the drain did not wait for its budget.
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps an idle kept-alive connection: its next request is served, with Connection: close', async () => {
    const { port, run, slow } = await start();
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => agent.destroy());
    const first = await get(port, '/api/health', {}, agent);
    expect(first.headers.connection).toBe('keep-alive');

    const held = get(port, '/slow');
    await expect.poll(() => slow.length).toBe(1);
    const drained = run();
    expect(await refused(port)).toBe('ECONNREFUSED');

    // The pooled connection (opened before the drain) carries one more request: answered, and closed after.
    const second = await get(port, '/api/health', {}, agent);
    expect(second.localPort).toBe(first.localPort);
    expect(second.status).toBe(503);
    expect(second.headers.connection).toBe('close');
    expect(JSON.parse(second.body)).toEqual({ ok: false, status: 'draining' });
    slow[0]?.();
    expect((await held).status).toBe(200);
    expect((await drained).drained).toBe(true);
  });

  it('behind a proxy, closes an idle kept-alive connection only after the grace, so the proxy drops it first', async () => {
    const { port, run } = await start({ idleGraceMs: 2_000 });
    // Two pooled connections, as nginx's pool holds them: one the "proxy" drops by itself, one it keeps.
    const dropped = new Agent({ keepAlive: true, maxSockets: 1 });
    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => {
      dropped.destroy();
      kept.destroy();
    });
    await get(port, '/api/health', {}, dropped);
    await get(port, '/api/health', {}, kept);
    const keptSocket = () => Object.values(kept.freeSockets).flat()[0];
    const closedAt = new Promise<number>((resolve) => keptSocket()?.once('close', () => resolve(Date.now())));

    const started = Date.now();
    const drained = run();
    // Within the grace the idle connection is still open: a request the proxy writes on it now is served.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(keptSocket()?.destroyed).toBe(false);
    dropped.destroy();
    const late = await get(port, '/api/health', {}, kept);
    expect(late.status).toBe(503);
    expect(late.headers.connection).toBe('close');

    // The drain ends once no connection is left, without waiting for the grace (the last one was closed
    // after its answer), and never cuts a connection used less than the grace ago.
    const result = await drained;
    expect(result.drained).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_900);
    await closedAt;
  });

  it('behind a proxy, an idle connection nobody closes is closed once idle for the grace, within the budget', async () => {
    const { port, run } = await start({ idleGraceMs: 300, budgetMs: 5_000 });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    stops.push(async () => agent.destroy());
    await get(port, '/api/health', {}, agent);
    const socket = Object.values(agent.freeSockets).flat()[0];
    const idleFrom = Date.now();
    const closedAt = new Promise<number>((resolve) => socket?.once('close', () => resolve(Date.now())));

    const result = await run();
    expect(result.drained).toBe(true);
    expect((await closedAt) - idleFrom).toBeGreaterThanOrEqual(290);
    expect((await closedAt) - idleFrom).toBeLessThan(3_000);
  });

  it('lets a coach reply stream finish before the tab is told to reconnect', async () => {
    const { t, wsUrl, run } = await start();
    const { cookie } = await signedIn(t);
    const tab = trpcClient(wsUrl, cookie);
    const chat = await tab.client.coaching.start.mutate({ kind: 'chat' });
    const chunks = ['Te ', 'escucho. ', 'Cuéntame ', 'qué ', 'te ', 'preocupa ', 'hoy.'];
    fake.reply({ kind: 'text', text: '', chunks, delayMs: 120 });
    const { userMessageId } = await tab.client.coaching.send.mutate({ conversationId: chat.id, content: 'Hola', clientMessageId: crypto.randomUUID() });

    const events: Array<{ event: ReplyEvent; at: number }> = [];
    const ended = new Promise<void>((resolve, reject) => {
      tab.client.coaching.reply.subscribe(
        { conversationId: chat.id, userMessageId },
        {
          onData: (data) => {
            const event = (data as { data: ReplyEvent }).data;
            events.push({ event, at: Date.now() });
            if (event.type === 'done') resolve();
          },
          onError: reject,
        },
      );
    });
    await expect.poll(() => events.length).toBeGreaterThan(0);
    expect(streamsInFlight(t.deps)).toBe(1);

    const result = await run();
    await ended;
    const text = events.map(({ event }) => (event.type === 'delta' ? event.text : '')).join('');
    expect(text).toBe(chunks.join(''));
    const done = events.find(({ event }) => event.type === 'done');
    expect(done?.event).toMatchObject({ type: 'done', content: chunks.join(''), stopped: false });
    expect(tab.reconnectAt()).toBeGreaterThanOrEqual(done?.at ?? Infinity);
    expect(result).toMatchObject({ drained: true, left: { requests: 0, streams: 0, sockets: 0 } });
    // The model was asked once: the answer was not cut and asked again elsewhere.
    expect(fake.abortedRequests()).toBe(0);
    const stored = await t.callerFor(cookie).coaching.conversation({ id: chat.id });
    expect(stored.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual([chunks.join('')]);
  });

  it('ends by the budget when a request and a coach stream never end, and closes them', async () => {
    const budgetMs = 600;
    const { t, wsUrl, port, run, slow } = await start({ budgetMs });
    const { cookie } = await signedIn(t);
    const tab = trpcClient(wsUrl, cookie);
    const chat = await tab.client.coaching.start.mutate({ kind: 'chat' });
    fake.reply({ kind: 'stall', chunks: ['Un momento'] });
    const { userMessageId } = await tab.client.coaching.send.mutate({ conversationId: chat.id, content: 'Hola', clientMessageId: crypto.randomUUID() });
    tab.client.coaching.reply.subscribe({ conversationId: chat.id, userMessageId }, { onData: () => undefined, onError: () => undefined });
    await expect.poll(() => streamsInFlight(t.deps)).toBe(1);
    const held = get(port, '/slow').then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await expect.poll(() => slow.length).toBe(1);

    const started = Date.now();
    const result = await run();
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(budgetMs - 20);
    expect(took).toBeLessThan(budgetMs + 500);
    expect(result.drained).toBe(false);
    expect(result.left).toMatchObject({ requests: 1, streams: 1 });
    // Cut: the request's connection is gone and the stream's socket with it (its upstream request aborted).
    expect(await held).toBe('ECONNRESET');
    await expect.poll(() => streamsInFlight(t.deps)).toBe(0);
    await expect.poll(() => fake.abortedRequests()).toBeGreaterThan(0);
  });

  it('does not wait for a tRPC event stream over HTTP (SSE): it is closed when the sockets are told to reconnect', async () => {
    const { t, drain, port, run } = await start({ budgetMs: 5_000 });
    const { cookie, user } = await t.registerUser();
    const controller = new AbortController();
    stops.push(async () => controller.abort());
    const response = await fetch(`http://127.0.0.1:${port}/api/trpc/activities.onCompleted`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', user.id)).toBe(1);
    expect(drain.inFlight()).toBe(0);
    const read = response.text().then(
      () => 'ended',
      () => 'cut',
    );

    const started = Date.now();
    const result = await run();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(result.drained).toBe(true);
    expect(await read).toMatch(/^(ended|cut)$/);
    await expect.poll(() => t.deps.bus.listenerCount('activity.completed', user.id)).toBe(0);
  });

  it('runs once: a second call gets the same drain', async () => {
    const { run } = await start();
    const first = run();
    expect(run()).toBe(first);
    expect((await first).drained).toBe(true);
  });
});

describe('holdStream', () => {
  it('counts per app graph, and a release counts once', () => {
    const a = {};
    const b = {};
    const release = holdStream(a);
    holdStream(b);
    expect([streamsInFlight(a), streamsInFlight(b)]).toEqual([1, 1]);
    release();
    release();
    expect([streamsInFlight(a), streamsInFlight(b)]).toEqual([0, 1]);
  });
});
