import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';
import { appRouter } from './app-router';
import { parseQueryRequest } from './query-fast-path';

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** A GET answered by the fast path, and the same GET forced through the fetch adapter. */
async function both(t: TestApp, path: string, cookie?: string) {
  const fast = await t.request(path, cookie ? { cookie } : {});
  const adapter = await t.request(path, {
    ...(cookie ? { cookie } : {}),
    headers: { 'trpc-accept': 'application/json' },
  });
  return { fast, adapter };
}

async function expectSameAnswer(t: TestApp, path: string, cookie?: string) {
  const { fast, adapter } = await both(t, path, cookie);
  expect(fast.status).toBe(adapter.status);
  expect(fast.headers.get('content-type')).toBe(adapter.headers.get('content-type'));
  expect(fast.headers.get('vary')).toBe(adapter.headers.get('vary'));
  expect(fast.headers.get('cache-control')).toBe(adapter.headers.get('cache-control'));
  expect(fast.headers.get('content-security-policy')).toBe(adapter.headers.get('content-security-policy'));
  const body = await fast.json();
  expect(body).toEqual(await adapter.json());
  return { status: fast.status, body };
}

describe('tRPC GET queries without the fetch adapter', () => {
  it('answers single queries and batches exactly as the adapter does', async () => {
    const t = createTestApp();
    const { user, cookie } = await t.registerUser();
    const single = await expectSameAnswer(t, '/api/trpc/activities.stats', cookie);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ result: { data: { json: { stats: { totalSteps: 0 } } } } });

    const withInput = await expectSameAnswer(
      t,
      `/api/trpc/activities.stats?input=${input({ json: { userId: user.id } })}`,
      cookie,
    );
    expect(withInput.status).toBe(200);

    const batch = await expectSameAnswer(
      t,
      `/api/trpc/activities.stats,activities.catalogue,profile.stepsHistory?batch=1&input=${input({ 0: { json: { userId: user.id } } })}`,
      cookie,
    );
    expect(batch.status).toBe(200);
    expect(batch.body).toHaveLength(3);
  });

  it('leaves every failure to the adapter: same status, same error shape', async () => {
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
      [
        `/api/trpc/activities.stats,activities.catalogue?batch=1&input=${input({ 0: { json: { userId: other.user.id } } })}`,
        207,
        cookie,
      ],
    ];
    for (const [path, status, who] of cases) {
      const answer = await expectSameAnswer(t, path, who);
      expect([path, answer.status]).toEqual([path, status]);
      expect(JSON.stringify(answer.body)).not.toMatch(/stack|at \//);
    }
  });

  it('sends the refreshed session cookie on a fast answer and on a failed one', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const other = await t.registerUser();
    t.clock.advance(61 * 60 * 1000);
    const fast = await t.request('/api/trpc/activities.stats', { cookie });
    expect(fast.status).toBe(200);
    expect(fast.headers.getSetCookie().some((line) => line.startsWith(cookie.split('=')[0] + '='))).toBe(true);

    t.clock.advance(61 * 60 * 1000);
    const failed = await t.request(`/api/trpc/activities.stats?input=${input({ json: { userId: other.user.id } })}`, {
      cookie,
    });
    expect(failed.status).toBe(403);
    expect(failed.headers.getSetCookie().some((line) => line.startsWith(cookie.split('=')[0] + '='))).toBe(true);
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
      expect(
        ((await trpc.json()) as { result: { data: { json: { stats: { totalSteps: number } } } } }).result.data.json
          .stats.totalSteps,
      ).toBe(0);
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
});

describe('parseQueryRequest', () => {
  it('takes plain queries and batches of queries', () => {
    expect(parseQueryRequest(appRouter, 'activities.stats', '')?.calls.map((c) => c.path)).toEqual([
      'activities.stats',
    ]);
    const batch = parseQueryRequest(
      appRouter,
      'activities.stats,activities.catalogue',
      `batch=1&input=${input({ 1: { json: null } })}`,
    );
    expect(batch?.batch).toBe(true);
    expect(batch?.calls.map((c) => [c.path, c.input])).toEqual([
      ['activities.stats', undefined],
      ['activities.catalogue', null],
    ]);
    expect(
      parseQueryRequest(appRouter, 'activities.stats', `input=${input({ json: { userId: 'u1' } })}`)?.calls[0]?.input,
    ).toEqual({ userId: 'u1' });
  });

  it('leaves anything else to the adapter', () => {
    for (const [path, search] of [
      ['', ''],
      ['activities.complete', ''],
      ['activities.onCompleted', ''],
      ['activities.nope', ''],
      ['constructor', ''],
      ['__proto__', ''],
      ['activities.stats', 'input=%7B'],
      ['activities.stats', 'connectionParams=1'],
      ['activities.stats', 'batch=1&batch=1'],
      ['activities.stats', 'batch=true'],
      ['activities.stats', `batch=1&input=${input([1])}`],
      ['activities.stats', 'input=1&input=2'],
      ['%E0%A4%A', ''],
    ] as const) {
      expect([path, search, parseQueryRequest(appRouter, path, search)]).toEqual([path, search, undefined]);
    }
  });
});

describe('queries that need the abort signal', () => {
  it('are left to the adapter, which gives them the request signal', () => {
    expect(parseQueryRequest(appRouter, 'assessment.coachEvaluation', '')).toBeUndefined();
    expect(
      parseQueryRequest(appRouter, 'admin.aiEmailPreview', `input=${input({ json: { userId: 'u1' } })}`),
    ).toBeUndefined();
    expect(parseQueryRequest(appRouter, 'assessment.status,assessment.coachEvaluation', 'batch=1')).toBeUndefined();
  });

  it('are all marked: every query resolver that reads `signal` declares abortOnDisconnect', () => {
    const modules = fileURLToPath(new URL('../modules', import.meta.url));
    const files = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.router.ts'));
    expect(files.length).toBeGreaterThan(5);
    let readers = 0;
    for (const file of files) {
      const source = readFileSync(join(modules, file), 'utf8');
      for (const match of source.matchAll(/\.query\(\s*(?:async\s*)?\(([^)]*)\)/g)) {
        if (!/\bsignal\b/.test(match[1] ?? '')) continue;
        readers += 1;
        // The procedure's chain: from its key (`  name: ...Procedure`) to this .query(.
        const before = source.slice(0, match.index);
        const chain = before.slice(
          before.search(/\n {2}\w+: (?:public|authed|admin)Procedure[^\n]*(?:\n(?! {2}\w+:)[^\n]*)*$/),
        );
        expect([file, chain.includes('abortOnDisconnect: true')]).toEqual([file, true]);
      }
    }
    expect(readers).toBeGreaterThanOrEqual(2);
  });
});
