/**
 * The private calendar feed (decision 031), attacked from outside over HTTP on 127.0.0.1: a leaked URL
 * polled in a burst, guessed and malformed tokens, polling while the owner rotates and revokes. Bounded counts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FEED_FETCHES_PER_HOUR } from '../modules/calendar/calendar.service';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function feedUrl(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/calendar/feed`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, cookie },
  });
  expect(response.status).toBe(201);
  return new URL(((await response.json()) as { url: string }).url).pathname;
}

// No per-request deadline: a burst of 100 renders on a 2-core machine that another test file shares can take
// longer than any fixed budget, and a real hang is caught by the test's own timeout (below).
const get = (url: string) => fetch(url).then(async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: await r.text() }));

// Each test sends 70–100 requests that render a calendar or are refused; on PostgreSQL with a loaded machine
// that is more than the project's 20 s per test.
describe('the calendar feed under attack (one real server)', { timeout: 90_000 }, () => {
  it(`100 parallel reads of one leaked URL: exactly ${FEED_FETCHES_PER_HOUR} calendars, the rest 429 with Retry-After; the owner's other feed data is untouched`, async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie } = await t.registerUser();
    const path = await feedUrl(server.httpUrl, cookie);

    const answers = await Promise.all(Array.from({ length: 100 }, () => get(`${server.httpUrl}${path}`)));
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(FEED_FETCHES_PER_HOUR);
    expect(limited).toHaveLength(100 - FEED_FETCHES_PER_HOUR);
    expect(ok.every((a) => a.body.startsWith('BEGIN:VCALENDAR'))).toBe(true);
    expect(limited.every((a) => Number(a.retryAfter) > 0 && JSON.parse(a.body).error.code === 'RATE_LIMITED')).toBe(true);
    // A new URL (rotation) is a new feed: its own budget.
    const fresh = await feedUrl(server.httpUrl, cookie);
    expect((await get(`${server.httpUrl}${fresh}`)).status).toBe(200);
    expect((await get(`${server.httpUrl}${path}`)).status).toBe(404);
  });

  it('guessed, malformed and hostile tokens: 404 every time, never a calendar nor a 5xx', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie } = await t.registerUser();
    await feedUrl(server.httpUrl, cookie);
    const guesses = Array.from({ length: 60 }, () => `${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')}.ics`);
    const hostile = [
      'x.ics',
      '.ics',
      '..%2F..%2Fetc%2Fpasswd.ics',
      `${'A'.repeat(5000)}.ics`,
      '%00.ics',
      'AAAA%0d%0aSet-Cookie:%20a=b.ics',
      `${'A'.repeat(43)}.ICS`,
      `${'A'.repeat(43)}`,
    ];
    const answers = await Promise.all([...guesses, ...hostile].map((file) => get(`${server.httpUrl}/api/calendar/feed/${file}`)));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 404));
    expect(answers.some((a) => a.body.includes('VCALENDAR'))).toBe(false);
  });

  it('polling while the owner rotates and revokes: every answer is a calendar or a 404, never a 5xx', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    servers.push(server);
    const { cookie } = await t.registerUser();
    const paths = [await feedUrl(server.httpUrl, cookie)];
    const polls: Array<Promise<{ status: number }>> = [];
    for (let round = 0; round < 5; round += 1) {
      for (const path of paths) polls.push(get(`${server.httpUrl}${path}`));
      paths.push(await feedUrl(server.httpUrl, cookie));
    }
    polls.push(
      fetch(`${server.httpUrl}/api/calendar/feed`, { method: 'DELETE', headers: { origin: TEST_ORIGIN, cookie } }).then((r) => ({
        status: r.status === 204 ? 404 : r.status,
      })),
    );
    for (const path of paths) polls.push(get(`${server.httpUrl}${path}`));
    const statuses = (await Promise.all(polls)).map((p) => p.status);
    expect(statuses.every((s) => s === 200 || s === 404)).toBe(true);
    expect(await t.sql('SELECT user_id FROM calendar_feeds')).toEqual([]);
  });
});
