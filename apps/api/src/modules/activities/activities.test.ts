import { describe, expect, it } from 'vitest';
import { createTestApp, createTestClock } from '../../testing/test-app';
import { SQLITE_ONLY } from '../../testing/test-dialect';
import { grantEvidence } from './evidence.testing';

type Json = Record<string, unknown>;
type Envelope = { error: { code: string; details?: { fieldErrors?: Record<string, string[]> } } };

async function complete(t: ReturnType<typeof createTestApp>, cookie: string, body: unknown, key?: string) {
  return t.request('/api/activity-log', { cookie, body, headers: key ? { 'idempotency-key': key } : {} });
}

async function ledgerRows(t: ReturnType<typeof createTestApp>, userId: string) {
  return (await t.sql('select * from activity_completions where user_id = ?', userId)) as Json[];
}

describe('POST /api/activity-log', () => {
  it('records a completion and answers in the contract’s shape', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'journaling');
    const response = await complete(t, cookie, { activity_key: 'journaling', duration_minutes: 12 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      activityId: expect.any(String),
      activityKey: 'journaling',
      stepsEarned: 325,
      totalSteps: 325,
      todayCount: 1,
      dailyLimit: 2,
      limitReached: false,
    });
    expect(await ledgerRows(t, user.id)).toHaveLength(1);
  });

  it('past the daily limit still records the completion, with 0 steps and limitReached', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'journaling', 3);
    const answers: Json[] = [];
    for (let i = 0; i < 3; i += 1) answers.push((await (await complete(t, cookie, { activity_key: 'journaling' })).json()) as Json);
    expect(answers.map((a) => [a.stepsEarned, a.todayCount, a.limitReached, a.totalSteps])).toEqual([
      [325, 1, false, 325],
      [325, 2, false, 650],
      [0, 3, true, 650],
    ]);
    expect(await ledgerRows(t, user.id)).toHaveLength(3);
  });

  it('counts the day in the user’s own timezone', async () => {
    const clock = createTestClock(new Date('2026-11-23T05:59:00Z')); // 23:59 on the 22nd in Mexico City
    const t = createTestApp({ clock });
    const response = await t.request('/api/auth/register', {
      body: {
        email: 'mx@ejemplo.es',
        password: 'una frase bastante larga',
        firstName: 'Sol',
        timezone: 'America/Mexico_City',
      },
    });
    const cookie = t.sessionCookie(response);
    await grantEvidence(t, ((await response.json()) as { id: string }).id, 'sesion_completa', 3, 'session');
    expect(((await (await complete(t, cookie, { activity_key: 'sesion_completa' })).json()) as Json).stepsEarned).toBe(1250);
    expect(((await (await complete(t, cookie, { activity_key: 'sesion_completa' })).json()) as Json).stepsEarned).toBe(0);
    clock.advance(60_000); // 00:00 on the 23rd locally
    expect(((await (await complete(t, cookie, { activity_key: 'sesion_completa' })).json()) as Json).stepsEarned).toBe(1250);
  });

  it.each([
    ['an unknown activity', { activity_key: 'volar' }, 'activity_key'],
    ['a negative duration', { activity_key: 'journaling', duration_minutes: -5 }, 'duration_minutes'],
    ['an absurd duration', { activity_key: 'journaling', duration_minutes: 1e9 }, 'duration_minutes'],
    ['a string duration', { activity_key: 'journaling', duration_minutes: 'diez' }, 'duration_minutes'],
    ['nested metadata', { activity_key: 'journaling', metadata: { a: { b: 1 } } }, 'metadata'],
    ['no activity', {}, 'activity_key'],
  ])('refuses %s with 400 and records nothing', async (_label, body, field) => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const response = await complete(t, cookie, body);
    expect(response.status).toBe(400);
    const envelope = (await response.json()) as Envelope;
    expect(envelope.error.code).toBe('VALIDATION');
    expect(Object.keys(envelope.error.details?.fieldErrors ?? {}).some((k) => k.startsWith(field))).toBe(true);
    expect(await ledgerRows(t, user.id)).toHaveLength(0);
  });

  it('refuses malformed JSON, a visitor, and a foreign Origin without recording', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    expect((await t.request('/api/activity-log', { cookie, rawBody: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await t.request('/api/activity-log', { body: { activity_key: 'journaling' } })).status).toBe(401);
    expect(
      (
        await t.request('/api/activity-log', {
          cookie,
          origin: 'https://evil.example',
          body: { activity_key: 'journaling' },
        })
      ).status,
    ).toBe(403);
    expect(await ledgerRows(t, user.id)).toHaveLength(0);
  });

  it('awards a 1-per-day activity exactly once under 40 concurrent completions, with no 5xx', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'audio_ascenso_daily', 40, 'listen');
    const responses = await Promise.all(Array.from({ length: 40 }, () => complete(t, cookie, { activity_key: 'audio_ascenso_daily' })));
    expect(responses.map((r) => r.status).every((s) => s === 200)).toBe(true);
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Json[];
    expect(bodies.filter((b) => (b.stepsEarned as number) > 0)).toHaveLength(1);
    expect(await ledgerRows(t, user.id)).toHaveLength(40);
    expect(await t.deps.repos.steps.total(user.id)).toBe(165);
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer and awards nothing more', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'active_break', 2, 'practice');
    const first = await complete(t, cookie, { activity_key: 'active_break' }, 'key-0001-abcdef');
    const again = await complete(t, cookie, { activity_key: 'active_break' }, 'key-0001-abcdef');
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    expect(await ledgerRows(t, user.id)).toHaveLength(1);
  });

  it('replays under concurrency: 30 identical requests, one row, identical bodies', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'breathing_short', 30, 'practice');
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => complete(t, cookie, { activity_key: 'breathing_short', duration_minutes: 3 }, 'same-key-123456')),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(new Set(texts).size).toBe(1);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(await ledgerRows(t, user.id)).toHaveLength(1);
  });

  it('answers 422 when a key is reused with another body, and records nothing', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'active_break', 1, 'practice');
    await grantEvidence(t, user.id, 'journaling', 1);
    await complete(t, cookie, { activity_key: 'active_break' }, 'key-0002-abcdef');
    const reused = await complete(t, cookie, { activity_key: 'journaling' }, 'key-0002-abcdef');
    expect(reused.status).toBe(422);
    expect(((await reused.json()) as Envelope).error.code).toBe('IDEMPOTENCY_MISMATCH');
    expect(await ledgerRows(t, user.id)).toHaveLength(1);
  });

  it('keeps keys per user: the same key from another user is a new request', async () => {
    const t = createTestApp();
    const a = await t.registerUser();
    const b = await t.registerUser();
    await grantEvidence(t, a.user.id, 'active_break', 1, 'practice');
    await grantEvidence(t, b.user.id, 'active_break', 1, 'practice');
    await complete(t, a.cookie, { activity_key: 'active_break' }, 'shared-key-0001');
    const other = (await (await complete(t, b.cookie, { activity_key: 'active_break' }, 'shared-key-0001')).json()) as Json;
    expect(other.stepsEarned).toBe(70);
    expect(await ledgerRows(t, b.user.id)).toHaveLength(1);
  });

  it('refuses a malformed key with 400', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    expect((await complete(t, cookie, { activity_key: 'active_break' }, 'x')).status).toBe(400);
  });
});

describe('GET /api/activity-log/users/{userId}/activity-stats', () => {
  it('returns totals, today and per-activity figures to the owner', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'journaling');
    await grantEvidence(t, user.id, 'active_break', 1, 'practice');
    await complete(t, cookie, { activity_key: 'journaling' });
    await complete(t, cookie, { activity_key: 'active_break' });
    t.clock.advance(24 * 60 * 60 * 1000);
    await grantEvidence(t, user.id, 'active_break', 1, 'practice');
    await complete(t, cookie, { activity_key: 'active_break' });
    const response = await t.request(`/api/activity-log/users/${user.id}/activity-stats`, { cookie });
    expect(response.status).toBe(200);
    const { stats } = (await response.json()) as {
      stats: { totalSteps: number; todaySteps: number; byActivity: Json[] };
    };
    expect(stats.totalSteps).toBe(325 + 70 + 70);
    expect(stats.todaySteps).toBe(70);
    expect(stats.byActivity).toHaveLength(12);
    expect(stats.byActivity.find((a) => a.activityKey === 'active_break')).toMatchObject({
      todayCount: 1,
      todaySteps: 70,
      dailyLimit: 10,
      remaining: 9,
    });
  });

  it('is 403 for another user’s id and readable by an admin', async () => {
    const t = createTestApp();
    const a = await t.registerUser();
    const b = await t.registerUser();
    const forbidden = await t.request(`/api/activity-log/users/${b.user.id}/activity-stats`, { cookie: a.cookie });
    expect(forbidden.status).toBe(403);
    await t.sql("update users set role = 'admin' where id = ?", a.user.id);
    expect((await t.request(`/api/activity-log/users/${b.user.id}/activity-stats`, { cookie: a.cookie })).status).toBe(200);
    expect((await t.request('/api/activity-log/users/nobody/activity-stats', { cookie: a.cookie })).status).toBe(404);
    expect((await t.request(`/api/activity-log/users/${a.user.id}/activity-stats`)).status).toBe(401);
  });

  // SQLite-only: it reads SQLite's query plans (the PostgreSQL indexes are compared in packages/db).
  it.skipIf(SQLITE_ONLY)('stays on indexes with 10 000 ledger rows (no table scan), with exact totals', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const sqlite = t.sqlite;
    const insert = sqlite.prepare(
      `insert into activity_completions (id, user_id, activity_key, day, completed_at, steps_earned, limit_reached, award_slot)
       values (?, ?, 'active_break', ?, ?, 70, 0, ?)`,
    );
    sqlite.transaction(() => {
      for (let i = 0; i < 10_000; i += 1) {
        const day = `2025-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;
        insert.run(`row-${i}`, user.id, day, i, i);
      }
      sqlite.prepare('insert into step_totals (user_id, total_steps) values (?, ?)').run(user.id, 700_000);
    })();
    await grantEvidence(t, user.id, 'journaling');
    await complete(t, cookie, { activity_key: 'journaling' });
    const { stats } = (await (await t.request(`/api/activity-log/users/${user.id}/activity-stats`, { cookie })).json()) as {
      stats: { totalSteps: number; todaySteps: number };
    };
    expect(stats).toMatchObject({ totalSteps: 700_325, todaySteps: 325 });

    const plan = (query: string) =>
      (sqlite.prepare(`explain query plan ${query}`).all(user.id, '2026-11-22') as Array<{ detail: string }>).map((r) => r.detail).join(' | ');
    const todayPlan = plan('select sum(steps_earned) from activity_completions where user_id = ? and day = ?');
    expect(todayPlan).toMatch(/USING COVERING INDEX activity_completions_user_day_idx/);
    const byActivityPlan = plan(
      'select activity_key, count(*), count(award_slot), sum(steps_earned) from activity_completions where user_id = ? and day = ? group by activity_key',
    );
    expect(byActivityPlan).toMatch(/USING (COVERING )?INDEX activity_completions_user_day_idx/);
    expect(byActivityPlan).not.toMatch(/SCAN activity_completions(?! USING)/);
  });
});

describe('POST /api/activity-log/{activityId}/mark-toast-shown', () => {
  it('marks once, and only the owner’s completion', async () => {
    const t = createTestApp();
    const a = await t.registerUser();
    const b = await t.registerUser();
    await grantEvidence(t, a.user.id, 'active_break', 1, 'practice');
    const { activityId } = (await (await complete(t, a.cookie, { activity_key: 'active_break' })).json()) as {
      activityId: string;
    };
    const first = await t.request(`/api/activity-log/${activityId}/mark-toast-shown`, {
      method: 'POST',
      cookie: a.cookie,
    });
    expect(await first.json()).toEqual({ success: true, firstTime: true });
    const second = await t.request(`/api/activity-log/${activityId}/mark-toast-shown`, {
      method: 'POST',
      cookie: a.cookie,
    });
    expect(await second.json()).toEqual({ success: true, firstTime: false });
    const foreign = await t.request(`/api/activity-log/${activityId}/mark-toast-shown`, {
      method: 'POST',
      cookie: b.cookie,
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the catalogue', () => {
  it('is the spec table, readable by any signed-in user, and kept when edited', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    await grantEvidence(t, user.id, 'sesion_completa', 2, 'session');
    const catalogue = (await (await t.request('/api/activities', { cookie })).json()) as Json[];
    expect(catalogue).toHaveLength(12);
    expect(catalogue.find((a) => a.key === 'fitness_class_long')).toMatchObject({
      baseSteps: 1175,
      multiplier: 1,
      dailyLimit: 1,
    });
    expect((await t.request('/api/activities')).status).toBe(401);

    await t.sql("update activities set daily_limit = 2 where key = 'sesion_completa'");
    await t.deps.repos.steps.seedCatalogue([], t.clock.now());
    const first = (await (await complete(t, cookie, { activity_key: 'sesion_completa' })).json()) as Json;
    const second = (await (await complete(t, cookie, { activity_key: 'sesion_completa' })).json()) as Json;
    expect([first.stepsEarned, second.stepsEarned, second.dailyLimit]).toEqual([1250, 1250, 2]);
  });
});
