import type { AppRouter } from '@ascenso/api/router';
import { createTRPCClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient, createSocketLink } from '../trpc-ws';
import { MAX_RECONNECT_ATTEMPTS, reconnectDelayMs, SocketPolicy } from './socket-policy';

type Listener = (event: { code?: number; data?: unknown }) => void;

/** A browser WebSocket stand-in: the test opens, fails, closes it and pushes messages. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  readonly sent: unknown[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }

  removeEventListener(type: string, listener: Listener) {
    this.listeners.get(type)?.delete(listener);
  }

  send(data: string) {
    const parsed: unknown = JSON.parse(data);
    this.sent.push(...(Array.isArray(parsed) ? parsed : [parsed]));
  }

  close(code = 1000) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.emit('close', { code });
  }

  /** The server accepts the connection. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.emit('open', {});
  }

  /** The connection fails (refused upgrade, network down): error, then close 1006. */
  fail() {
    this.emit('error', {});
    this.readyState = FakeSocket.CLOSED;
    this.emit('close', { code: 1006 });
  }

  /** The server closes the socket with `code`. */
  serverClose(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.emit('close', { code });
  }

  receive(message: unknown) {
    this.emit('message', { data: JSON.stringify(message) });
  }

  /** The server pushes one `activities.onCompleted` event (tracked with `eventId`) on subscription `requestId`. */
  pushCompletion(requestId: number | undefined, eventId: string) {
    this.receive({
      id: requestId,
      result: { type: 'data', id: eventId, data: superjson.serialize({ id: eventId, data: { completion: {}, stats: {} } }) },
    });
  }

  private emit(type: string, event: { code?: number; data?: unknown }) {
    for (const listener of [...(this.listeners.get(type) ?? [])]) listener(event);
  }
}

const latest = () => FakeSocket.all.at(-1) as FakeSocket;
const flush = () => vi.advanceTimersByTimeAsync(0);

/** The real tRPC client over the app's socket setup (src/lib/trpc-ws.ts), with one subscription. */
async function subscribed(policy: SocketPolicy) {
  const { client: wsClient } = createRealtimeClient({
    url: () => 'ws://app.test/api/trpc-ws',
    policy,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
  });
  const client = createTRPCClient<AppRouter>({
    links: [wsLink<AppRouter>({ client: wsClient, transformer: superjson })],
  });
  const received: string[] = [];
  const subscription = client.activities.onCompleted.subscribe(undefined, {
    onData: (message) => received.push(message.id),
  });
  await flush();
  return { wsClient, received, subscription };
}

/** A signed-in tab with the subscription, its socket accepted by the server. */
async function connected(policy: SocketPolicy) {
  policy.start();
  const subscription = await subscribed(policy);
  latest().accept();
  await flush();
  return subscription;
}

/** The subscription requests a socket carried (tRPC resends them after a reconnect). */
const subscriptionsSent = (socket: FakeSocket) =>
  socket.sent.filter((m): m is { id: number; params: { path: string; lastEventId?: string } } => (m as { method?: string }).method === 'subscription');

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the reconnect policy of the tRPC socket (spec §4, §9)', () => {
  it('delays 1, 2, 4, 8 and 16 s', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelayMs(attempt))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it('opens one socket per tab for a signed-in user only', async () => {
    const policy = new SocketPolicy();
    await subscribed(policy);
    expect(FakeSocket.all).toHaveLength(0); // not signed in yet: the attempt waits
    policy.start();
    await flush();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe('ws://app.test/api/trpc-ws');
  });

  it('after a drop makes at most 5 attempts, 1·2·4·8·16 s apart, then waits for the tab to be visible', async () => {
    const policy = new SocketPolicy();
    await connected(policy);
    expect(policy.getSnapshot()).toMatchObject({ state: 'connected', failures: 0 });

    latest().serverClose(1006);
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const before = FakeSocket.all.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.all).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.all).toHaveLength(before + 1);
      latest().fail();
      await flush();
    }
    expect(FakeSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);
    expect(policy.getSnapshot().state).toBe('error');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeSocket.all).toHaveLength(1 + MAX_RECONNECT_ATTEMPTS);

    // The tab becomes visible: one attempt at once, and a fresh budget.
    policy.visible();
    await flush();
    expect(FakeSocket.all).toHaveLength(2 + MAX_RECONNECT_ATTEMPTS);
    latest().accept();
    await flush();
    expect(policy.getSnapshot()).toMatchObject({ state: 'connected', failures: 0 });
  });

  it('resends the subscription with the last tracked id after a reconnect', async () => {
    const policy = new SocketPolicy();
    policy.start();
    const { received } = await subscribed(policy);
    const first = latest();
    first.accept();
    await flush();
    const [request] = subscriptionsSent(first);
    expect(request?.params.path).toBe('activities.onCompleted');
    first.receive({ id: request?.id, result: { type: 'started' } });
    first.pushCompletion(request?.id, 'completion-7');
    expect(received).toEqual(['completion-7']);

    first.serverClose(1001);
    await vi.advanceTimersByTimeAsync(1000);
    latest().accept();
    await flush();
    expect(subscriptionsSent(latest())).toEqual([
      expect.objectContaining({
        params: expect.objectContaining({ path: 'activities.onCompleted', lastEventId: 'completion-7' }),
      }),
    ]);
  });

  it('a visible tab with an open socket does not reconnect; a success resets the count', async () => {
    const policy = new SocketPolicy();
    await connected(policy);
    policy.visible();
    await flush();
    expect(FakeSocket.all).toHaveLength(1);

    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(1000);
    latest().fail();
    await vi.advanceTimersByTimeAsync(2000);
    latest().accept();
    await flush();
    expect(policy.getSnapshot().failures).toBe(0);
    latest().serverClose(1006);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1); // 1 s again, not 4 s
    expect(FakeSocket.all).toHaveLength(4);
  });

  for (const code of [4401, 4403]) {
    it(`close ${code}: stops reconnecting (also when the tab becomes visible) and hands over to sign-in`, async () => {
      const policy = new SocketPolicy();
      const ended: number[] = [];
      policy.onSessionEnded((closeCode) => ended.push(closeCode));
      await connected(policy);

      latest().serverClose(code);
      expect(ended).toEqual([code]);
      expect(policy.getSnapshot()).toMatchObject({ state: 'disconnected', sessionEnded: true });
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      policy.visible();
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all).toHaveLength(1);

      // Signing in again (the provider mounts) lets the socket connect again.
      policy.start();
      await flush();
      expect(FakeSocket.all).toHaveLength(2);
    });
  }

  it('after 4403 the app signs in again: the next subscriptions get a new socket that works', async () => {
    const policy = new SocketPolicy();
    const link = createSocketLink({
      url: () => 'ws://app.test/api/trpc-ws',
      policy,
      WebSocket: FakeSocket as unknown as typeof WebSocket,
    });
    const client = createTRPCClient<AppRouter>({ links: [link] });
    policy.start();
    const before = client.activities.onCompleted.subscribe(undefined, {});
    await flush();
    latest().accept();
    await flush();
    expect(subscriptionsSent(latest())).toHaveLength(1);

    latest().serverClose(4403);
    await flush();
    // The signed-in app unmounts (its subscriptions end), the user signs in, the app mounts again.
    before.unsubscribe();
    policy.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeSocket.all).toHaveLength(1);
    const received: string[] = [];
    client.activities.onCompleted.subscribe(undefined, { onData: (message) => received.push(message.id) });
    policy.start();
    await flush();
    expect(FakeSocket.all).toHaveLength(2);
    latest().accept();
    await flush();
    const [request] = subscriptionsSent(latest());
    expect(request?.params.path).toBe('activities.onCompleted');
    latest().pushCompletion(request?.id, 'c-1');
    expect(received).toEqual(['c-1']);
    expect(policy.getSnapshot()).toMatchObject({ state: 'connected', sessionEnded: false });
  });
});
