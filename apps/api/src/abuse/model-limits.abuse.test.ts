/**
 * Decision 017: one account made 60 model calls in 7 s and held 200 simultaneous upstream streams.
 * Here the same attack runs scaled down against a real server on 127.0.0.1 (real `ws` client on
 * /api/trpc-ws, as the web app subscribes to `coaching.reply`) with the fake OpenAI-compatible server
 * behind it: the upstream never sees more than 3 streams of one user, and the calls per minute stop at
 * the limit; the refused subscriptions get TOO_MANY_REQUESTS with the Spanish message.
 */
import { createOpenAICompatibleProvider } from '@ascenso/ai/openai-provider';
import { startFakeOpenAIServer, type FakeOpenAIServer } from '@ascenso/ai/testing/fake-openai-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

type Message = {
  id?: number | string | null;
  result?: { type: string; data?: unknown };
  error?: {
    json?: { message: string; data: { code: string; domainCode: string | null; retryAfterSeconds: number | null } };
  };
};

let fake: FakeOpenAIServer;
beforeAll(async () => {
  fake = await startFakeOpenAIServer();
});
afterAll(async () => {
  await fake.close();
});
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(env: Record<string, string> = {}) {
  const t = createTestApp({
    env: {
      WS_MAX_SUBSCRIPTIONS_PER_SOCKET: '100',
      QUOTA_CONVERSATIONS_PER_DAY: '500',
      AI_FIRST_TOKEN_TIMEOUT_MS: '10000',
      AI_TIMEOUT_MS: '20000',
      ...env,
    },
    coachProvider: createOpenAICompatibleProvider({
      apiKey: 'k',
      baseURL: fake.baseURL,
      model: 'fake',
      maxRetries: 0,
      timeoutMs: 20_000,
    }),
  });
  const server = await startTestServer(t);
  cleanups.push(server.stop);
  const { cookie, caller } = await t.signedInCaller({ firstName: 'Lucía' });
  const ws = new WebSocket(`${server.wsUrl}/api/trpc-ws`, { headers: { cookie, origin: TEST_ORIGIN } });
  const messages: Message[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    if (text !== 'PING' && text !== 'PONG') messages.push(JSON.parse(text) as Message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  cleanups.push(() => ws.terminate());
  return { t, caller, ws, messages };
}

/** A chat with one message waiting for its answer; returns the subscribe message for that answer. */
async function pending(caller: Awaited<ReturnType<typeof setup>>['caller'], id: number) {
  const chat = await caller.coaching.start({ kind: 'chat' });
  const { userMessageId } = await caller.coaching.send({
    conversationId: chat.id,
    content: `Mensaje ${id}`,
    clientMessageId: crypto.randomUUID(),
  });
  return JSON.stringify({
    id,
    method: 'subscription',
    params: { path: 'coaching.reply', input: { json: { conversationId: chat.id, userMessageId } } },
  });
}

describe('per-user model limits under attack (decision 017)', () => {
  it('30 simultaneous answer streams of one user: 3 reach the model, 27 get TOO_MANY_REQUESTS; closing the socket frees the upstream', async () => {
    const { ws, messages, caller } = await setup();
    fake.reply({ kind: 'stall', chunks: ['Pensando… '] });
    const subscribes = [];
    for (let i = 1; i <= 30; i += 1) subscribes.push(await pending(caller, i));
    const openBefore = fake.openRequests();
    for (const message of subscribes) ws.send(message);

    await expect.poll(() => messages.filter((m) => m.error).length, { timeout: 5000 }).toBe(27);
    await expect.poll(() => fake.openRequests() - openBefore, { timeout: 5000 }).toBe(3);
    const errors = messages.filter((m) => m.error).map((m) => m.error?.json);
    for (const error of errors) {
      expect(error).toMatchObject({
        message: 'Tu coach ya está respondiendo en 3 conversaciones a la vez. Espera a que termine alguna.',
        data: { code: 'TOO_MANY_REQUESTS', domainCode: 'RATE_LIMITED', retryAfterSeconds: 5 },
      });
    }
    // Held for a while, never more than 3.
    await new Promise((r) => setTimeout(r, 300));
    expect(fake.openRequests() - openBefore).toBe(3);

    ws.terminate();
    await expect.poll(() => fake.openRequests() - openBefore, { timeout: 5000 }).toBe(0);
  });

  it('60 answers asked in a burst: at most 20 model calls in the minute, the rest get retryAfterSeconds', async () => {
    const { ws, messages, caller } = await setup({ AI_MAX_CONCURRENT_STREAMS_PER_USER: '100' });
    fake.reply({ kind: 'text', text: 'Te escucho.' });
    const subscribes = [];
    for (let i = 1; i <= 60; i += 1) subscribes.push(await pending(caller, i));
    const before = fake.requests.length;
    const started = Date.now();
    for (const message of subscribes) ws.send(message);
    await expect
      .poll(
        () =>
          messages.filter(
            (m) => m.error || (m.result?.type === 'data' && (m.result.data as { json?: { data?: { type?: string } } })?.json?.data?.type === 'done'),
          ).length,
        {
          timeout: 10_000,
        },
      )
      .toBe(60);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(fake.requests.length - before).toBe(20);
    const errors = messages.filter((m) => m.error).map((m) => m.error?.json);
    expect(errors).toHaveLength(40);
    for (const error of errors) {
      expect(error?.data).toMatchObject({ code: 'TOO_MANY_REQUESTS', domainCode: 'RATE_LIMITED' });
      expect(error?.data.retryAfterSeconds).toBeGreaterThan(0);
      expect(error?.data.retryAfterSeconds).toBeLessThanOrEqual(60);
      expect(error?.message).toMatch(/^Has hecho muchas peticiones a tu coach en poco tiempo\./);
    }
  });
});
