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
});
