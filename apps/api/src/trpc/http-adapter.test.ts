import { createOpenAICompatibleProvider } from '@ascenso/ai/openai-provider';
import { startFakeOpenAIServer } from '@ascenso/ai/testing/fake-openai-server';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

// tRPC over HTTP goes only through tRPC's public fetch adapter (app.ts): these pin what clients rely on.

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const sessionLine = (response: Response, cookie: string) => response.headers.getSetCookie().some((line) => line.startsWith(cookie.split('=')[0] + '='));

describe('tRPC over HTTP (fetch adapter)', () => {
  it('answers single queries and GET batches', async () => {
    const t = createTestApp();
    const { user, cookie } = await t.registerUser();
    const single = await t.request('/api/trpc/activities.stats', { cookie });
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toBe('application/json');
    expect(single.headers.get('vary')).toBe('trpc-accept, accept');
    expect(await single.json()).toMatchObject({ result: { data: { json: { stats: { totalSteps: 0 } } } } });

    const batch = await t.request(
      `/api/trpc/activities.stats,activities.catalogue,profile.stepsHistory?batch=1&input=${input({ 0: { json: { userId: user.id } } })}`,
      { cookie },
    );
    expect(batch.status).toBe(200);
    expect(await batch.json()).toHaveLength(3);
  });

  it('answers failures with the adapter status and no stack', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const other = await t.registerUser();
    const cases: Array<[string, number, string | undefined]> = [
      ['/api/trpc/activities.stats', 401, undefined],
      [`/api/trpc/activities.stats?input=${input({ json: { userId: other.user.id } })}`, 403, cookie],
      [`/api/trpc/activities.stats?input=${input({ json: { userId: '' } })}`, 400, cookie],
      ['/api/trpc/activities.stats?input=%7Bnot-json', 400, cookie],
      ['/api/trpc/activities.nope', 404, cookie],
      ['/api/trpc/activities.complete', 405, cookie],
      [`/api/trpc/activities.stats,activities.catalogue?batch=1&input=${input({ 0: { json: { userId: other.user.id } } })}`, 207, cookie],
    ];
    for (const [path, status, who] of cases) {
      const answer = await t.request(path, who ? { cookie: who } : {});
      expect([path, answer.status]).toEqual([path, status]);
      expect(await answer.text()).not.toMatch(/stack|at \//);
    }
  });

  it('sends the refreshed session cookie on a successful call and on a failed one', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const other = await t.registerUser();
    t.clock.advance(61 * 60 * 1000);
    const ok = await t.request('/api/trpc/activities.stats', { cookie });
    expect(ok.status).toBe(200);
    expect(sessionLine(ok, cookie)).toBe(true);

    t.clock.advance(61 * 60 * 1000);
    const failed = await t.request(`/api/trpc/activities.stats?input=${input({ json: { userId: other.user.id } })}`, {
      cookie,
    });
    expect(failed.status).toBe(403);
    expect(sessionLine(failed, cookie)).toBe(true);

    const fresh = await t.request('/api/trpc/activities.stats', { cookie });
    expect(fresh.headers.getSetCookie()).toEqual([]);
  });
});

describe('on a real Node server (headers read from the IncomingMessage)', () => {
  it('finds the session, answers, and sends a refreshed cookie', async () => {
    const t = createTestApp();
    const { user, cookie } = await t.registerUser();
    const server = await startTestServer(t);
    try {
      const trpc = await fetch(`${server.httpUrl}/api/trpc/activities.stats`, { headers: { cookie } });
      expect(trpc.status).toBe(200);
      expect(trpc.headers.get('content-type')).toBe('application/json');
      expect(trpc.headers.get('x-content-type-options')).toBe('nosniff');
      expect(((await trpc.json()) as { result: { data: { json: { stats: { totalSteps: number } } } } }).result.data.json.stats.totalSteps).toBe(0);
      const rest = await fetch(`${server.httpUrl}/api/activity-log/users/${user.id}/activity-stats`, {
        headers: { cookie: `theme=dark; ${cookie}` },
      });
      expect(rest.status).toBe(200);
      const visitor = await fetch(`${server.httpUrl}/api/trpc/activities.stats`);
      expect(visitor.status).toBe(401);

      t.clock.advance(61 * 60 * 1000);
      const refreshed = await fetch(`${server.httpUrl}/api/trpc/activities.stats`, { headers: { cookie } });
      expect(refreshed.status).toBe(200);
      expect(refreshed.headers.getSetCookie()).toHaveLength(1);
      expect(refreshed.headers.get('vary')).toBe('trpc-accept, accept');
    } finally {
      await server.stop();
    }
  });

  it('a query that calls the model stops that call when the client goes away (the adapter passes the request signal)', async () => {
    const fake = await startFakeOpenAIServer();
    const t = createTestApp({
      coachProvider: createOpenAICompatibleProvider({
        apiKey: 'k',
        baseURL: fake.baseURL,
        model: 'fake',
        maxRetries: 0,
        timeoutMs: 30_000,
      }),
    });
    const server = await startTestServer(t);
    try {
      const { cookie } = await t.registerUser();
      await t.callerFor(cookie).assessment.complete({ responses: COMPLETE_RESPONSES, version: '1.0' });
      fake.reply({ kind: 'hang' });
      const before = fake.requests.length;
      const client = new AbortController();
      const pending = fetch(`${server.httpUrl}/api/trpc/assessment.coachEvaluation`, {
        headers: { cookie },
        signal: client.signal,
      }).catch((error: unknown) => error);
      for (let waited = 0; fake.requests.length === before && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fake.requests.length - before).toBe(1);
      expect(fake.abortedRequests()).toBe(0);
      client.abort();
      expect(await pending).toBeInstanceOf(Error);
      for (let waited = 0; fake.abortedRequests() === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      // Without the signal, the model call would hang until the provider's 30 s timeout.
      expect(fake.abortedRequests()).toBe(1);
    } finally {
      await server.stop();
      await fake.close();
    }
  });
});
