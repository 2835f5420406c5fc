import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { type Caller, signedIn } from '../../testing/coaching';
import { createLogger } from '../../logger';
import { describeWithRedis, useRedisServer } from '../../testing/redis';
import { createMemoryModelLimitStore, createRedisModelLimitStore, modelLimitStore, type ModelLimitStore } from './model-limits';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';

type TrpcLikeError = {
  code: string;
  message: string;
  cause?: { code?: string; details?: { retryAfterSeconds?: number } };
};

const fake = useFakeOpenAIServer();

function app(env: Record<string, string> = {}) {
  return createTestApp({
    env: { AI_FIRST_TOKEN_TIMEOUT_MS: '5000', AI_TIMEOUT_MS: '10000', ...env },
    coachProvider: fakeModelProvider(fake, { timeoutMs: 10_000 }),
  });
}

/** Opens the answer stream of a new message and waits for its first event (or its error). */
async function open(caller: Caller, conversationId: string) {
  const { userMessageId } = await caller.coaching.send({
    conversationId,
    content: 'Hola',
    clientMessageId: crypto.randomUUID(),
  });
  const stream = (await caller.coaching.reply({ conversationId, userMessageId })) as AsyncIterable<unknown>;
  const iterator = stream[Symbol.asyncIterator]();
  try {
    await iterator.next();
    return { ok: true as const, close: () => iterator.return?.(undefined), userMessageId };
  } catch (error) {
    return { ok: false as const, error: error as TrpcLikeError, userMessageId };
  }
}

async function drain(caller: Caller, conversationId: string, userMessageId: string) {
  const stream = (await caller.coaching.reply({ conversationId, userMessageId })) as AsyncIterable<unknown>;
  for await (const _ of stream) {
    // consume
  }
}

/** Sends `count` messages one after another, each answered in full before the next. */
async function sendAndDrain(caller: Caller, conversationId: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    const { userMessageId } = await caller.coaching.send({
      conversationId,
      content: `Mensaje ${i}`,
      clientMessageId: crypto.randomUUID(),
    });
    await drain(caller, conversationId, userMessageId);
  }
}

/** A chat whose answer stalls mid-stream (its stream slot stays taken), and a second subscription to it. */
async function stalledAnswerSubscribedTwice() {
  const t = app();
  const { caller } = await signedIn(t, { assessment: false });
  fake.reply({ kind: 'stall', chunks: ['Pensando… '] });
  const chat = await caller.coaching.start({ kind: 'chat' });
  const first = await open(caller, chat.id);
  expect(first.ok).toBe(true);
  const stream = (await caller.coaching.reply({
    conversationId: chat.id,
    userMessageId: first.userMessageId,
  })) as AsyncIterable<unknown>;
  return { first, again: stream[Symbol.asyncIterator]() };
}

describe('per-user model limits', () => {
  it('holds at most 3 streams per user across conversations: the 4th is refused with TOO_MANY_REQUESTS', async () => {
    const t = app();
    const { caller } = await signedIn(t, { assessment: false });
    const other = await signedIn(t, { assessment: false });
    fake.reply({ kind: 'stall', chunks: ['Pensando… '] });
    const chats = await Promise.all([1, 2, 3, 4].map(() => caller.coaching.start({ kind: 'chat' })));
    const openedBefore = fake.openRequests();
    const first = [];
    for (const chat of chats.slice(0, 3)) first.push(await open(caller, chat.id));
    expect(first.every((s) => s.ok)).toBe(true);
    expect(fake.openRequests() - openedBefore).toBe(3);

    const fourth = await open(caller, chats[3]?.id ?? '');
    expect(fourth.ok).toBe(false);
    expect(!fourth.ok && fourth.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { code: 'RATE_LIMITED' } });
    expect(!fourth.ok && fourth.error.message).toBe('Tu coach ya está respondiendo en 3 conversaciones a la vez. Espera a que termine alguna.');
    expect(fake.openRequests() - openedBefore).toBe(3);

    // Another user is not affected.
    const theirs = await other.caller.coaching.start({ kind: 'chat' });
    const stream = await open(other.caller, theirs.id);
    expect(stream.ok).toBe(true);
    if (stream.ok) await stream.close();

    // Closing one frees its slot (and aborts its upstream request).
    const closing = first[0];
    if (closing?.ok) await closing.close();
    await expect.poll(() => fake.openRequests() - openedBefore, { timeout: 2000 }).toBe(2);
    const again = await open(caller, chats[3]?.id ?? '');
    expect(again.ok).toBe(true);
    for (const s of [...first, again]) if (s?.ok) await s.close();
    await expect.poll(() => fake.openRequests() - openedBefore, { timeout: 2000 }).toBe(0);
  });

  it('refuses a second stream in the same conversation with CONFLICT', async () => {
    const { first, again } = await stalledAnswerSubscribedTwice();
    const error = await again.next().then(
      () => null,
      (e: unknown) => e as TrpcLikeError,
    );
    expect(error).toMatchObject({
      code: 'CONFLICT',
      message: 'Tu coach ya está respondiendo en esta conversación. Espera a que termine o detén la respuesta.',
    });
    if (first.ok) await first.close();
  });

  it('lets a resubscription in the same conversation in when the previous stream ends within a second', async () => {
    const { first, again } = await stalledAnswerSubscribedTwice();
    const second = again.next();
    await new Promise((r) => setTimeout(r, 250));
    if (first.ok) await first.close();
    await expect(second).resolves.toMatchObject({ done: false });
    await again.return?.(undefined);
  });

  it('limits model calls per minute with a Spanish message and retryAfterSeconds', async () => {
    const t = app({ AI_CALLS_PER_MINUTE_PER_USER: '3' });
    const { caller } = await signedIn(t, { assessment: false });
    fake.reply({ kind: 'text', text: 'Te escucho.' });
    const chat = await caller.coaching.start({ kind: 'chat' });
    await sendAndDrain(caller, chat.id, 3);
    const before = fake.requests.length;
    const fourth = await open(caller, chat.id);
    expect(fourth.ok).toBe(false);
    if (!fourth.ok) {
      expect(fourth.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { code: 'RATE_LIMITED' } });
      expect(fourth.error.message).toMatch(/^Has hecho muchas peticiones a tu coach en poco tiempo\. Espera \d+ s y vuelve a intentarlo\.$/);
      const retry = fourth.error.cause?.details?.retryAfterSeconds ?? 0;
      expect(retry).toBeGreaterThan(0);
      expect(retry).toBeLessThanOrEqual(60);
    }
    // Refused before any request reached the model.
    expect(fake.requests.length).toBe(before);
  });

  it('refuses model calls once the daily token budget is used, until the local midnight', async () => {
    const t = app({ AI_DAILY_TOKEN_BUDGET_PER_USER: '78' });
    const { caller, cookie, user } = await signedIn(t, { assessment: false });
    fake.reply({ kind: 'text', text: 'Te escucho.' });
    const chat = await caller.coaching.start({ kind: 'chat' });
    const { userMessageId } = await caller.coaching.send({
      conversationId: chat.id,
      content: 'Hola',
      clientMessageId: crypto.randomUUID(),
    });
    await drain(caller, chat.id, userMessageId); // 11 + 7 tokens, and 40 + 8 for the crisis screen's second opinion
    await t.deps.repos.coaching.addUsage(user.id, '2026-11-22', { inputTokens: 12, outputTokens: 0 }); // 78 in all

    const refused = await open(caller, chat.id);
    expect(!refused.ok && refused.error).toMatchObject({ code: 'TOO_MANY_REQUESTS', cause: { code: 'RATE_LIMITED' } });
    expect(!refused.ok && refused.error.message).toBe('Has llegado al límite diario de uso de tu coach con IA. Mañana podrás seguir.');
    // 2026-11-22T09:00Z is 10:00 in Madrid (the default timezone): 14 h to midnight.
    expect(!refused.ok && refused.error.cause?.details?.retryAfterSeconds).toBe(14 * 3600);

    // The daily plan is inside the budget: REST answers 429 with Retry-After and the envelope.
    const plan = await t.request('/api/generate-daily-plan', { method: 'POST', cookie });
    expect(plan.status).toBe(429);
    expect(plan.headers.get('retry-after')).toBe(String(14 * 3600));
    expect(await plan.json()).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: 'Has llegado al límite diario de uso de tu coach con IA. Mañana podrás seguir.',
      },
    });

    // A new local day starts a new budget.
    t.clock.advance(15 * 3600 * 1000);
    const tomorrow = await open(caller, chat.id);
    expect(tomorrow.ok).toBe(true);
    if (tomorrow.ok) await tomorrow.close();
  });

  it('does not limit the offline coach', async () => {
    const t = createTestApp({ env: { AI_CALLS_PER_MINUTE_PER_USER: '1' } });
    const { caller } = await signedIn(t, { assessment: false });
    const chat = await caller.coaching.start({ kind: 'chat' });
    await sendAndDrain(caller, chat.id, 3);
    expect((await caller.coaching.conversation({ id: chat.id })).messages.filter((m) => m.role === 'assistant')).toHaveLength(3);
  });
});

describe('the coach evaluation under the model limits', () => {
  it('counts against the per-minute rate and runs one at a time per assessment; over a limit it is null, not an error', async () => {
    const t = app({ AI_CALLS_PER_MINUTE_PER_USER: '3' });
    const { caller } = await signedIn(t, { assessment: false });
    await caller.assessment.complete({ responses: COMPLETE_RESPONSES, version: '1.0' });
    // A failing server caches nothing, so every query would otherwise call the model again.
    fake.reply({ kind: 'error', status: 500 });
    const before = fake.requests.length;
    const answers = [];
    for (let i = 0; i < 8; i += 1) answers.push(await caller.assessment.coachEvaluation());
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(fake.requests.length - before).toBe(3);

    // Parallel queries of one assessment: one reaches the model (here it hangs until the provider's
    // 2.5 s timeout), the others give the rule-based reading after a second instead of calling it again.
    const slow = createTestApp({
      coachProvider: fakeModelProvider(fake, { timeoutMs: 2_500 }),
    });
    const other = await signedIn(slow, { assessment: false });
    await other.caller.assessment.complete({ responses: COMPLETE_RESPONSES, version: '1.0' });
    fake.reply({ kind: 'hang' });
    const parallelBefore = fake.requests.length;
    const parallel = await Promise.all([1, 2, 3].map(() => other.caller.assessment.coachEvaluation()));
    expect(fake.requests.length - parallelBefore).toBe(1);
    expect(parallel).toEqual([null, null, null]);
  });
});

/** What every limit store must do, whichever store holds the counts. */
function storeContract(make: () => Promise<ModelLimitStore>) {
  it('releases a slot once, even when release is called twice', async () => {
    const store = await make();
    const a = await store.tryAcquireStream('u', 'c1', 2);
    const b = await store.tryAcquireStream('u', 'c2', 2);
    expect(await store.tryAcquireStream('u', 'c3', 2)).toEqual({ ok: false, reason: 'user' });
    expect(await store.tryAcquireStream('u', 'c1', 2)).toEqual({ ok: false, reason: 'conversation' });
    if (a.ok) {
      a.release();
      a.release();
    }
    const c = await store.tryAcquireStream('u', 'c3', 2);
    expect(c.ok).toBe(true);
    expect(await store.tryAcquireStream('u', 'c4', 2)).toEqual({ ok: false, reason: 'user' });
    if (b.ok) b.release();
    if (c.ok) c.release();
    // Calls not tied to a conversation (the daily plan) each take their own slot.
    const p1 = await store.tryAcquireStream('u', null, 2);
    const p2 = await store.tryAcquireStream('u', null, 2);
    expect([p1.ok, p2.ok, (await store.tryAcquireStream('u', null, 2)).ok]).toEqual([true, true, false]);
  });

  it('counts calls per minute per user', async () => {
    const store = await make();
    expect(await store.consumeCall('u', 2)).toEqual({ ok: true });
    expect(await store.consumeCall('u', 2)).toEqual({ ok: true });
    const third = await store.consumeCall('u', 2);
    expect(third).toMatchObject({ ok: false });
    expect(!third.ok && third.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(await store.consumeCall('v', 2)).toEqual({ ok: true });
  });
}

describe('the in-memory limit store', () => {
  storeContract(() => Promise.resolve(createMemoryModelLimitStore()));
});

describeWithRedis('the Redis limit store', () => {
  const redis = useRedisServer();
  // A fresh server namespace per test: each test uses its own instance and user ids would collide.
  storeContract(async () => {
    await (await redis.connect()).client.flushAll();
    return createRedisModelLimitStore(await redis.connect(), createLogger('silent'));
  });

  it('a slot a heartbeat wrote while its acquisition was on its way does not count against itself', async () => {
    const redis2 = await redis.connect();
    const store = createRedisModelLimitStore(redis2, createLogger('silent'));
    const key = `${redis2.keyPrefix}model-streams:race`;
    // What the heartbeat writes for the pending first slot (this instance's field 1, conversation c1).
    await redis2.client.hSet(key, `${redis2.instanceId}\u00001`, 'c1');
    const first = await store.tryAcquireStream('race', 'c1', 2);
    expect(first.ok).toBe(true);
    expect((await store.tryAcquireStream('race', 'c2', 2)).ok).toBe(true);
    // Exactly two are held, in Redis (not this process's fallback).
    expect(await store.tryAcquireStream('race', 'c3', 2)).toEqual({ ok: false, reason: 'user' });
    expect(Object.values(await redis2.client.hGetAll(key)).sort()).toEqual(['c1', 'c2']);
  });

  it('holds the stream caps across two instances: per user, per conversation, and a crashed instance’s streams age out', async () => {
    const a = createRedisModelLimitStore(await redis.connect({ leaseMs: 600 }), createLogger('silent'));
    const bRedis = await redis.connect({ leaseMs: 600 });
    const b = createRedisModelLimitStore(bRedis, createLogger('silent'));
    const onA = [await a.tryAcquireStream('w', 'c1', 3), await a.tryAcquireStream('w', 'c2', 3)];
    expect(onA.map((slot) => slot.ok)).toEqual([true, true]);
    // B sees A's conversation and A's streams.
    expect(await b.tryAcquireStream('w', 'c1', 3)).toEqual({ ok: false, reason: 'conversation' });
    const third = await b.tryAcquireStream('w', 'c3', 3);
    expect(third.ok).toBe(true);
    expect(await b.tryAcquireStream('w', 'c4', 3)).toEqual({ ok: false, reason: 'user' });
    expect(await a.tryAcquireStream('w', null, 3)).toEqual({ ok: false, reason: 'user' });
    // Released on A: B may open one.
    if (onA[0]?.ok) onA[0].release();
    await expect.poll(async () => (await b.tryAcquireStream('w', 'c1', 3)).ok, { timeout: 2000 }).toBe(true);
    // B "crashes" (stops renewing its lease, never releases): its two streams stop counting after the lease.
    await bRedis.close();
    expect(await a.tryAcquireStream('w', 'c5', 3)).toEqual({ ok: false, reason: 'user' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const after = [await a.tryAcquireStream('w', 'c5', 3), await a.tryAcquireStream('w', 'c6', 3)];
    expect(after.map((slot) => slot.ok)).toEqual([true, true]);
    expect(await a.tryAcquireStream('w', 'c7', 3)).toEqual({ ok: false, reason: 'user' });
  });

  it('is the store of an app built with REDIS_URL (createDeps wires it), shared by two such apps', async () => {
    const apps = [createTestApp({ env: { REDIS_URL: redis.server.url } }), createTestApp({ env: { REDIS_URL: redis.server.url } })];
    try {
      // As main.ts does: wait for the connections (until then the store falls back to this instance's counts).
      for (const t of apps) expect(await t.deps.redis?.ready(5_000)).toBe(true);
      const [a, b] = apps.map((t) => modelLimitStore(t.deps));
      const first = await a?.tryAcquireStream('wired-user', 'c1', 1);
      expect(first?.ok).toBe(true);
      expect(await b?.tryAcquireStream('wired-user', 'c2', 1)).toEqual({ ok: false, reason: 'user' });
      expect(await b?.tryAcquireStream('wired-user', 'c1', 1)).toEqual({ ok: false, reason: 'conversation' });
    } finally {
      await Promise.all(apps.map(async (t) => t.deps.redis?.close()));
    }
  });

  it('limits calls per minute across two instances', async () => {
    const a = createRedisModelLimitStore(await redis.connect(), createLogger('silent'));
    const b = createRedisModelLimitStore(await redis.connect(), createLogger('silent'));
    const answers = [await a.consumeCall('x', 3), await b.consumeCall('x', 3), await a.consumeCall('x', 3), await b.consumeCall('x', 3)];
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, false]);
  });
});
