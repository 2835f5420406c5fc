import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../testing/coaching';
import { createTestApp, createTestClock, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { FEED_FETCHES_PER_HOUR, FEED_NAME } from './calendar.service';

/** Thursday 2026-11-26 10:00 UTC: 11:00 in Madrid (UTC+1), 04:00 in Mexico City (UTC-6); both on the 26th. */
const THURSDAY = new Date('2026-11-26T10:00:00Z');
const TOKEN_URL = /^http:\/\/localhost:3000\/api\/calendar\/feed\/([A-Za-z0-9_-]{43})\.ics$/;

type ParsedEvent = {
  uid: string;
  summary: string;
  description: string;
  url: string;
  start: Date;
  end: Date | null;
  allDay: boolean;
  tzid: string | null;
  startText: string;
};

/** The feed parsed by ical.js (its VTIMEZONEs registered first, so local times convert to instants). */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events: ParsedEvent[] = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    const dtstart = component.getFirstProperty('dtstart');
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(component.getFirstPropertyValue('url')),
      start: event.startDate.toJSDate(),
      end: component.hasProperty('dtend') ? event.endDate.toJSDate() : null,
      allDay: event.startDate.isDate,
      tzid: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
      startText: event.startDate.toString(),
    };
  });
  return { calendar, events };
}

async function createFeed(t: TestApp, cookie: string) {
  const response = await t.request('/api/calendar/feed', { cookie, method: 'POST' });
  const body = (await response.json()) as { url: string };
  return { status: response.status, url: body.url, path: new URL(body.url).pathname, token: TOKEN_URL.exec(body.url)?.[1] ?? '' };
}

/** A member with the assessment done, today's plan generated (offline coach), in `timezone`. */
async function memberWithPlan(t: TestApp, timezone: string) {
  const member = await signedIn(t);
  await t.deps.repos.users.update(member.user.id, { timezone });
  const { plan } = await member.caller.dailyPlan.generate();
  return { ...member, plan: plan! };
}

async function commitment(t: TestApp, userId: string, text: string, status: 'open' | 'done' | 'dropped' = 'open') {
  const id = crypto.randomUUID();
  await t.deps.repos.coaching.insertCommitments([
    { id, userId, conversationId: null, text, status: 'open', createdAt: new Date('2026-11-24T09:00:00Z'), closedAt: null },
  ]);
  if (status !== 'open') await t.deps.repos.coaching.setCommitmentStatus(userId, id, status, new Date('2026-11-25T09:00:00Z'));
  return id;
}

describe('the private calendar feed', () => {
  it('POST gives an absolute URL with a 256-bit token; only its SHA-256 is stored; GET says one exists', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user } = await t.registerUser();
    expect(await (await t.request('/api/calendar/feed', { cookie })).json()).toEqual({ active: false, createdAt: null, lastFetchedAt: null });

    const created = await createFeed(t, cookie);
    expect(created.status).toBe(201);
    expect(created.url.startsWith(`${TEST_ORIGIN}/api/calendar/feed/`)).toBe(true);
    expect(Buffer.from(created.token, 'base64url')).toHaveLength(32);
    const rows = await t.sql('SELECT user_id, token_hash FROM calendar_feeds');
    expect(rows).toEqual([{ user_id: user.id, token_hash: createHash('sha256').update(created.token).digest('base64url') }]);
    expect(JSON.stringify(rows)).not.toContain(created.token);

    const status = (await (await t.request('/api/calendar/feed', { cookie })).json()) as { active: boolean; createdAt: string };
    expect(status).toEqual({ active: true, createdAt: THURSDAY.toISOString(), lastFetchedAt: null });
    // The Host header does not make the URL: a request for another host still gets the configured origin.
    const spoofed = await t.request('/api/calendar/feed', { cookie, method: 'POST', headers: { host: 'malo.example', 'x-forwarded-host': 'malo.example' } });
    expect(((await spoofed.json()) as { url: string }).url.startsWith(`${TEST_ORIGIN}/api/calendar/feed/`)).toBe(true);
  });

  it('Madrid: today’s stored plan and tomorrow’s derived one at the documented local times, open commitments all-day, nobody else’s data', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user, plan } = await memberWithPlan(t, 'Europe/Madrid');
    const open = await commitment(t, user.id, 'Caminar diez minutos después de comer');
    await commitment(t, user.id, 'Compromiso ya cumplido', 'done');
    await commitment(t, user.id, 'Compromiso abandonado', 'dropped');
    const other = await t.registerUser({ firstName: 'Otro' });
    await commitment(t, other.user.id, 'SECRETO de otra persona');
    await t.callerFor(other.cookie).dailyPlan.generate();
    const { path } = await createFeed(t, cookie);

    const response = await t.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=900');
    const text = await response.text();
    expect(text).not.toContain('SECRETO');
    const { calendar, events } = parseFeed(text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(FEED_NAME);
    expect(String(calendar.getFirstPropertyValue('refresh-interval'))).toBe('PT1H');
    expect(String(calendar.getFirstPropertyValue('x-published-ttl'))).toBe('PT1H');
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Madrid']);

    const today = events.filter((e) => e.uid.startsWith('plan-2026-11-26-'));
    const tomorrow = events.filter((e) => e.uid.startsWith('plan-2026-11-27-'));
    // Today's events are the stored plan's items, in its order.
    expect(today.map((e) => e.summary)).toEqual(plan.items.map((i) => i.title));
    expect(tomorrow.length).toBeGreaterThanOrEqual(3);
    for (const event of [...today, ...tomorrow]) {
      expect(event.tzid).toBe('Europe/Madrid');
      expect(event.url.startsWith(`${TEST_ORIGIN}/`)).toBe(true);
      expect(event.description).toContain('Ábrelo en Ascenso');
      // Inside the default work hours, 09:00–18:00 (the journal starts as the day ends), on 5-minute marks.
      const local = event.startText.slice(11, 16);
      expect(local >= '09:00' && local <= '18:00').toBe(true);
      expect(event.start.getUTCMinutes() % 5).toBe(0);
    }
    // The offline coach's plan for this member: a break, a breathing practice and the journal. The journal
    // starts as the working day ends; the others are spread evenly through it (09:00 + 3 h, + 6 h).
    expect(plan.items.map((i) => i.area)).toEqual(['active-breaks', 'breathing', 'journal']);
    expect(today.map((e) => [e.url, e.start.toISOString(), e.end?.toISOString()])).toEqual([
      [`${TEST_ORIGIN}/active-breaks`, '2026-11-26T11:00:00.000Z', `2026-11-26T11:0${plan.items[0]!.minutes}:00.000Z`], // 12:00 in Madrid
      [`${TEST_ORIGIN}/breathing`, '2026-11-26T14:00:00.000Z', `2026-11-26T14:0${plan.items[1]!.minutes}:00.000Z`], // 15:00
      [`${TEST_ORIGIN}/journaling`, '2026-11-26T17:00:00.000Z', '2026-11-26T17:10:00.000Z'], // 18:00
    ]);
    // Today's audio, when a plan has it, goes first thing in the morning (tomorrow's derived plan may have it).
    const audio = tomorrow.find((e) => e.url === `${TEST_ORIGIN}/meditations`);
    if (audio) expect(audio.start.toISOString()).toBe('2026-11-27T08:00:00.000Z');
    expect(tomorrow.every((e) => e.description.includes('Plan provisional'))).toBe(true);
    expect(today.some((e) => e.description.includes('Plan provisional'))).toBe(false);

    const allDay = events.filter((e) => e.allDay);
    expect(allDay.map((e) => [e.uid, e.summary, e.startText])).toEqual([
      [`commitment-${open}@ascenso`, 'Compromiso: Caminar diez minutos después de comer', '2026-11-26'],
    ]);

    // Stable UIDs: a second read gives the same events (calendars update rather than duplicate), and the same ETag → 304.
    const again = await t.request(path);
    expect(parseFeed(await again.text()).events.map((e) => e.uid)).toEqual(events.map((e) => e.uid));
    const etag = again.headers.get('etag')!;
    expect(etag).toBe(response.headers.get('etag'));
    const head = await t.request(path, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-type'), await head.text()]).toEqual([200, 'text/calendar; charset=utf-8', '']);
    const notModified = await t.request(path, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    const status = (await (await t.request('/api/calendar/feed', { cookie })).json()) as { lastFetchedAt: string };
    expect(status.lastFetchedAt).toBe(THURSDAY.toISOString());
  });

  it('Mexico City: the same hours in the user’s zone; the work hours from the profile move them', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await memberWithPlan(t, 'America/Mexico_City');
    const { path } = await createFeed(t, cookie);
    const first = parseFeed(await (await t.request(path)).text());
    expect(first.calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['America/Mexico_City']);
    const pause = first.events.find((e) => e.uid.startsWith('plan-2026-11-26-') && e.url.endsWith('/active-breaks'));
    expect(pause?.tzid).toBe('America/Mexico_City');
    expect(pause?.start.toISOString()).toBe('2026-11-26T18:00:00.000Z'); // 12:00 in Mexico City (UTC-6)
    const journal = first.events.find((e) => e.uid.startsWith('plan-2026-11-26-') && e.url.endsWith('/journaling'));
    expect(journal?.start.toISOString()).toBe('2026-11-27T00:00:00.000Z'); // 18:00

    const saved = await t.request('/api/profile/work-hours', { cookie, method: 'PUT', body: { start: '07:30', end: '15:00', days: [6, 1, 2] } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ start: '07:30', end: '15:00', days: [1, 2, 6] });
    expect(await (await t.request('/api/profile/work-hours', { cookie })).json()).toEqual({ start: '07:30', end: '15:00', days: [1, 2, 6] });
    const moved = parseFeed(await (await t.request(path)).text()).events;
    expect(moved.find((e) => e.uid === pause?.uid)?.start.toISOString()).toBe('2026-11-26T16:00:00.000Z'); // 07:30 + 2 h 30
    expect(moved.find((e) => e.uid === journal?.uid)?.start.toISOString()).toBe('2026-11-26T21:00:00.000Z'); // 15:00
  });

  it('a new POST rotates the URL (the old one answers 404); DELETE → 204, then 404; revoking twice is fine', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await t.registerUser();
    const first = await createFeed(t, cookie);
    const second = await createFeed(t, cookie);
    expect(second.token).not.toBe(first.token);
    const old = await t.request(first.path);
    expect(old.status).toBe(404);
    expect(old.headers.get('content-type')).toContain('application/json');
    expect(((await old.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/revocado/),
    });
    expect((await t.request(second.path)).status).toBe(200);

    expect((await t.request('/api/calendar/feed', { cookie, method: 'DELETE' })).status).toBe(204);
    expect((await t.request(second.path)).status).toBe(404);
    expect((await t.request('/api/calendar/feed', { cookie, method: 'DELETE' })).status).toBe(204);
    expect(await t.sql('SELECT user_id FROM calendar_feeds')).toEqual([]);
  });

  it('refuses: no session → 401, no Origin → 403; malformed or unknown tokens → 404 (never 500)', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await t.registerUser();
    const { token } = await createFeed(t, cookie);
    expect((await t.request('/api/calendar/feed', { method: 'POST' })).status).toBe(401);
    expect((await t.request('/api/calendar/feed', { method: 'DELETE' })).status).toBe(401);
    expect((await t.request('/api/calendar/feed')).status).toBe(401);
    expect((await t.request('/api/profile/work-hours', { method: 'PUT', body: { start: '09:00', end: '17:00', days: [1] } })).status).toBe(401);
    expect((await t.request('/api/calendar/feed', { cookie, method: 'POST', origin: null })).status).toBe(403);
    expect((await t.request('/api/calendar/feed', { cookie, method: 'POST', origin: 'https://malo.example' })).status).toBe(403);

    const unknown = Buffer.alloc(32, 7).toString('base64url');
    for (const file of [
      `${unknown}.ics`,
      `${token}`,
      `${token}.ics.ics`,
      `${token.slice(1)}.ics`,
      `${token}x.ics`,
      'a.ics',
      '.ics',
      '%00.ics',
      `${token.toUpperCase()}.ics`,
      `${'%2e%2e'}.ics`,
    ]) {
      const response = await t.request(`/api/calendar/feed/${file}`);
      expect([file, response.status]).toEqual([file, 404]);
    }
    expect((await t.request(`/api/calendar/feed/${token}.ics`)).status).toBe(200);
  });

  it(`rate-limits each feed: ${FEED_FETCHES_PER_HOUR} reads an hour, then 429 with Retry-After; another feed is not affected`, async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const a = await t.registerUser();
    const b = await t.registerUser();
    const feedA = await createFeed(t, a.cookie);
    const feedB = await createFeed(t, b.cookie);
    const statuses = await Promise.all(Array.from({ length: FEED_FETCHES_PER_HOUR }, () => t.request(feedA.path).then((r) => r.status)));
    expect(statuses.every((s) => s === 200)).toBe(true);
    const limited = await t.request(feedA.path);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect((await t.request(feedB.path)).status).toBe(200);
  });

  it('work hours: invalid input → 400 with the Spanish envelope, nothing stored', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await t.registerUser();
    expect(await (await t.request('/api/profile/work-hours', { cookie })).json()).toEqual({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] });
    const cases: Array<[unknown, string]> = [
      [{ start: '18:00', end: '09:00', days: [1] }, 'Tu jornada tiene que terminar después de empezar'],
      [{ start: '09:00', end: '17:00', days: [] }, 'Elige al menos un día de trabajo'],
      [{ start: '25:00', end: '17:00', days: [1] }, 'La hora de inicio tiene que ser HH:MM, por ejemplo 09:00'],
      [{ start: '09:00', end: '17:00', days: [1, 1] }, 'Cada día solo puede aparecer una vez'],
      [{ start: '09:00', end: '17:00', days: [8] }, ''],
      ['no es un objeto', ''],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('/api/profile/work-hours', { cookie, method: 'PUT', body });
      expect(response.status).toBe(400);
      const { error } = (await response.json()) as { error: { code: string; message: string; requestId: string; details?: unknown } };
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toBe('Revisa los campos marcados');
      expect(error.requestId).toEqual(expect.any(String));
      if (message) expect(JSON.stringify(error.details)).toContain(message);
    }
    const malformed = await t.request('/api/profile/work-hours', { cookie, method: 'PUT', rawBody: '{', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    expect(await (await t.request('/api/profile/work-hours', { cookie })).json()).toEqual({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] });
  });

  it('deleting the account removes the feed: its URL answers 404', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, password } = await t.registerUser();
    const { path } = await createFeed(t, cookie);
    expect((await t.request(path)).status).toBe(200);
    expect((await t.request('/api/profile', { cookie, method: 'DELETE', body: { confirm: true, password } })).status).toBe(204);
    expect((await t.request(path)).status).toBe(404);
    expect(await t.sql('SELECT user_id FROM calendar_feeds')).toEqual([]);
  });
});
