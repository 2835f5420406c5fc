import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { BATCH_CLOSE_REASON, callsIn, FLOOD_CLOSE_REASON, guardMessageRate, MAX_BUFFERED_BYTES, MESSAGE_WINDOW_MS } from './message-rate';

/** The part of a `ws` WebSocket the guard uses, recording what is done to it. */
function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    closed: undefined as { code: number; reason: string } | undefined,
    paused: false,
    terminated: false,
    close(code: number, reason: string) {
      socket.closed = { code, reason };
      socket.readyState = 2;
    },
    pause() {
      socket.paused = true;
    },
    terminate() {
      socket.terminated = true;
      socket.readyState = 3;
    },
  });
  return socket;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('guardMessageRate', () => {
  it('allows the budget in a window, closes on the next message with 1008, and stops feeding later listeners', () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 5, () => 0);
    const seen: number[] = [];
    socket.on('message', (data: Buffer) => seen.push(data.length));
    for (let i = 0; i < 5; i += 1) socket.emit('message', Buffer.alloc(10));
    expect(socket.closed).toBeUndefined();
    socket.emit('message', Buffer.alloc(10));
    expect(socket.closed).toEqual({ code: 1008, reason: FLOOD_CLOSE_REASON });
    expect(Buffer.byteLength(FLOOD_CLOSE_REASON)).toBeLessThanOrEqual(123);
    expect(socket.paused).toBe(true);
    // The message that broke the budget still reached the listeners of that emit; none after it.
    socket.emit('message', Buffer.alloc(10));
    expect(seen).toHaveLength(6);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(socket.terminated).toBe(true);
  });

  it('starts a new budget every window', () => {
    let now = 0;
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 5, () => now);
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < 5; i += 1) socket.emit('message', Buffer.alloc(10));
      now += MESSAGE_WINDOW_MS;
    }
    expect(socket.closed).toBeUndefined();
  });

  it('counts a message one unit per started KiB', () => {
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 10, () => 0);
    socket.emit('message', Buffer.alloc(0)); // 1
    socket.emit('message', Buffer.alloc(1024)); // 1
    socket.emit('message', Buffer.alloc(1025)); // 2
    socket.emit('message', Buffer.alloc(5 * 1024)); // 5 → 9
    expect(socket.closed).toBeUndefined();
    socket.emit('message', [Buffer.alloc(600), Buffer.alloc(600)]); // fragments: 1 200 B → 2 → 11
    expect(socket.closed?.code).toBe(1008);
  });

  it('closes a client that leaves more than 1 MiB of replies unread', () => {
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 100, () => 0);
    socket.bufferedAmount = MAX_BUFFERED_BYTES;
    socket.emit('message', Buffer.alloc(10));
    expect(socket.closed).toBeUndefined();
    socket.bufferedAmount = MAX_BUFFERED_BYTES + 1;
    socket.emit('message', Buffer.alloc(10));
    expect(socket.closed?.code).toBe(1008);
  });

  it('counts the calls of a batch: over the per-message cap the socket is closed before any listener sees it', () => {
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 1000, () => 0, 3);
    const seen: number[] = [];
    const call = (id: number) => ({ id, method: 'query', params: { path: 'practice.catalogue' } });
    socket.on('message', () => seen.push(1));
    socket.emit('message', Buffer.from(JSON.stringify([call(1), call(2), call(3)])));
    expect(socket.closed).toBeUndefined();
    socket.emit('message', Buffer.from(JSON.stringify([call(4), call(5), call(6), call(7)])));
    expect(socket.closed).toEqual({ code: 1008, reason: BATCH_CLOSE_REASON });
    // A plain socket: the refused message still reached the listeners of that emit (the servers' own
    // sockets refuse it before any, unread-replies.test.ts); none after it.
    socket.emit('message', Buffer.from(JSON.stringify([call(8)])));
    expect(seen).toHaveLength(2);
  });

  it('a batch spends one unit per call when that is more than its size in KiB', () => {
    const socket = fakeSocket();
    guardMessageRate(socket as unknown as WebSocket, 10, () => 0, 20);
    const batch = Buffer.from(JSON.stringify(Array.from({ length: 6 }, (_, id) => ({ id, method: 'query' }))));
    expect(batch.length).toBeLessThan(1024);
    socket.emit('message', batch); // 6
    expect(socket.closed).toBeUndefined();
    socket.emit('message', batch); // 12
    expect(socket.closed).toEqual({ code: 1008, reason: FLOOD_CLOSE_REASON });
  });
});

describe('callsIn', () => {
  it('counts a JSON array element by element, anything else as one call', () => {
    expect(callsIn(Buffer.from('[{"id":1},{"id":2}]'))).toBe(2);
    expect(callsIn(Buffer.from('  [1,2,3]'))).toBe(3);
    expect(callsIn(Buffer.from('{"id":1}'))).toBe(1);
    expect(callsIn(Buffer.from('PING'))).toBe(1);
    expect(callsIn(Buffer.from('[not json'))).toBe(1);
    expect(callsIn([Buffer.from('[1,'), Buffer.from('2]')])).toBe(2);
    expect(callsIn(new Uint8Array(Buffer.from('[1,2,3,4]')).buffer)).toBe(4);
  });
});
