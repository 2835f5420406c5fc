import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { BUS_PUBLISH_CHANNEL, createEventBus } from './event-bus';

describe('event bus', () => {
  it('delivers to subscribers until they unsubscribe, and isolates a throwing handler', () => {
    const errors: unknown[] = [];
    const bus = createEventBus((error) => errors.push(error));
    const seen: string[] = [];
    bus.subscribe('session.ended', () => {
      throw new Error('boom');
    });
    const off = bus.subscribe('session.ended', ({ sessionId }) => seen.push(sessionId));
    bus.publish('session.ended', { sessionId: 's1', userId: 'u1', reason: 'logout' });
    off();
    bus.publish('session.ended', { sessionId: 's2', userId: 'u1', reason: 'logout' });
    expect(seen).toEqual(['s1']);
    expect(errors).toHaveLength(2);
  });

  it('reports every publish on the diagnostics channel before any handler runs', () => {
    const bus = createEventBus();
    const order: string[] = [];
    const observer = (message: unknown) => order.push(`observed ${(message as { name: string }).name}`);
    bus.subscribe('stats.updated', () => order.push('handled'));
    subscribe(BUS_PUBLISH_CHANNEL, observer);
    try {
      bus.publish('stats.updated', { userId: 'u1', stats: { totalSteps: 1, todaySteps: 1 } });
    } finally {
      unsubscribe(BUS_PUBLISH_CHANNEL, observer);
    }
    bus.publish('stats.updated', { userId: 'u1', stats: { totalSteps: 2, todaySteps: 2 } });
    expect(order).toEqual(['observed stats.updated', 'handled', 'handled']);
  });

  it('iterates one user’s events only, and drops the listener on abort, on return() and on break', async () => {
    const bus = createEventBus();
    const stats = (n: number) => ({ totalSteps: n, todaySteps: n });
    const aborter = new AbortController();
    const mine = bus.iterateForUser('stats.updated', 'u1', aborter.signal)[Symbol.asyncIterator]();
    expect(bus.listenerCount('stats.updated', 'u1')).toBe(1);
    expect(bus.listenerCount('stats.updated', 'u2')).toBe(0);
    expect(bus.listenerCount('stats.updated')).toBe(0);
    bus.publish('stats.updated', { userId: 'u2', stats: stats(1) });
    bus.publish('stats.updated', { userId: 'u1', stats: stats(2) });
    bus.publish('stats.updated', { userId: 'u1', stats: stats(3) });
    expect((await mine.next()).value).toEqual({ userId: 'u1', stats: stats(2) });
    expect((await mine.next()).value).toEqual({ userId: 'u1', stats: stats(3) });
    const pending = mine.next();
    aborter.abort();
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(bus.listenerCount('stats.updated', 'u1')).toBe(0);

    const second = bus.iterateForUser('stats.updated', 'u1', new AbortController().signal)[Symbol.asyncIterator]();
    expect(bus.listenerCount('stats.updated', 'u1')).toBe(1);
    await second.return?.();
    expect(bus.listenerCount('stats.updated', 'u1')).toBe(0);

    const third = bus.iterateForUser('stats.updated', 'u1', new AbortController().signal);
    setTimeout(() => bus.publish('stats.updated', { userId: 'u1', stats: stats(4) }), 1);
    for await (const event of third) {
      expect(event.stats).toEqual(stats(4));
      break;
    }
    expect(bus.listenerCount('stats.updated', 'u1')).toBe(0);
    expect(bus.listenerCount('stats.updated')).toBe(0);
  });
});
