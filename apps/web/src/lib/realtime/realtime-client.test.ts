import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RealtimeClient,
  parseRealtimeEvent,
  realtimeUrl,
  reconnectDelayMs,
  type DocumentLike,
  type RealtimeEvent,
  type RealtimeState,
  type WebSocketLike,
} from './realtime-client';

const USER_ID = 'user-123';

/** A scriptable WebSocket: the test decides when it opens, what it receives and how it closes. */
class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState: WebSocket['readyState'] = 0;
  onopen: WebSocket['onopen'] = null;
  onmessage: WebSocket['onmessage'] = null;
  onerror: WebSocket['onerror'] = null;
  onclose: WebSocket['onclose'] = null;
  readonly sent: string[] = [];
  closedByClient: number | undefined;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code?: number): void {
    this.closedByClient = code ?? 1000;
    this.readyState = 3;
  }

  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.call(this as never, new Event('open'));
  }

  serverSend(data: unknown): void {
    const payload = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.call(this as never, { data: payload } as MessageEvent);
  }

  serverAuthenticate(userId = USER_ID): void {
    this.serverSend({ type: 'authenticated', userId });
  }

  fail(): void {
    this.onerror?.call(this as never, new Event('error'));
    this.serverClose(1006);
  }

  serverClose(code = 1006): void {
    this.readyState = 3;
    this.onclose?.call(this as never, { code, reason: '' } as CloseEvent);
  }
}

class FakeDocument implements DocumentLike {
  visibilityState: DocumentVisibilityState = 'visible';
  private readonly listeners = new Set<() => void>();
  addEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'visibilitychange', listener: () => void): void {
    this.listeners.delete(listener);
  }
  setVisibility(state: DocumentVisibilityState): void {
    this.visibilityState = state;
    for (const listener of [...this.listeners]) listener();
  }
  get listenerCount(): number {
    return this.listeners.size;
  }
}

function latest(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('no socket was opened');
  return socket;
}

function setup() {
  const doc = new FakeDocument();
  const logger = { warn: vi.fn() };
  const client = new RealtimeClient({
    url: 'ws://localhost:3100/ws',
    WebSocket: FakeWebSocket,
    timers: { setTimeout: (cb, ms) => setTimeout(cb, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) },
    document: doc,
    logger,
  });
  const states: RealtimeState[] = [];
  client.subscribe(() => {
    const { state } = client.getSnapshot();
    if (states.at(-1) !== state) states.push(state);
  });
  return { client, doc, logger, states };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtimeUrl and delays', () => {
  it('uses the same host, wss on https and ws otherwise', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'ascenso.example' })).toBe('wss://ascenso.example/ws');
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:3100' })).toBe('ws://localhost:3100/ws');
  });

  it('doubles from 1000 ms', () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelayMs(attempt))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });
});

describe('RealtimeClient', () => {
  it('connects, authenticates with its own user id and reports connecting → connected', () => {
    const { client, states } = setup();
    expect(client.getSnapshot()).toEqual({ state: 'disconnected', lastEvent: null });
    client.start(USER_ID);
    expect(client.getSnapshot().state).toBe('connecting');
    const socket = latest();
    expect(socket.url).toBe('ws://localhost:3100/ws');
    socket.serverOpen();
    expect(client.getSnapshot().state).toBe('connected');
    expect(socket.sent.map((m) => JSON.parse(m))).toEqual([{ type: 'authenticate', userId: USER_ID }]);
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('reconnects 5 times after 1, 2, 4, 8 and 16 s, then gives up in the error state', () => {
    const { client, states } = setup();
    client.start(USER_ID);
    latest().fail();
    expect(client.getSnapshot().state).toBe('disconnected');

    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      const before = FakeWebSocket.instances.length;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeWebSocket.instances).toHaveLength(before); // not a millisecond early
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(before + 1);
      expect(client.getSnapshot().state).toBe('connecting');
      latest().fail();
    }

    expect(client.getSnapshot().state).toBe('error');
    expect(client.reconnectAttempts).toBe(5);
    vi.advanceTimersByTime(10 * 60_000);
    expect(FakeWebSocket.instances).toHaveLength(6); // the first attempt + 5 reconnects, no more
    expect(states.slice(0, 4)).toEqual(['connecting', 'error', 'disconnected', 'connecting']);
    expect(states.at(-1)).toBe('error');
  });

  it('resets the retry budget after a successful authentication', () => {
    const { client } = setup();
    client.start(USER_ID);
    latest().fail();
    vi.advanceTimersByTime(1000);
    latest().fail();
    vi.advanceTimersByTime(2000);
    expect(client.reconnectAttempts).toBe(2);

    const socket = latest();
    socket.serverOpen();
    expect(client.reconnectAttempts).toBe(2); // open alone is not success: the server must accept us
    socket.serverAuthenticate();
    expect(client.reconnectAttempts).toBe(0);

    // The next drop starts again from 1 s, and gets the full 5 attempts.
    socket.serverClose(1006);
    const before = FakeWebSocket.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    for (const delay of [2000, 4000, 8000, 16000]) {
      latest().fail();
      vi.advanceTimersByTime(delay);
    }
    expect(FakeWebSocket.instances).toHaveLength(before + 5);
    latest().fail();
    expect(client.getSnapshot().state).toBe('error');
  });

  it('does not reconnect when the server ends the session (4401)', () => {
    const { client } = setup();
    client.start(USER_ID);
    const socket = latest();
    socket.serverOpen();
    socket.serverAuthenticate();
    socket.serverClose(4401);
    expect(client.getSnapshot().state).toBe('disconnected');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not reconnect after a 4401 even when the tab becomes visible', () => {
    const { client, doc } = setup();
    client.start(USER_ID);
    latest().serverClose(4401);
    doc.setVisibility('hidden');
    doc.setVisibility('visible');
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(client.getSnapshot().state).toBe('disconnected');
  });

  it('reconnects at once when the tab becomes visible and the connection is not open', () => {
    const { client, doc } = setup();
    client.start(USER_ID);
    latest().fail();
    for (const delay of [1000, 2000, 4000, 8000, 16000]) {
      vi.advanceTimersByTime(delay);
      latest().fail();
    }
    expect(client.getSnapshot().state).toBe('error');
    const before = FakeWebSocket.instances.length;

    doc.setVisibility('hidden');
    expect(FakeWebSocket.instances).toHaveLength(before);
    doc.setVisibility('visible');
    expect(FakeWebSocket.instances).toHaveLength(before + 1);
    expect(client.getSnapshot().state).toBe('connecting');
    expect(client.reconnectAttempts).toBe(0); // a fresh budget
  });

  it('does nothing on visibility when the connection is open or still connecting', () => {
    const { client, doc } = setup();
    client.start(USER_ID);
    doc.setVisibility('visible'); // still connecting
    expect(FakeWebSocket.instances).toHaveLength(1);
    latest().serverOpen();
    doc.setVisibility('visible');
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('replaces a pending retry when the tab becomes visible (no double connection)', () => {
    const { client, doc } = setup();
    client.start(USER_ID);
    latest().fail();
    doc.setVisibility('visible');
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('only connects once started (signed in), and stop() closes without reconnecting', () => {
    const { client, doc } = setup();
    doc.setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(0);

    client.start(USER_ID);
    const socket = latest();
    socket.serverOpen();
    client.stop();
    expect(socket.closedByClient).toBe(1000);
    expect(client.getSnapshot().state).toBe('disconnected');
    expect(doc.listenerCount).toBe(0);
    doc.setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('keeps the latest activity_completed / stats_updated event, ignores other types and logs bad JSON', () => {
    const { client, logger } = setup();
    const heard: RealtimeEvent[] = [];
    client.onEvent((event) => heard.push(event));
    client.start(USER_ID);
    const socket = latest();
    socket.serverOpen();
    socket.serverAuthenticate();

    const completed = {
      type: 'activity_completed',
      data: {
        activityId: 'a1',
        activityType: 'breathing_long',
        activityName: 'Respiración larga',
        stepsEarned: 200,
        icon: 'wind',
        completedAt: '2026-11-22T10:00:00.000Z',
        limitReached: false,
        dailyLimit: 5,
      },
    };
    socket.serverSend(completed);
    expect(client.getSnapshot().lastEvent).toEqual(completed);

    socket.serverSend({ type: 'stats_updated', data: { totalSteps: 1200, todaySteps: 200 } });
    expect(client.getSnapshot().lastEvent).toEqual({ type: 'stats_updated', data: { totalSteps: 1200, todaySteps: 200 } });

    socket.serverSend({ type: 'pong' });
    socket.serverSend({ type: 'error', code: 'UNKNOWN_TYPE' });
    socket.serverSend({ type: 'something_new', data: { totalSteps: 1 } });
    expect(client.getSnapshot().lastEvent?.type).toBe('stats_updated');

    socket.serverSend('{not json');
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toMatch(/unparseable/);
    expect(client.getSnapshot().state).toBe('connected'); // a bad message does not break the connection
    expect(heard.map((e) => e.type)).toEqual(['activity_completed', 'stats_updated']);
  });

  it('reports error on a failure and logs it', () => {
    const { client, logger, states } = setup();
    client.start(USER_ID);
    latest().onerror?.call(latest() as never, new Event('error'));
    expect(client.getSnapshot().state).toBe('error');
    expect(logger.warn).toHaveBeenCalled();
    latest().serverClose(1006);
    expect(states).toEqual(['connecting', 'error', 'disconnected']);
  });

  it('treats a constructor that throws as a failed attempt', () => {
    let calls = 0;
    class Throwing extends FakeWebSocket {
      constructor(url: string) {
        super(url);
        calls += 1;
        if (calls === 1) throw new Error('blocked');
      }
    }
    const client = new RealtimeClient({ url: () => 'ws://x/ws', WebSocket: Throwing, logger: { warn: () => {} } });
    client.start(USER_ID);
    expect(client.getSnapshot().state).toBe('error');
    vi.advanceTimersByTime(1000);
    expect(calls).toBe(2);
    expect(client.getSnapshot().state).toBe('connecting');
    client.stop();
  });
});

describe('parseRealtimeEvent', () => {
  it('accepts well-formed events only', () => {
    expect(parseRealtimeEvent({ type: 'stats_updated', data: { totalSteps: 1, todaySteps: 1 } })).not.toBeNull();
    expect(parseRealtimeEvent({ type: 'stats_updated', data: { totalSteps: '1' } })).toBeNull();
    expect(parseRealtimeEvent({ type: 'activity_completed', data: {} })).toBeNull();
    expect(parseRealtimeEvent(null)).toBeNull();
    expect(parseRealtimeEvent([1])).toBeNull();
  });

  it('infers limitReached from 0 steps when the server omits it', () => {
    const event = parseRealtimeEvent({ type: 'activity_completed', data: { activityId: 'x', stepsEarned: 0 } });
    expect(event).toMatchObject({ data: { limitReached: true, activityName: '' } });
  });
});
