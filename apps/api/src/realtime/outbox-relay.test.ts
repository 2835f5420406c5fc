import { createPgDb } from '@ascenso/db/pg/client';
import { createPgStore } from '@ascenso/db/pg/pg-store';
import type { PgTestStore } from '@ascenso/db/pg/test-store';
import type { Repositories, Store } from '@ascenso/db/store';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createDeps, type Deps } from '../deps';
import { createLogger } from '../logger';
import { recordUnverifiedActivity } from '../modules/activities/activities.service';
import { useRedisServer, describeWithRedis } from '../testing/redis';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import { TEST_DIALECT } from '../testing/test-dialect';
import { startTestServer } from '../testing/test-server';
import { trpcOverWebSocket } from '../trpc/ws-client.testing';
import type { BusEvents } from './event-bus';
import { createOutbox, EVENT_RETENTION_MS, pruneEvents, RELAY_AFTER_MS } from './outbox-relay';
import type { RedisEventBus } from './redis-event-bus';

// The realtime outbox (decision 026), on the suite's dialect (api: SQLite, api-pg: PostgreSQL).

const stops: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

type Completed = BusEvents['activity.completed'];

async function actorOf(t: TestApp) {
  const { user } = await t.registerUser();
  return { id: user.id, timezone: 'Europe/Madrid' };
}

/** The user's outbox rows (seq as a number, payload as an object) and completion ids, on either dialect. */
async function rowsOf(t: TestApp, userId: string) {
  const events = (await t.sql('select seq, name, payload, published_at from events where user_id = ? order by seq', userId)).map((row) => ({
    seq: Number(row.seq),
    name: row.name,
    payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Omit<Completed, 'eventId'>,
    published: row.published_at !== null,
  }));
  const completions = (await t.sql('select id from activity_completions where user_id = ?', userId)).map((row) => String(row.id));
  return { events, completions };
}

/** Collects what a bus iterator yields until the test ends. */
function collect(deps: Deps, userId: string): Completed[] {
  const stop = new AbortController();
  stops.push(() => stop.abort());
  const seen: Completed[] = [];
  void (async () => {
    for await (const event of deps.bus.iterateForUser('activity.completed', userId, stop.signal)) seen.push(event);
  })();
  return seen;
}

describe('the outbox commits with the completion', () => {
  it('a completion and its event row commit together; a failure after the event insert rolls back both', async () => {
    const t = createTestApp();
    const actor = await actorOf(t);
    const realTransaction = t.deps.store.transaction.bind(t.deps.store);
    // The same store, but every append writes its row and then fails, inside the award's transaction.
    const failing: Store = {
      ...t.deps.store,
      transaction: (fn, options) =>
        realTransaction(
          (tx) =>
            fn({
              ...tx,
              events: {
                ...tx.events,
                append: async (row) => {
                  await tx.events.append(row);
                  throw new Error('fallo forzado tras insertar el evento');
                },
              },
            } satisfies Repositories),
          options,
        ),
    };
    const seen = collect(t.deps, actor.id);
    await expect(recordUnverifiedActivity({ ...t.deps, store: failing }, actor, { activity_key: 'breathing_short' })).rejects.toThrow('fallo forzado');
    expect(await rowsOf(t, actor.id)).toEqual({ events: [], completions: [] });

    const result = await recordUnverifiedActivity(t.deps, actor, { activity_key: 'breathing_short' });
    const { events, completions } = await rowsOf(t, actor.id);
    expect(completions).toEqual([result.activityId]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'activity.completed',
      payload: { userId: actor.id, completion: { activityId: result.activityId, stepsEarned: 85 } },
    });
    expect(events[0]!.payload.stats.totalSteps).toBe(85);
    // Published after the commit with the row's seq as its id, and marked published shortly after.
    await expect.poll(() => seen.map((event) => event.eventId)).toEqual([String(events[0]!.seq)]);
    await t.deps.outbox.flush();
    expect((await rowsOf(t, actor.id)).events[0]!.published).toBe(true);
  });

  it('per user, seq order is commit order: 16 concurrent completions of a limit-8 activity, awards first, each total = previous + its steps', async () => {
    const t = createTestApp();
    const actor = await actorOf(t);
    const results = await Promise.all(Array.from({ length: 16 }, () => recordUnverifiedActivity(t.deps, actor, { activity_key: 'breathing_short' })));
    expect(results.filter((result) => result.stepsEarned > 0)).toHaveLength(8);
    const { events } = await rowsOf(t, actor.id);
    expect(events).toHaveLength(16);
    let total = 0;
    for (const [index, event] of events.entries()) {
      // The commits happened in this order: the first 8 took the award slots, the others found the limit.
      expect(event.payload.completion.stepsEarned).toBe(index < 8 ? 85 : 0);
      total += event.payload.completion.stepsEarned;
      expect(event.payload.stats.totalSteps).toBe(total);
    }
  });

  it('prune deletes events older than 7 days only', async () => {
    const t = createTestApp();
    const actor = await actorOf(t);
    await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' });
    t.clock.advance(6 * 24 * 3600_000);
    await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' });
    t.clock.advance(EVENT_RETENTION_MS - 6 * 24 * 3600_000 + 60_000);
    await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' });
    const before = (await rowsOf(t, actor.id)).events.map((event) => event.seq);
    expect(await pruneEvents(t.deps)).toBe(1);
    expect((await rowsOf(t, actor.id)).events.map((event) => event.seq)).toEqual(before.slice(1));
    expect(await pruneEvents(t.deps)).toBe(0);
    // The ledger is not the outbox: the completions stay.
    expect((await rowsOf(t, actor.id)).completions).toHaveLength(3);
  });
});

describe('the relay timer', () => {
  it('runs a pass per tick, one at a time, and logs a failing pass instead of throwing; stop() ends it and writes the marks', async () => {
    const errors: string[] = [];
    let calls = 0;
    let failNext = true;
    let active = 0;
    let overlapping = 0;
    const marked: number[][] = [];
    const events = {
      claimUnpublished: async () => {
        calls++;
        overlapping = Math.max(overlapping, ++active);
        await new Promise((resolve) => setTimeout(resolve, 30));
        active--;
        if (failNext) {
          failNext = false;
          throw new Error('database away');
        }
        return [];
      },
      markPublished: async (seqs: readonly number[]) => {
        marked.push([...seqs]);
        return seqs.length;
      },
    };
    const published: unknown[] = [];
    const outbox = createOutbox(
      {
        repos: { events } as unknown as Repositories,
        bus: { publish: (_name: string, payload: unknown) => published.push(payload) } as unknown as Deps['bus'],
        clock: () => new Date(),
        logger: { ...createLogger('silent'), error: (message: string) => errors.push(message) },
      },
      { intervalMs: 10, markDelayMs: 60_000 },
    );
    outbox.start();
    outbox.start();
    await expect.poll(() => calls, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    expect(errors).toEqual(['outbox relay failed']);
    // 30 ms passes on a 10 ms timer: never two at once.
    expect(overlapping).toBe(1);
    outbox.publish('activity.completed', { userId: 'u1' } as never, 41);
    expect(published).toEqual([{ userId: 'u1', eventId: '41' }]);
    await outbox.stop();
    expect(marked).toEqual([[41]]);
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(after);
  });
});

describeWithRedis('the outbox relay across instances', () => {
  const redis = useRedisServer();

  /**
   * Three instances on one database and one Redis: `a` (the writer), `b` and `c`. On PostgreSQL each has
   * its own pool; on SQLite they share the test's store (one process holds one connection).
   */
  async function threeInstances() {
    const t = createTestApp();
    const stores = [t.deps.store];
    for (let i = 0; i < 2; i++) {
      if (TEST_DIALECT === 'postgres') {
        const store = await createPgStore(createPgDb({ url: (t.deps.store as PgTestStore).url, max: 5 }), { detectMisuse: true });
        stops.push(() => store.close());
        stores.push(store);
      } else stores.push(t.deps.store);
    }
    const instances: Deps[] = [];
    for (const [index, store] of stores.entries()) {
      const deps = createDeps(t.deps.config, {
        store,
        clock: t.clock.now,
        logger: createLogger('silent'),
        redis: await redis.connect({ instanceId: `instance-${index}` }),
      });
      await (deps.bus as RedisEventBus).ready;
      stops.push(() => (deps.bus as RedisEventBus).close());
      instances.push(deps);
    }
    const [a, b, c] = instances as [Deps, Deps, Deps];
    return { t, a, b, c };
  }

  it('republishes the events of a writer that died between commit and publish, each once to every other instance, with two relays racing', async () => {
    const { t, a, b, c } = await threeInstances();
    const actor = await actorOf(t);
    const onB = collect(b, actor.id);
    const onC = collect(c, actor.id);
    // Instance a commits, then "dies" before publishing (its publish never runs).
    a.outbox = { ...a.outbox, publish: () => {} };
    const results = [];
    for (let i = 0; i < 12; i++) results.push(await recordUnverifiedActivity(a, actor, { activity_key: 'active_break' }));
    const { events } = await rowsOf(t, actor.id);
    expect(events.every((event) => !event.published)).toBe(true);

    // Not before RELAY_AFTER_MS: the writer may still be about to publish.
    expect(await b.outbox.relayOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onB).toEqual([]);

    t.clock.advance(RELAY_AFTER_MS + 1_000);
    const relayed = await Promise.all([b.outbox.relayOnce(), c.outbox.relayOnce(), b.outbox.relayOnce(), c.outbox.relayOnce()]);
    expect(relayed.reduce((sum, n) => sum + n, 0)).toBe(12);
    const expected = events.map((event) => String(event.seq));
    for (const seen of [onB, onC]) {
      await expect.poll(() => seen.length, { timeout: 3_000 }).toBe(12);
      expect([...seen.map((event) => event.eventId)].sort((x, y) => Number(x) - Number(y))).toEqual(expected);
      expect(new Set(seen.map((event) => event.completion.activityId))).toEqual(new Set(results.map((result) => result.activityId)));
    }
    // Claimed once: the next passes find nothing, and nothing more arrives.
    expect(await Promise.all([b.outbox.relayOnce(), c.outbox.relayOnce()])).toEqual([0, 0]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(onB).toHaveLength(12);
    expect(onC).toHaveLength(12);
    expect((await rowsOf(t, actor.id)).events.every((event) => event.published)).toBe(true);
  });

  it('a live writer publishes at once with the event id and marks the row: no relay republishes it', async () => {
    const { t, a, b } = await threeInstances();
    const actor = await actorOf(t);
    const onB = collect(b, actor.id);
    const result = await recordUnverifiedActivity(a, actor, { activity_key: 'active_break' });
    await expect.poll(() => onB.map((event) => event.completion.activityId), { timeout: 3_000 }).toEqual([result.activityId]);
    const [event] = (await rowsOf(t, actor.id)).events;
    expect(onB[0]!.eventId).toBe(String(event!.seq));
    await a.outbox.flush();
    t.clock.advance(RELAY_AFTER_MS + 1_000);
    expect(await b.outbox.relayOnce()).toBe(0);
  });
});

describe('a reconnecting tRPC subscriber', () => {
  it('gets the missed events once, then the live ones; a relayed or repeated event is not yielded again (nor pushed twice on /ws)', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    stops.push(server.stop);
    const { cookie, user } = await t.registerUser();
    const actor = { id: user.id, timezone: 'Europe/Madrid' };
    const client = trpcOverWebSocket(server.wsUrl, cookie, stops);
    type Received = { id: string; data: { completion: { activityId: string } } };
    const subscribe = (lastEventId?: string) => {
      const received: Received[] = [];
      return new Promise<{ received: Received[]; completions: () => string[]; stop: () => void }>((resolve) => {
        const sub = client.activities.onCompleted.subscribe(lastEventId ? { lastEventId } : undefined, {
          onStarted: () => resolve({ received, completions: () => received.map((e) => e.data.completion.activityId), stop: () => sub.unsubscribe() }),
          onData: (e) => received.push(e as never),
        });
      });
    };
    // A /ws socket of the same user, to count its pushes.
    const protocol: string[] = [];
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(`${server.wsUrl}/ws`, { headers: { cookie, origin: TEST_ORIGIN } });
      stops.push(() => ws.close());
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { type: string; data?: { activityId?: string } };
        if (message.type === 'authenticated') resolve();
        else if (message.type === 'activity_completed') protocol.push(message.data!.activityId!);
      });
      ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId: user.id })));
      ws.once('error', reject);
    });

    const first = await subscribe();
    const e1 = (await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' })).activityId;
    await expect.poll(() => first.completions(), { timeout: 2_000 }).toEqual([e1]);
    const lastEventId = first.received[0]!.id;
    first.stop();

    // Away: two completions whose publish was lost (the writer died after its commit).
    const realOutbox = t.deps.outbox;
    t.deps.outbox = { ...realOutbox, publish: () => {} };
    const e2 = (await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' })).activityId;
    const e3 = (await recordUnverifiedActivity(t.deps, actor, { activity_key: 'breathing_short' })).activityId;
    t.deps.outbox = realOutbox;

    const resumed = await subscribe(lastEventId);
    await expect.poll(() => resumed.completions(), { timeout: 2_000 }).toEqual([e2, e3]);
    // The relay now publishes e2 and e3 live: already replayed, so not yielded again (the /ws socket,
    // which never had them, gets each once).
    await t.deps.outbox.flush(); // e1's "published" mark (gathered for MARK_DELAY_MS)
    t.clock.advance(RELAY_AFTER_MS + 1_000);
    expect(await t.deps.outbox.relayOnce()).toBe(2);
    await expect.poll(() => protocol, { timeout: 2_000 }).toEqual([e1, e2, e3]);
    const e4 = (await recordUnverifiedActivity(t.deps, actor, { activity_key: 'active_break' })).activityId;
    await expect.poll(() => resumed.completions(), { timeout: 2_000 }).toEqual([e2, e3, e4]);
    // The same event published a second time (the relay after a lost "published" mark): nothing new anywhere.
    const [, , , last] = (await rowsOf(t, user.id)).events;
    t.deps.bus.publish('activity.completed', { ...last!.payload, eventId: String(last!.seq) });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(resumed.completions()).toEqual([e2, e3, e4]);
    expect(protocol).toEqual([e1, e2, e3, e4]);
    // Tracked ids only grow, so a later resume starts after e4.
    expect(resumed.received.map((e) => Number(e.id))).toEqual([...resumed.received.map((e) => Number(e.id))].sort((x, y) => x - y));
    expect(resumed.received.at(-1)!.id).toBe(String(last!.seq));
  });
});
