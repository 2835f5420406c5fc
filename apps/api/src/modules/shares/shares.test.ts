import { createHash } from 'node:crypto';
import { SHARE_MAX_ACTIVE, SHARE_MAX_CREATED_PER_DAY } from '@ascenso/domain/shares';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../../testing/coaching';
import { createTestApp, createTestClock, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { hashShareToken } from './shares.service';

const THURSDAY = new Date('2026-11-26T10:00:00Z');
const DAY = 86_400_000;
const XSS = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&';

type Envelope = { error: { code: string; message: string; requestId: string; details?: { fieldErrors?: Record<string, string[]> } } };
type Created = { id: string; url: string; expiresAt: string };
type Listed = Array<{
  id: string;
  include: string[];
  journalEntryCount: number;
  status: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  views: { count: number; lastViewedAt: string | null; recent: Array<{ at: string; count: number }> };
}>;

async function person(t: TestApp, firstName = 'Lucía') {
  const { cookie, user } = await signedIn(t);
  if (firstName !== 'Lucía') await t.callerFor(cookie).profile.update({ firstName, timezone: 'Europe/Madrid' });
  return { cookie, user, caller: t.callerFor(cookie) };
}

async function entry(t: TestApp, cookie: string, title: string, body: string, mood = 'gratitud') {
  const { entry: e } = await t.callerFor(cookie).journaling.create({ title, body, mood });
  return e.id;
}

async function create(t: TestApp, cookie: string, body: unknown) {
  const response = await t.request('/api/shares', { cookie, body });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Created & Envelope };
}

async function page(t: TestApp, url: string, method = 'GET') {
  const path = url.startsWith(TEST_ORIGIN) ? url.slice(TEST_ORIGIN.length) : url;
  const response = await t.request(path, { method });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('POST /api/shares, GET /api/shares, DELETE /api/shares/{id} and the public page', () => {
  it('creates a share (201, absolute URL, a 256-bit token of which only the hash is stored) and its page shows only what was chosen', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user } = await person(t);
    const ticked = await entry(t, cookie, `Entrada elegida ${XSS}`, `Texto que sí se comparte ${XSS}`);
    await entry(t, cookie, 'Entrada privada', 'SECRETO-NO-COMPARTIR en el diario', 'tristeza');
    await t.deps.repos.coaching.insertConversation({
      id: 'conv-1',
      userId: user.id,
      kind: 'session',
      title: 'Sesión de enfoque',
      status: 'completed',
      stage: 'done',
      summary: `Resumen con ${XSS}`,
      createdAt: THURSDAY,
      updatedAt: THURSDAY,
    });
    await t.deps.repos.coaching.insertCommitments([
      { id: 'k1', userId: user.id, conversationId: 'conv-1', text: 'Hablar con Marta', status: 'open', createdAt: THURSDAY, closedAt: null },
    ]);
    // Someone else's data never appears.
    const other = await person(t, 'Óscar');
    await entry(t, other.cookie, 'De Óscar', 'TEXTO-DE-OSCAR', 'enfado');

    const created = await create(t, cookie, { include: ['moods', 'sessions', 'steps', 'assessment'], days: 7, journalEntryIds: [ticked] });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['expiresAt', 'id', 'url']);
    expect(created.body.expiresAt).toBe(new Date(THURSDAY.getTime() + 7 * DAY).toISOString());
    const match = new RegExp(`^${TEST_ORIGIN}/compartido/([A-Za-z0-9_-]{43})$`).exec(created.body.url);
    expect(match).not.toBeNull();
    const token = match![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.sql('select * from shares where id = ?', created.body.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashShareToken(token));
    expect(JSON.stringify(rows[0])).not.toContain(token);

    const shown = await page(t, created.body.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/^text\/html; charset=utf-8/);
    expect(shown.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const csp = shown.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
    // The one inline style is the one the CSP's hash allows.
    const style = /<style>([\s\S]*?)<\/style>/.exec(shown.text)?.[1] ?? '';
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(style).toContain('"Segoe UI"');
    expect(shown.text).toContain('<html lang="es">');
    expect(shown.text).toMatch(/<meta name="robots" content="noindex, nofollow" ?\/?>/);
    expect(shown.text).toContain('Progreso compartido de Lucía');
    expect(shown.text).toMatch(/Compartido por Lucía hasta el 3 de diciembre de 2026 a las 11:00\./);
    for (const heading of ['Sesiones y compromisos', 'Estado de ánimo', 'Pasos', 'Evaluación inicial', 'Entradas del diario elegidas']) {
      expect(shown.text).toContain(heading);
    }
    expect(shown.text).toContain('Texto que sí se comparte');
    expect(shown.text).toContain('Hablar con Marta (abierto)');
    // The private entry's text and the other person's never appear; the private entry's mood word may (moods: words only).
    expect(shown.text).not.toContain('SECRETO-NO-COMPARTIR');
    expect(shown.text).not.toContain('Entrada privada');
    expect(shown.text).not.toContain('TEXTO-DE-OSCAR');
    expect(shown.text).not.toContain('De Óscar');
    expect(shown.text).toContain('tristeza (1 vez)');
    // Escaped: no markup from user text, no script at all.
    expect(shown.text).not.toMatch(/<script|<img|onerror=alert\(2\)>/i);
    expect(shown.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // No external URL of any kind.
    expect(shown.text.match(/(?:https?:)?\/\/[^\s"'<>)]+/g) ?? []).toEqual([]);
  });

  it('shows only the ticked entry when nothing else is chosen, and lists the share with its views for the owner only', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await person(t);
    const ticked = await entry(t, cookie, 'Solo esta', 'Cuerpo de la entrada elegida');
    await entry(t, cookie, 'Esta no', 'OTRA-ENTRADA');
    const created = await create(t, cookie, { include: [], days: 1, journalEntryIds: [ticked] });
    expect(created.status).toBe(201);
    for (let i = 0; i < 3; i += 1) {
      const shown = await page(t, created.body.url);
      expect(shown.status).toBe(200);
      expect(shown.text).toContain('Cuerpo de la entrada elegida');
      expect(shown.text).not.toMatch(/OTRA-ENTRADA|Estado de ánimo|Pasos por semana|Evaluación inicial/);
    }
    t.clock.advance(5 * 60_000);
    expect((await page(t, created.body.url, 'HEAD')).status).toBe(200); // not a view
    await page(t, created.body.url);

    const listed = await t.request('/api/shares', { cookie });
    expect(listed.status).toBe(200);
    const shares = (await listed.json()) as Listed;
    expect(shares).toHaveLength(1);
    expect(shares[0]).toMatchObject({ id: created.body.id, include: [], journalEntryCount: 1, status: 'active', revokedAt: null });
    expect(shares[0]!.views.count).toBe(4);
    expect(shares[0]!.views.lastViewedAt).toBe(new Date(THURSDAY.getTime() + 5 * 60_000).toISOString());
    expect(shares[0]!.views.recent).toEqual([
      { at: new Date(THURSDAY.getTime() + 5 * 60_000).toISOString(), count: 1 },
      { at: THURSDAY.toISOString(), count: 3 },
    ]);
    expect(JSON.stringify(shares)).not.toMatch(/token|url/i);

    const other = await person(t, 'Óscar');
    expect((await (await t.request('/api/shares', { cookie: other.cookie })).json()) as Listed).toEqual([]);
  });

  it('revokes (204, again 204), then the page answers 410 in Spanish; someone else’s or an unknown id is 404', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await person(t);
    const other = await person(t, 'Óscar');
    const created = await create(t, cookie, { include: ['steps'], days: 30 });
    expect((await page(t, created.body.url)).status).toBe(200);

    const foreign = await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', cookie: other.cookie });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as Envelope).error).toMatchObject({ code: 'NOT_FOUND', message: 'Enlace compartido no encontrado' });
    expect((await t.request('/api/shares/no-existe', { method: 'DELETE', cookie })).status).toBe(404);
    expect((await page(t, created.body.url)).status).toBe(200);

    expect((await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', cookie, origin: 'https://malo.example' })).status).toBe(403);
    expect((await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', origin: null })).status).toBe(403);
    expect((await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', origin: TEST_ORIGIN })).status).toBe(401);

    const revoked = await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', cookie });
    expect(revoked.status).toBe(204);
    expect((await t.request(`/api/shares/${created.body.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const gone = await page(t, created.body.url);
    expect(gone.status).toBe(410);
    expect(gone.text).toContain('Este enlace ya no está disponible');
    expect(gone.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(gone.text).not.toContain('Pasos por semana');
    const listed = (await (await t.request('/api/shares', { cookie })).json()) as Listed;
    expect(listed[0]).toMatchObject({ status: 'revoked', revokedAt: THURSDAY.toISOString() });
  });

  it('speaks of the owner in the third person: the answers in the wizard’s first person are rewritten', async () => {
    const t = createTestApp();
    const { cookie } = await person(t);
    const created = await create(t, cookie, { include: ['assessment'], days: 1 });
    const shown = await page(t, created.body.url);
    // COMPLETE_RESPONSES: goals "Liderar mejor a mi equipo", support "Desarrollar mi liderazgo", stress "Lo analizo a fondo".
    expect(shown.text).toContain('Liderar mejor a su equipo');
    expect(shown.text).toContain('Desarrollar su liderazgo');
    expect(shown.text).toContain('Lo analiza a fondo');
    expect(shown.text).not.toMatch(/\bmi (equipo|liderazgo)\b|Lo analizo/);
  });

  it('writes the footer time as every other time in the app: 07:05, not 7:05', async () => {
    const t = createTestApp({ clock: createTestClock(new Date('2026-12-01T06:05:00Z')) });
    const { cookie } = await person(t);
    const created = await create(t, cookie, { include: ['steps'], days: 1 });
    expect(created.status).toBe(201);
    const shown = await page(t, created.body.url);
    expect(shown.text).toMatch(/Compartido por Lucía hasta el 2 de diciembre de 2026 a las 07:05\./);
  });

  it('answers 410 once the share has expired (clock), and 404 in Spanish HTML for an unknown or malformed token', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await person(t);
    const created = await create(t, cookie, { include: ['moods'], days: 2 });
    t.clock.advance(2 * DAY - 1000);
    expect((await page(t, created.body.url)).status).toBe(200);
    t.clock.advance(1000);
    expect((await page(t, created.body.url)).status).toBe(410);
    expect(((await (await t.request('/api/shares', { cookie })).json()) as Listed)[0]!.status).toBe('expired');

    for (const path of ['/compartido/' + 'A'.repeat(43), '/compartido/corto', '/compartido/%3Cscript%3E', '/compartido/a/b', '/compartido/']) {
      const missing = await page(t, path);
      expect({ path, status: missing.status }).toEqual({ path, status: 404 });
      expect(missing.text).toContain('Enlace no encontrado');
      expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    }
    const posted = await t.request(created.body.url.slice(TEST_ORIGIN.length), { method: 'POST', origin: TEST_ORIGIN, rawBody: '' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses bad input with a 400 VALIDATION envelope in Spanish, with field errors, and never writes', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await person(t);
    const other = await person(t, 'Óscar');
    const foreignEntry = await entry(t, other.cookie, 'De Óscar', 'texto');
    const mine = await entry(t, cookie, 'Mía', 'texto');
    const cases: Array<[string, unknown, string]> = [
      ['empty include, no entries', { include: [], days: 7 }, 'include'],
      ['empty include, empty entries', { include: [], days: 7, journalEntryIds: [] }, 'include'],
      ['unknown include', { include: ['journal'], days: 7 }, 'include.0'],
      ['duplicate include', { include: ['moods', 'moods'], days: 7 }, 'include'],
      ['days 0', { include: ['moods'], days: 0 }, 'days'],
      ['days 31', { include: ['moods'], days: 31 }, 'days'],
      ['days 1.5', { include: ['moods'], days: 1.5 }, 'days'],
      ['days "7"', { include: ['moods'], days: '7' }, 'days'],
      ['no days', { include: ['moods'] }, 'days'],
      ['unknown key', { include: ['moods'], days: 7, extra: true }, '_'],
      ['include not a list', { include: 'moods', days: 7 }, 'include'],
      ['21 entries', { include: [], days: 7, journalEntryIds: Array.from({ length: 21 }, (_, i) => `e${i}`) }, 'journalEntryIds'],
      ['duplicate entries', { include: [], days: 7, journalEntryIds: [mine, mine] }, 'journalEntryIds'],
      ['someone else’s entry', { include: ['moods'], days: 7, journalEntryIds: [foreignEntry] }, 'journalEntryIds'],
      ['unknown entry', { include: ['moods'], days: 7, journalEntryIds: [mine, 'no-existe'] }, 'journalEntryIds'],
      ['an array body', [{ include: ['moods'], days: 7 }], '_'],
      ['null body', null, '_'],
    ];
    for (const [name, body, field] of cases) {
      const { status, body: answer } = await create(t, cookie, body);
      expect({ name, status, code: answer.error?.code }).toEqual({ name, status: 400, code: 'VALIDATION' });
      expect(answer.error.message).toMatch(/[a-záéíóúñ]/i);
      expect(answer.error.requestId).toBeTruthy();
      expect({ name, fields: Object.keys(answer.error.details?.fieldErrors ?? {}) }).toEqual({ name, fields: expect.arrayContaining([field]) });
    }
    const notJson = await t.request('/api/shares', { cookie, rawBody: '{"include": [', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as Envelope).error).toMatchObject({ code: 'VALIDATION', message: 'El cuerpo de la petición no es JSON válido' });
    const big = await t.request('/api/shares', {
      cookie,
      rawBody: JSON.stringify({ include: ['moods'], days: 7, pad: 'x'.repeat(17 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.status).toBe(400);
    expect(((await big.json()) as Envelope).error.message).toMatch(/demasiado grande \(máximo 16 KB\)/);
    expect(await t.sql('select id from shares')).toEqual([]);

    // Without a session: 401.
    const anonymous = await t.request('/api/shares', { body: { include: ['moods'], days: 7 } });
    expect(anonymous.status).toBe(401);
    expect((await t.request('/api/shares')).status).toBe(401);
  });

  it('caps active shares at 20 even for 30 parallel creates (409), then limits creations per day (429 + Retry-After)', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user } = await person(t);
    const results = await Promise.all(Array.from({ length: 30 }, () => create(t, cookie, { include: ['steps'], days: 3 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SHARE_MAX_ACTIVE);
    expect(statuses.filter((s) => s === 409)).toHaveLength(30 - SHARE_MAX_ACTIVE);
    expect(results.find((r) => r.status === 409)!.body.error.message).toMatch(/Ya tienes 20 enlaces activos/);
    expect(await t.sql('select id from shares where user_id = ?', user.id)).toHaveLength(SHARE_MAX_ACTIVE);

    // Revoking frees a slot, but the day's creations are used up (30 counted, the refused ones too).
    const first = results.find((r) => r.status === 201)!.body.id;
    expect((await t.request(`/api/shares/${first}`, { method: 'DELETE', cookie })).status).toBe(204);
    const limited = await create(t, cookie, { include: ['steps'], days: 3 });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatchObject({ code: 'RATE_LIMITED' });
    expect(limited.body.error.message).toContain(`máximo ${SHARE_MAX_CREATED_PER_DAY} en 24 horas`);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another person is not affected.
    const other = await person(t, 'Óscar');
    expect((await create(t, other.cookie, { include: ['steps'], days: 3 })).status).toBe(201);
  });

  it('limits views per share per minute (429 page with Retry-After) and does not log the refused ones', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await person(t);
    const created = await create(t, cookie, { include: ['moods'], days: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 35; i += 1) statuses.push((await page(t, created.body.url)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const refused = await page(t, created.body.url);
    expect(refused.status).toBe(429);
    expect(refused.text).toContain('Demasiadas visitas seguidas');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const listed = (await (await t.request('/api/shares', { cookie })).json()) as Listed;
    expect(listed[0]!.views.count).toBe(30);
    expect(listed[0]!.views.recent).toHaveLength(1);
  });

  it('lists the shares (no token) in the JSON export, and deleting the account deletes them', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user } = await person(t);
    const created = await create(t, cookie, { include: ['moods', 'steps'], days: 5 });
    await page(t, created.body.url);
    const exported = await t.request('/api/profile/export', { cookie });
    const document = (await exported.json()) as { shares?: Array<{ id: string; include: string[]; views: { count: number } }> };
    expect(document.shares).toMatchObject([{ id: created.body.id, include: ['moods', 'steps'], views: { count: 1 } }]);
    const token = created.body.url.split('/').pop()!;
    const raw = JSON.stringify(document);
    expect(raw).not.toContain(token);
    expect(raw).not.toContain(hashShareToken(token));

    const response = await t.request('/api/profile', { method: 'DELETE', cookie, body: { confirm: true, password: 'una frase bastante larga' } });
    expect(response.status).toBe(204);
    expect(await t.sql('select id from shares where user_id = ?', user.id)).toEqual([]);
    expect(await t.sql('select share_id from share_views where share_id = ?', created.body.id)).toEqual([]);
    expect((await page(t, created.body.url)).status).toBe(404);
  });

  it('works over tRPC for the web app: create, list, revoke, with Spanish errors', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { caller } = await person(t);
    const created = await caller.shares.create({ include: ['assessment'], days: 1 });
    expect(created.url).toMatch(/^http:\/\/localhost:3000\/compartido\//);
    expect((await caller.shares.list()).map((s) => s.status)).toEqual(['active']);
    await caller.shares.revoke({ id: created.id });
    expect((await caller.shares.list()).map((s) => s.status)).toEqual(['revoked']);
    await expect(caller.shares.revoke({ id: 'otro' })).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Enlace compartido no encontrado' });
    await expect(caller.shares.create({ include: [], days: 1 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
