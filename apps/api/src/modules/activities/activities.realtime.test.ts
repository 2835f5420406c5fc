import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, TEST_ORIGIN } from '../../testing/test-app';
import { startTestServer } from '../../testing/test-server';
import { trpcOverWebSocket } from '../../trpc/ws-client.testing';
import { grantEvidence } from './evidence.testing';

const stops: Array<() => Promise<void> | void> = [];

/** A test app served on 127.0.0.1 (HTTP and WebSocket), stopped after the test. */
async function appOnServer() {
  const t = createTestApp();
  const server = await startTestServer(t);
  stops.push(server.stop);
  return { t, server };
}

afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

function openProtocol(
  url: string,
  cookie: string,
  userId: string,
): Promise<{ ws: WebSocket; messages: Array<{ type: string; data?: Record<string, unknown> }> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url}/ws`, { headers: { cookie, origin: TEST_ORIGIN } });
    const messages: Array<{ type: string; data?: Record<string, unknown> }> = [];
    ws.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'authenticated') resolve({ ws, messages });
      else messages.push(message);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId })));
    ws.once('error', reject);
  });
}

describe('live step updates', () => {
  it('pushes activity_completed then stats_updated to every socket of the owner only, after commit', async () => {
    const { t, server } = await appOnServer();
    const owner = await t.registerUser();
    const stranger = await t.registerUser();
    const tab1 = await openProtocol(server.wsUrl, owner.cookie, owner.user.id);
    const tab2 = await openProtocol(server.wsUrl, owner.cookie, owner.user.id);
    const other = await openProtocol(server.wsUrl, stranger.cookie, stranger.user.id);
    stops.push(() => [tab1, tab2, other].forEach((s) => s.ws.close()));

    await grantEvidence(t, owner.user.id, 'breathing_long', 1, 'practice');
    const response = await t.request('/api/activity-log', {
      cookie: owner.cookie,
      body: { activity_key: 'breathing_long' },
    });
    const result = (await response.json()) as { activityId: string; totalSteps: number };

    for (const tab of [tab1, tab2]) {
      await expect.poll(() => tab.messages.length, { timeout: 1000 }).toBe(2);
      expect(tab.messages[0]).toEqual({
        type: 'activity_completed',
        data: {
          activityId: result.activityId,
          activityType: 'breathing_long',
          activityName: 'Respiración larga',
          stepsEarned: 200,
          icon: 'wind',
          completedAt: expect.any(String),
          limitReached: false,
          dailyLimit: 5,
        },
      });
      expect(tab.messages[1]).toEqual({ type: 'stats_updated', data: { totalSteps: 200, todaySteps: 200 } });
      // The event was published after the commit: the row is already readable.
      expect(await t.deps.repos.steps.findCompletion(result.activityId)).toBeDefined();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(other.messages).toHaveLength(0);
  });

  it('publishes nothing for a replayed idempotent request or a refused one', async () => {
    const { t, server } = await appOnServer();
    const { cookie, user } = await t.registerUser();
    const tab = await openProtocol(server.wsUrl, cookie, user.id);
    stops.push(() => tab.ws.close());
    const headers = { 'idempotency-key': 'replay-key-0001' };
    await grantEvidence(t, user.id, 'active_break', 2, 'practice');
    await t.request('/api/activity-log', { cookie, headers, body: { activity_key: 'active_break' } });
    await t.request('/api/activity-log', { cookie, headers, body: { activity_key: 'active_break' } });
    await t.request('/api/activity-log', { cookie, body: { activity_key: 'nope' } });
    await new Promise((r) => setTimeout(r, 150));
    expect(tab.messages.map((m) => m.type)).toEqual(['activity_completed', 'stats_updated']);
  });

  it('streams the owner’s completions through the tRPC subscription with tracked ids', async () => {
    const { t, server } = await appOnServer();
    const { cookie, user } = await t.registerUser();
    const stranger = await t.registerUser();
    await grantEvidence(t, user.id, 'fitness_class_short', 1, 'practice');
    await grantEvidence(t, stranger.user.id, 'journaling');
    const client = trpcOverWebSocket(server.wsUrl, cookie, stops);
    const received: Array<{
      id: string;
      data: { completion: { activityType: string }; stats: { totalSteps: number } };
    }> = [];
    await new Promise<void>((resolve) => {
      client.activities.onCompleted.subscribe(undefined, {
        onStarted: () => resolve(),
        onData: (e) => received.push(e as never),
      });
    });
    await t.request('/api/activity-log', { cookie: stranger.cookie, body: { activity_key: 'journaling' } });
    const mine = await client.activities.complete.mutate({ activity_key: 'fitness_class_short' });
    await expect.poll(() => received.length, { timeout: 2000 }).toBe(1);
    // The tracked id is the completion's event in the outbox (decision 026); the completion id is in the data.
    const [event] = await t.sql("select seq from events where user_id = ? and name = 'activity.completed'", user.id);
    expect(received[0]?.id).toBe(String(event?.seq));
    expect((received[0]?.data.completion as { activityId?: string }).activityId).toBe(mine.activityId);
    expect(received[0]?.data.completion.activityType).toBe('fitness_class_short');
    expect(received[0]?.data.stats.totalSteps).toBe(315);
  });

  it('resumes from the last tracked event id: the events missed meanwhile (oldest first, once), then the live ones', async () => {
    const { t, server } = await appOnServer();
    const { cookie, user } = await t.registerUser();
    const stranger = await t.registerUser();
    const client = trpcOverWebSocket(server.wsUrl, cookie, stops);
    const complete = async (key: string, who: { cookie: string; user: { id: string } } = { cookie, user }) => {
      await grantEvidence(t, who.user.id, key, 1, 'practice');
      t.clock.advance(1000);
      const response = await t.request('/api/activity-log', { cookie: who.cookie, body: { activity_key: key } });
      return ((await response.json()) as { activityId: string }).activityId;
    };
    type Received = { id: string; data: { completion: { activityId: string }; stats: { totalSteps: number } } };
    const subscribe = (input: { lastEventId?: string } | undefined) => {
      const received: Received[] = [];
      return new Promise<{ received: Received[]; completions: () => string[]; stop: () => void }>((resolve) => {
        const sub = client.activities.onCompleted.subscribe(input, {
          onStarted: () => resolve({ received, completions: () => received.map((e) => e.data.completion.activityId), stop: () => sub.unsubscribe() }),
          onData: (e) => received.push(e as never),
        });
      });
    };
    const eventIdOf = async (completionId: string) => {
      const rows = await t.sql("select seq, payload from events where name = 'activity.completed' order by seq");
      const row = rows.find((r) => JSON.stringify(r.payload).includes(completionId));
      return String(row?.seq);
    };

    const seen = await subscribe(undefined);
    const first = await complete('active_break');
    await expect.poll(() => seen.completions(), { timeout: 2000 }).toEqual([first]);
    const firstId = seen.received[0]!.id;
    expect(firstId).toBe(await eventIdOf(first));
    seen.stop();

    // While this tab is away: two of its own completions and one of a stranger's.
    const missed = [await complete('breathing_short'), await complete('journaling')];
    const strangers = await complete('journaling', stranger);

    const resumed = await subscribe({ lastEventId: firstId });
    await expect.poll(() => resumed.completions(), { timeout: 2000 }).toEqual(missed);
    // Tracked by event id, in the order of the outbox.
    expect(resumed.received.map((e) => e.id)).toEqual([await eventIdOf(missed[0]!), await eventIdOf(missed[1]!)]);
    expect(Number(resumed.received[1]!.id)).toBeGreaterThan(Number(resumed.received[0]!.id));
    expect(resumed.received.at(-1)?.data.stats.totalSteps).toBe(await t.deps.repos.steps.total(user.id));
    const live = await complete('active_break');
    await expect.poll(() => resumed.completions(), { timeout: 2000 }).toEqual([...missed, live]);
    const liveId = resumed.received.at(-1)!.id;
    expect(liveId).toBe(await eventIdOf(live));

    // An id that is not one of the user's events replays nothing, without an error: a stranger's event, a
    // completion id (what the id was before the outbox), an unknown seq, a number too large, not a number.
    for (const lastEventId of [await eventIdOf(strangers), first, '999999', '99999999999999999999', 'no-such-id', '0', '-1']) {
      const other = await subscribe({ lastEventId });
      await new Promise((r) => setTimeout(r, 100));
      expect(other.received, lastEventId).toEqual([]);
      other.stop();
    }
    // Resuming from the latest id replays nothing either; the next live one comes once.
    const upToDate = await subscribe({ lastEventId: liveId });
    await new Promise((r) => setTimeout(r, 100));
    expect(upToDate.received).toEqual([]);
    const after = await complete('breathing_short');
    await expect.poll(() => upToDate.completions(), { timeout: 2000 }).toEqual([after]);
  });
});
