import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { FLOOD_CLOSE_REASON, guardMessageRate, MAX_BUFFERED_BYTES, MESSAGE_WINDOW_MS } from './message-rate';

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
});
