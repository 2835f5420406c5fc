import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { grantEvidence } from '../activities/evidence.testing';
import { buildCoachContext } from '../coaching/coach-context';

type Json = Record<string, unknown>;

/** Gives a user data in every area, so export and deletion have something to cover. */
async function richUser(t: TestApp) {
  const { cookie, user, password, caller } = await t.signedInCaller({ firstName: 'Ana' });
  await t.request('/api/assessment/progress', {
    cookie,
    body: { currentSection: 2, responses: { role: 'x' }, completedSections: [1] },
  });
  await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
  await grantEvidence(t, user.id, 'journaling');
  await grantEvidence(t, user.id, 'sesion_completa', 2, 'session');
  await t.request('/api/activity-log', {
    cookie,
    body: { activity_key: 'journaling' },
    headers: { 'idempotency-key': 'export-key-0001' },
  });
  await t.request('/api/activity-log', { cookie, body: { activity_key: 'sesion_completa' } });
  await t.request('/api/activity-log', { cookie, body: { activity_key: 'sesion_completa' } });
  await caller.journaling.create({ mood: 'calma', body: 'Una entrada de prueba' });
  const chat = await caller.coaching.start({ kind: 'chat' });
  const { userMessageId } = await caller.coaching.send({
    conversationId: chat.id,
    content: 'Hola coach',
    clientMessageId: crypto.randomUUID(),
  });
  for await (const _ of (await caller.coaching.reply({
    conversationId: chat.id,
    userMessageId,
  })) as AsyncIterable<unknown>) {
    // drain the streamed answer
  }
  await caller.dailyPlan.generate();
  await caller.profile.addNote({ text: 'Prefiero hablar por la mañana' });
  await t.request('/api/meditations/respiracion-consciente/audio', { cookie, headers: { range: 'bytes=0-9' } });
  await caller.practice.start({ kind: 'active_break', ref: 'ojos' });
  return { cookie, user, password, caller };
}

describe('profile', () => {
  it('updates name and timezone, refusing an unknown zone', async () => {
    const t = createTestApp();
    const { caller } = await t.signedInCaller();
    expect(await caller.profile.update({ firstName: 'Lucía', lastName: 'Martín', timezone: 'Atlantic/Canary' })).toMatchObject({
      firstName: 'Lucía',
      timezone: 'Atlantic/Canary',
    });
    await expect(caller.profile.update({ firstName: 'x', timezone: 'Luna/Mar' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('shows the ledger with the reason of every entry and 30 days of steps', async () => {
    const t = createTestApp();
    const { cookie, user, caller } = await t.signedInCaller();
    await grantEvidence(t, user.id, 'sesion_completa', 2, 'session');
    await t.request('/api/activity-log', { cookie, body: { activity_key: 'sesion_completa' } });
    t.clock.advance(60_000); // newest first: rows of one millisecond have no defined order on PostgreSQL
    await t.request('/api/activity-log', { cookie, body: { activity_key: 'sesion_completa' } });
    const entries = await caller.profile.ledger();
    expect(entries.map((e) => e.reason)).toEqual(['límite diario alcanzado', '+1250 pasos']);
    const history = await caller.profile.stepsHistory();
    expect(history).toHaveLength(30);
    expect(history.at(-1)).toEqual({ day: '2026-11-22', steps: 1250 });
  });

  it('lets the user see, edit and delete what the coach knows, and the coach uses it', async () => {
    const t = createTestApp();
    const { user, caller } = await t.signedInCaller();
    const note = await caller.profile.addNote({ text: 'Tengo dos hijas pequeñas' });
    await caller.profile.editNote({ id: note.id, text: 'Tengo dos hijas de 3 y 6 años' });
    expect((await buildCoachContext(t.deps, { id: user.id, firstName: 'Ana', timezone: 'Europe/Madrid' })).notes).toEqual(['Tengo dos hijas de 3 y 6 años']);
    await caller.profile.deleteNote({ id: note.id });
    expect(await caller.profile.notes()).toEqual([]);
    const other = (await t.signedInCaller()).caller;
    const mine = await caller.profile.addNote({ text: 'Privado' });
    await expect(other.profile.deleteNote({ id: mine.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('account security', () => {
  it('changing the password ends the other sessions, not this one', async () => {
    const t = createTestApp();
    const { cookie, user, password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const otherDevice = t.sessionCookie(await t.request('/api/auth/login', { body: { email: user.email, password } }));
    const caller = t.callerFor(cookie);
    await expect(caller.auth.changePassword({ currentPassword: 'no es', newPassword: 'otra frase nueva y larga' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await caller.auth.changePassword({ currentPassword: password, newPassword: 'otra frase nueva y larga' })).toEqual({
      success: true,
      endedSessions: 1,
    });
    expect((await t.request('/api/auth/user', { cookie: otherDevice })).status).toBe(401);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(200);
    expect((await t.request('/api/auth/login', { body: { email: user.email, password: 'otra frase nueva y larga' } })).status).toBe(200);
  });

  it('signs out everywhere', async () => {
    const t = createTestApp();
    const { cookie, user, password } = await t.registerUser();
    const second = t.sessionCookie(await t.request('/api/auth/login', { body: { email: user.email, password } }));
    expect(await t.callerFor(cookie).auth.logoutEverywhere()).toEqual({ endedSessions: 2 });
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
    expect((await t.request('/api/auth/user', { cookie: second })).status).toBe(401);
  });
});

describe('data rights', () => {
  it('GET /api/profile/export returns every piece of the user’s data as one JSON document', async () => {
    const t = createTestApp();
    const { cookie } = await richUser(t);
    const response = await t.request('/api/profile/export', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const data = (await response.json()) as Json;
    expect(Object.keys(data).sort()).toEqual(
      [
        'account',
        'assessmentProgress',
        'assessments',
        'calendarFeed',
        'coachMemory',
        'coaching',
        'exportedAt',
        'format',
        'journal',
        'shares',
        'steps',
        'wellbeing',
        'workHours',
      ].sort(),
    );
    expect(data.workHours).toEqual({ start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] });
    expect(data.calendarFeed).toBeNull();
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/password|argon2/i);
    expect((data.assessments as unknown[]).length).toBe(1);
    expect(((data.steps as Json).ledger as unknown[]).length).toBe(4);
    expect(((data.coaching as Json).conversations as Array<{ messages: unknown[] }>)[0]?.messages).toHaveLength(2);
    expect(text).toContain('Prefiero hablar por la mañana');
    expect(text).toContain('Una entrada de prueba');
    expect((await t.request('/api/profile/export')).status).toBe(401);
  });

  it('the JSON export carries the work hours and when the calendar feed was made and last read, never its token', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const hours = { start: '08:30', end: '16:00', days: [1, 2, 3, 4] };
    expect((await t.request('/api/profile/work-hours', { method: 'PUT', cookie, body: hours })).status).toBe(200);
    const created = await t.request('/api/calendar/feed', { cookie, body: {} });
    expect(created.status).toBe(201);
    const { url } = (await created.json()) as { url: string };
    const token = url
      .split('/')
      .at(-1)!
      .replace(/\.ics$/, '');
    expect((await t.request(new URL(url).pathname)).status).toBe(200);

    const data = (await (await t.request('/api/profile/export', { cookie })).json()) as Json;
    expect(data.workHours).toEqual(hours);
    expect(data.calendarFeed).toEqual({ createdAt: expect.any(String) as unknown, lastFetchedAt: expect.any(String) as unknown });
    expect(JSON.stringify(data)).not.toContain(token);
  });

  it('DELETE /api/profile needs confirmation and the password, then removes every row of the user', async () => {
    const t = createTestApp();
    const bystander = await richUser(t);
    const { cookie, user, password } = await richUser(t);
    expect((await t.request('/api/profile', { method: 'DELETE', cookie, body: { confirm: true, password: 'mala' } })).status).toBe(401);
    expect((await t.request('/api/profile', { method: 'DELETE', cookie, body: { password } })).status).toBe(400);
    expect(await t.deps.repos.users.findById(user.id)).toBeDefined();

    const response = await t.request('/api/profile', { method: 'DELETE', cookie, body: { confirm: true, password } });
    expect(response.status).toBe(204);
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);

    // Every table with a user column holds nothing of the deleted user; the bystander's data is intact.
    // The tables with a user column, from the database's own catalogue (SQLite or PostgreSQL).
    const columns =
      t.deps.store.dialect === 'sqlite'
        ? await t.sql(
            "select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' and m.name <> '__drizzle_migrations'",
          )
        : await t.sql("select table_name, column_name from information_schema.columns where table_schema = 'public'");
    const tables = [...new Set(columns.map((c) => String(c.table_name)))];
    let checked = 0;
    for (const table of tables) {
      const column = table === 'users' ? 'id' : columns.find((c) => c.table_name === table && c.column_name === 'user_id') ? 'user_id' : undefined;
      if (!column) continue;
      checked += 1;
      expect({ table, rows: await t.sql(`select ${column} from ${table} where ${column} = ?`, user.id) }).toEqual({ table, rows: [] });
    }
    expect(checked).toBeGreaterThanOrEqual(15);
    expect(await t.sql('select id from messages')).toHaveLength(2);
    expect(await t.deps.repos.users.findById(bystander.user.id)).toBeDefined();
  });
});
