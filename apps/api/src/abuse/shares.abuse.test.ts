/**
 * Shares with a coach or therapist (decision 029), attacked from outside over HTTP on
 * 127.0.0.1: filling the table with parallel creates (one server, then two server processes on one SQLite
 * file), flooding a share's page to spam the view log, guessing tokens, oversized bodies. Bounded counts.
 */
import { SHARE_MAX_ACTIVE, SHARE_MAX_VIEWS_PER_MINUTE } from '@ascenso/domain/shares';
import { afterEach, describe, expect, it } from 'vitest';
import { SHARE_PAGE_CSP } from '../modules/shares/share-page';
import { TEST_DIALECT } from '../testing/test-dialect';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';
import { describeWithRedis } from '../testing/redis';
import { useTwoServerProcesses } from '../testing/two-processes';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function createShare(baseUrl: string, cookie: string, body: unknown = { include: ['moods'], days: 7 }) {
  const response = await fetch(`${baseUrl}/api/shares`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, cookie },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, body: (await response.json()) as { url?: string; error?: { code: string; message: string } } };
}

describe('shares under attack (one real server)', () => {
  it('40 parallel creates store exactly the cap; 60 parallel views of one share log exactly the per-minute limit; guessed tokens find nothing', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie, user } = await t.registerUser();

    const creates = await Promise.all(Array.from({ length: 40 }, () => createShare(server.httpUrl, cookie)));
    const statuses = creates.map((c) => c.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(SHARE_MAX_ACTIVE);
    // The rest: 409 (cap) until the day's 30 creations are used up, then 429: never a 5xx.
    expect(statuses.every((s) => s === 201 || s === 409 || s === 429)).toBe(true);
    expect(await t.sql('select id from shares where user_id = ?', user.id)).toHaveLength(SHARE_MAX_ACTIVE);

    const url = creates.find((c) => c.status === 201)!.body.url!;
    const path = new URL(url).pathname;
    const views = await Promise.all(
      Array.from({ length: 60 }, () => fetch(`${server.httpUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status)),
    );
    expect(views.filter((s) => s === 200)).toHaveLength(SHARE_MAX_VIEWS_PER_MINUTE);
    expect(views.filter((s) => s === 429)).toHaveLength(60 - SHARE_MAX_VIEWS_PER_MINUTE);
    const [row] = await t.sql('select view_count from shares where user_id = ? and view_count > 0', user.id);
    expect(Number(row?.view_count)).toBe(SHARE_MAX_VIEWS_PER_MINUTE);
    // One minute: one bucket row, however many views.
    expect(await t.sql('select share_id from share_views')).toHaveLength(1);

    const guesses = await Promise.all(
      Array.from({ length: 100 }, () => {
        const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
        return fetch(`${server.httpUrl}/compartido/${token}`, { signal: AbortSignal.timeout(10_000) }).then((r) => r.status);
      }),
    );
    expect(new Set(guesses)).toEqual(new Set([404]));
    expect(await t.sql('select share_id from share_views')).toHaveLength(1);
  });

  it('the page keeps its own headers on a real server (the app-wide defaults do not replace them)', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie } = await t.registerUser();
    const created = await createShare(server.httpUrl, cookie);
    const response = await fetch(`${server.httpUrl}${new URL(created.body.url!).pathname}`, { signal: AbortSignal.timeout(10_000) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(SHARE_PAGE_CSP);
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it('an oversized body is refused before it is parsed (413 past the API-wide 256 KiB, 400 past the 16 KB of a share)', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie } = await t.registerUser();
    const huge = await createShare(server.httpUrl, cookie, JSON.stringify({ include: ['moods'], days: 7, pad: 'x'.repeat(300 * 1024) }));
    expect(huge.status).toBe(413);
    const big = await createShare(server.httpUrl, cookie, JSON.stringify({ include: ['moods'], days: 7, pad: 'x'.repeat(20 * 1024) }));
    expect(big.status).toBe(400);
    expect(big.body.error?.message).toContain('demasiado grande');
    expect(await t.sql('select id from shares')).toEqual([]);
  });
});

// On its own SQLite file whatever the project: run once (the PostgreSQL cap is the first test's, under api-pg).
(TEST_DIALECT === 'postgres' ? describe.skip : describeWithRedis)('shares under attack (two server processes on one SQLite file)', () => {
  const two = useTwoServerProcesses({ origin: TEST_ORIGIN, name: 'shares', email: 'compartir@ejemplo.es', firstName: 'Nerea' });

  it('30 parallel creates split over both processes never exceed the cap', async () => {
    const creates = await Promise.all(Array.from({ length: 30 }, (_, i) => createShare(two.urls[i % 2]!, two.cookie)));
    const statuses = creates.map((c) => c.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SHARE_MAX_ACTIVE);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - SHARE_MAX_ACTIVE);
    expect(two.db.prepare('select count(*) as n from shares where user_id = ?').get(two.userId)).toEqual({ n: SHARE_MAX_ACTIVE });
  }, 60_000);
});
