import { safetyAnswer } from '@ascenso/ai/safety';
import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { CAREFUL_WEEK_REFLECTION } from '@ascenso/ai/weekly-reflection';
import { describe, expect, it } from 'vitest';
import { signedIn, type Caller } from '../../testing/coaching';
import { createTestApp, createTestClock, type TestApp } from '../../testing/test-app';
import type { WeekCommitment, WeeklyReview } from './weekly-review.service';

/** Thursday 2026-11-26 10:00 UTC: Madrid and Mexico City are both in 2026-W48 (23–29 Nov). */
const THURSDAY = new Date('2026-11-26T10:00:00Z');
const HOUR = 3_600_000;

/** The review as JSON: the service's shape, with the commitments' dates left out (JSON has no Date). */
type Review = Omit<WeeklyReview, 'commitments'> & { commitments: Record<keyof WeeklyReview['commitments'], Array<Pick<WeekCommitment, 'id' | 'text'>>> };

async function review(t: TestApp, cookie: string, week?: string) {
  const response = await t.request(`/api/weekly-review${week === undefined ? '' : `?week=${encodeURIComponent(week)}`}`, { cookie });
  return { status: response.status, body: (await response.json()) as Review & { error?: { code: string; message: string; requestId: string } } };
}

/** A ledger row at `at` on local `day` (as the activities service writes it). */
async function complete(t: TestApp, userId: string, key: string, day: string, at: Date, steps: number) {
  await t.deps.repos.steps.insertCompletion({
    id: crypto.randomUUID(),
    userId,
    activityKey: key,
    day,
    completedAt: at,
    stepsEarned: steps,
    limitReached: false,
    awardSlot: null,
    durationMinutes: null,
    metadata: null,
    toastShownAt: null,
    timezone: 'Europe/Madrid',
  });
}

async function journal(t: TestApp, caller: Caller, at: Date, mood: string, title: string, body = 'Hoy ha sido un día con cosas buenas y otras no tanto.') {
  t.clock.set(at);
  await caller.journaling.create({ mood, title, body });
}

async function commitment(t: TestApp, userId: string, text: string, createdAt: Date, close?: { status: 'done' | 'dropped'; at: Date }) {
  const id = crypto.randomUUID();
  await t.deps.repos.coaching.insertCommitments([{ id, userId, conversationId: null, text, status: 'open', createdAt, closedAt: null }]);
  if (close) await t.deps.repos.coaching.setCommitmentStatus(userId, id, close.status, close.at);
  return id;
}

describe('GET /api/weekly-review (offline coach)', () => {
  it('answers the week’s shape: seven days, steps per day and per area, moods, commitments, highlights, reflection', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user, caller } = await signedIn(t, { assessment: false });
    // Monday: two breaks; Tuesday: breathing and a journal entry; Sunday of the week before: a class (not in this week).
    await complete(t, user.id, 'active_break', '2026-11-23', new Date('2026-11-23T09:00:00Z'), 70);
    await complete(t, user.id, 'active_break', '2026-11-23', new Date('2026-11-23T11:00:00Z'), 70);
    await complete(t, user.id, 'breathing_short', '2026-11-24', new Date('2026-11-24T09:00:00Z'), 85);
    await complete(t, user.id, 'fitness_class_long', '2026-11-22', new Date('2026-11-22T09:00:00Z'), 1175);
    await journal(t, caller, new Date('2026-11-24T19:00:00Z'), 'gratitud', 'Cena en casa');
    await journal(t, caller, new Date('2026-11-25T19:00:00Z'), 'cansancio', 'Reuniones');
    await journal(t, caller, new Date('2026-11-22T19:00:00Z'), 'enfado', 'La semana pasada'); // W47
    const kept = await commitment(t, user.id, 'Hablar con Marta', new Date('2026-11-20T09:00:00Z'), { status: 'done', at: new Date('2026-11-24T10:00:00Z') });
    const dropped = await commitment(t, user.id, 'Correr a diario', new Date('2026-11-20T09:00:00Z'), {
      status: 'dropped',
      at: new Date('2026-11-25T10:00:00Z'),
    });
    const open = await commitment(t, user.id, 'No revisar tras las 20:00', new Date('2026-11-23T09:00:00Z'));
    await commitment(t, user.id, 'Cerrado la semana pasada', new Date('2026-11-10T09:00:00Z'), { status: 'done', at: new Date('2026-11-18T10:00:00Z') });
    t.clock.set(THURSDAY);

    const { status, body } = await review(t, cookie);
    expect(status).toBe(200);
    expect(body.week).toBe('2026-W48');
    expect([body.from, body.to, body.previousWeek, body.nextWeek, body.isCurrentWeek]).toEqual(['2026-11-23', '2026-11-29', '2026-W47', null, true]);
    expect(body.days.map((d) => d.day)).toEqual(['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // Each journal entry of 50+ words would earn `journaling`; these are short, so only the ledger rows above count.
    const monday = body.days[0];
    expect(monday).toEqual({
      day: '2026-11-23',
      steps: 140,
      activities: [{ key: 'active_break', name: 'Pausa activa', area: 'cuerpo', completions: 2, steps: 140 }],
    });
    expect(body.days[1]?.activities.map((a) => [a.key, a.area])).toContainEqual(['breathing_short', 'mente']);
    expect(body.days.slice(3).every((d) => d.steps === 0 && d.activities.length === 0)).toBe(true);
    expect(body.totalSteps).toBe(body.days.reduce((s, d) => s + d.steps, 0));
    expect(body.areas.find((a) => a.area === 'cuerpo')).toEqual({ area: 'cuerpo', label: 'Cuerpo', steps: 140, completions: 2 });
    expect(body.areas.map((a) => a.area)).toEqual(['mente', 'cuerpo', 'coaching', 'diario']);
    expect(body.moods).toEqual([
      { mood: 'cansancio', count: 1 },
      { mood: 'gratitud', count: 1 },
    ]);
    expect(body.commitments.kept.map((c) => c.id)).toEqual([kept]);
    expect(body.commitments.dropped.map((c) => c.id)).toEqual([dropped]);
    expect(body.commitments.open.map((c) => c.id)).toEqual([open]);
    expect(body.highlights.map((h) => h.kind)).toEqual(['commitment-kept', 'most-done', 'new-activity']);
    expect(body.highlights[0]?.text).toBe('Cumpliste tu compromiso «Hablar con Marta».');
    expect(body.highlights[1]?.text).toBe('Lo que más hiciste: Pausa activa (2 veces).');
    expect(body.highlights[2]?.text).toBe('Probaste algo nuevo: Respiración corta.');
    // The offline coach: one pattern (a kept commitment: no mood repeats), one question at the end.
    expect(body.reflection).toMatchObject({ source: 'offline', pattern: 'commitments-kept', resources: [] });
    expect(body.reflection.text).toBe('Esta semana cumpliste un compromiso que te habías puesto. ¿Qué te ayudó a llevarlo a cabo?');
    expect(JSON.stringify(body)).not.toMatch(/racha|seguid|consecutiv/i);
  });

  it('names a repeated mood word and asks one question', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, caller } = await signedIn(t, { assessment: false });
    await journal(t, caller, new Date('2026-11-23T19:00:00Z'), 'cansancio', 'Lunes');
    await journal(t, caller, new Date('2026-11-24T19:00:00Z'), 'Cansancio', 'Martes');
    await journal(t, caller, new Date('2026-11-25T19:00:00Z'), 'alegría', 'Miércoles');
    t.clock.set(THURSDAY);
    const { body } = await review(t, cookie);
    expect(body.moods[0]).toEqual({ mood: 'cansancio', count: 2 });
    expect(body.reflection.pattern).toBe('mood');
    expect(body.reflection.text).toMatch(/^La palabra que más se repite en tu diario esta semana es «cansancio» \(2 veces\)\. ¿[^?]+\?$/);
    expect(body.highlights.map((h) => h.kind)).toEqual(['positive-mood', 'journal']);
  });

  it('an empty week: no highlights, a kind reflection with one question', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await signedIn(t, { assessment: false });
    const { body } = await review(t, cookie, '2026-W40');
    expect(body.week).toBe('2026-W40');
    expect(body.activeDays).toBe(0);
    expect(body.highlights).toEqual([]);
    expect(body.reflection.pattern).toBe('empty');
    expect(body.reflection.text.match(/\?/g)).toHaveLength(1);
    expect(body.reflection.text.endsWith('?')).toBe(true);
    expect(body.nextWeek).toBe('2026-W41');
  });

  it.each([
    ['America/Mexico_City', '2026-11-30T05:30:00Z', '2026-W48'], // Sunday 23:30 in Mexico City
    ['Europe/Madrid', '2026-11-30T05:30:00Z', '2026-W49'], // Monday 06:30 in Madrid
    ['Europe/Madrid', '2026-11-29T22:59:00Z', '2026-W48'], // Sunday 23:59 in Madrid
    ['Europe/Madrid', '2026-11-29T23:00:00Z', '2026-W49'], // Monday 00:00 in Madrid
  ])('the default week follows the user’s time zone (%s at %s → %s)', async (timezone, instant, week) => {
    const t = createTestApp({ clock: createTestClock(new Date(instant)) });
    const { cookie, user } = await signedIn(t, { assessment: false });
    await t.deps.repos.users.update(user.id, { timezone, updatedAt: new Date(instant) });
    const { body } = await review(t, cookie);
    expect(body.week).toBe(week);
    expect(body.nextWeek).toBeNull();
    // The current week is the newest: the next one is refused.
    const [y, w] = week.split('-W').map(Number) as [number, number];
    const next = await review(t, cookie, `${y}-W${String(w + 1).padStart(2, '0')}`);
    expect(next.status).toBe(400);
  });

  it('counts a late-evening entry on the user’s local day', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user, caller } = await signedIn(t, { assessment: false });
    await t.deps.repos.users.update(user.id, { timezone: 'America/Mexico_City', updatedAt: THURSDAY });
    // Monday 2026-11-30 04:00 UTC is Sunday 22:00 in Mexico City: week 48 there.
    t.clock.set(new Date('2026-11-30T04:00:00Z'));
    await caller.journaling.create({ mood: 'tranquilidad', title: 'Domingo', body: 'Un domingo tranquilo en casa.' });
    const { body } = await review(t, cookie, '2026-W48');
    expect(body.moods).toEqual([{ mood: 'tranquilidad', count: 1 }]);
    // Still Sunday there: next week has not begun.
    expect((await review(t, cookie, '2026-W49')).status).toBe(400);
    t.clock.advance(24 * HOUR);
    expect((await review(t, cookie)).body).toMatchObject({ week: '2026-W49', moods: [] });
  });

  it.each([
    ['2026-48', 'La semana debe tener el formato AAAA-Www, por ejemplo 2026-W48.'],
    ['', 'La semana debe tener el formato AAAA-Www, por ejemplo 2026-W48.'],
    ['2026-W54', 'El año 2026 no tiene semana 54: las semanas van de la 1 a la 53.'],
    ['2025-W53', 'El año 2025 no tiene semana 53: las semanas van de la 1 a la 52.'],
    ['2026-W00', 'El año 2026 no tiene semana 0: las semanas van de la 1 a la 53.'],
    ['2027-W01', 'Esa semana todavía no ha llegado: elige esta semana o una anterior.'],
    ['2019-W52', 'Elige una semana a partir de 2020.'],
    ['x'.repeat(5000), 'La semana debe tener el formato AAAA-Www, por ejemplo 2026-W48.'],
  ])('a bad week %j is a 400 VALIDATION envelope in Spanish', async (week, message) => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie } = await signedIn(t, { assessment: false });
    const { status, body } = await review(t, cookie, week);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'VALIDATION', message, requestId: expect.any(String) });
    // tRPC says the same.
    await expect(t.callerFor(cookie).weeklyReview.get({ week })).rejects.toMatchObject({ code: 'BAD_REQUEST', message });
  });

  it('needs a session: 401 envelope', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const response = await t.request('/api/weekly-review');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it('never includes another user’s ledger, journal or commitments', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const other = await signedIn(t);
    await complete(t, other.user.id, 'active_break', '2026-11-23', new Date('2026-11-23T09:00:00Z'), 70);
    await journal(t, other.caller, new Date('2026-11-24T19:00:00Z'), 'tristeza', 'Ajeno');
    await commitment(t, other.user.id, 'Secreto ajeno', new Date('2026-11-23T09:00:00Z'), { status: 'done', at: new Date('2026-11-24T09:00:00Z') });
    t.clock.set(THURSDAY);
    const me = await signedIn(t, { assessment: false });
    const { body } = await review(t, me.cookie);
    expect(body.totalSteps).toBe(0);
    expect(body.moods).toEqual([]);
    expect(body.commitments).toEqual({ kept: [], open: [], dropped: [] });
    expect(JSON.stringify(body)).not.toMatch(/Ajeno|ajeno|tristeza/);
    // The other user's own review does have them.
    expect((await review(t, other.cookie)).body.commitments.kept.map((c) => c.text)).toEqual(['Secreto ajeno']);
  });

  it('awards nothing and writes nothing', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, user } = await signedIn(t);
    await complete(t, user.id, 'active_break', '2026-11-23', new Date('2026-11-23T09:00:00Z'), 70);
    const count = async () => Number((await t.sql('SELECT COUNT(*) AS n FROM activity_completions WHERE user_id = ?', user.id))[0]?.n);
    const before = { total: await t.deps.repos.steps.total(user.id), rows: await count() };
    for (let i = 0; i < 3; i += 1) expect((await review(t, cookie)).status).toBe(200);
    await review(t, cookie, '2026-W47');
    expect({ total: await t.deps.repos.steps.total(user.id), rows: await count() }).toEqual(before);
    expect(await t.sql('SELECT * FROM ai_usage WHERE user_id = ?', user.id)).toEqual([]);
  });

  it('a week the risk screen flagged (journal) gets a careful reflection with the helplines', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, caller } = await signedIn(t);
    await journal(t, caller, new Date('2026-11-24T19:00:00Z'), 'tristeza', 'Noche', 'a veces pienso que todos estarían mejor sin mí');
    t.clock.set(THURSDAY);
    const { body } = await review(t, cookie);
    expect(body.reflection).toMatchObject({ source: 'careful', pattern: 'careful', text: CAREFUL_WEEK_REFLECTION });
    expect(body.reflection.resources.map((r) => r.href)).toEqual(safetyAnswer(['suicidal_passive']).resources.map((r) => r.href));
    // The week before is not affected.
    expect((await review(t, cookie, '2026-W47')).body.reflection.source).toBe('offline');
  });

  it('a week with a flagged chat message gets the careful reflection too', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY) });
    const { cookie, caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const sent = await caller.coaching.send({ conversationId: chat.id, content: 'quiero suicidarme', clientMessageId: crypto.randomUUID() });
    expect(sent.safety).toBe(true);
    const { body } = await review(t, cookie);
    expect(body.reflection.source).toBe('careful');
    expect(body.reflection.resources.map((r) => r.href)).toContain('tel:024');
    expect(body.reflection.text).not.toMatch(/productiv|objetivo/i);
    // Next week, it is an ordinary week again.
    t.clock.advance(4 * 24 * HOUR); // Monday of the next week
    const next = await review(t, cookie);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(next.body.reflection.source).toBe('offline');
  });
});

describe('GET /api/weekly-review with a model (fake OpenAI server)', () => {
  const fake = useFakeOpenAIServer();

  it('asks the model for one pattern and one question (structured output, no journal text), and caches it per week', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake) });
    const { cookie, user, caller } = await signedIn(t);
    await complete(t, user.id, 'active_break', '2026-11-23', new Date('2026-11-23T09:00:00Z'), 70);
    await journal(t, caller, new Date('2026-11-24T19:00:00Z'), 'gratitud', 'Cena', 'Texto privado del diario que el modelo no debe ver.');
    t.clock.set(THURSDAY);
    fake.reply({
      kind: 'text',
      text: JSON.stringify({ pattern: 'Esta semana tus pausas llegaron sobre todo el lunes.', question: '¿Qué hizo fácil el lunes?' }),
    });
    const requestsBefore = fake.requests.length;
    const { body } = await review(t, cookie);
    expect(body.reflection).toMatchObject({
      source: 'ai',
      pattern: 'model',
      text: 'Esta semana tus pausas llegaron sobre todo el lunes. ¿Qué hizo fácil el lunes?',
    });
    const sent = fake.requests.slice(requestsBefore);
    expect(sent).toHaveLength(1);
    const request = sent[0]?.body as { response_format: { type: string; json_schema: { name: string } }; messages: Array<{ content: string }> };
    expect(request.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'weekly_reflection' } });
    expect(JSON.stringify(request.messages)).not.toContain('Texto privado');
    expect(JSON.stringify(request.messages)).toContain('gratitud');
    // Its tokens count against the user's daily budget.
    expect((await t.deps.repos.coaching.usageFor(user.id, '2026-11-26'))?.requests).toBeGreaterThan(0);
    // The same week with the same facts: no second call.
    await review(t, cookie);
    expect(fake.requests.length).toBe(requestsBefore + 1);
  });

  it.each([
    ['two questions', { pattern: 'Un patrón claro de la semana.', question: '¿Qué pasó? ¿Y por qué?' }],
    ['no question', { pattern: 'Un patrón claro de la semana.', question: 'Piensa en ello.' }],
    ['streak talk', { pattern: 'Llevas una racha de tres días.', question: '¿La mantendrás?' }],
    ['too long', { pattern: 'x'.repeat(400), question: '¿Qué?' }],
  ])('an answer with %s falls back to the offline coach', async (_label, answer) => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake) });
    const { cookie, user } = await signedIn(t);
    fake.reply({ kind: 'text', text: JSON.stringify(answer) });
    const { status, body } = await review(t, cookie);
    expect(status).toBe(200);
    expect(body.reflection.source).toBe('offline');
    expect(body.reflection.text).toMatch(/\?$/);
    expect((await t.deps.repos.coaching.usageFor(user.id, '2026-11-26'))?.errors).toBe(1);
  });

  it('a failing model (500, invalid JSON) falls back to the offline coach, never a 500', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake) });
    const { cookie } = await signedIn(t);
    fake.reply({ kind: 'error', status: 500 });
    expect((await review(t, cookie)).body.reflection.source).toBe('offline');
    fake.reply({ kind: 'text', text: 'no es JSON' });
    const { status, body } = await review(t, cookie, '2026-W47');
    expect(status).toBe(200);
    expect(body.reflection.source).toBe('offline');
  });

  it('over the daily token budget: the offline reflection, no call', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake), env: { AI_DAILY_TOKEN_BUDGET_PER_USER: '1000' } });
    const { cookie, user } = await signedIn(t);
    await t.deps.repos.coaching.addUsage(user.id, '2026-11-26', { inputTokens: 900, outputTokens: 200 });
    const before = fake.requests.length;
    const { status, body } = await review(t, cookie);
    expect(status).toBe(200);
    expect(body.reflection.source).toBe('offline');
    expect(fake.requests.length).toBe(before);
  });

  it('attack: 12 weeks asked at once stay within the model limits (per-minute calls, concurrent slots), the rest offline, no 5xx', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake), env: { AI_CALLS_PER_MINUTE_PER_USER: '5' } });
    const { cookie, user } = await signedIn(t);
    fake.reply({ kind: 'text', text: JSON.stringify({ pattern: 'Una semana con su propio ritmo.', question: '¿Qué te llevas de ella?' }) });
    const before = fake.requests.length;
    const weeks = Array.from({ length: 12 }, (_, i) => `2026-W${String(37 + i).padStart(2, '0')}`);
    const answers = await Promise.all(weeks.map((week) => review(t, cookie, week)));
    expect(answers.map((a) => a.status)).toEqual(weeks.map(() => 200));
    const sources = answers.map((a) => a.body.reflection.source);
    const calls = fake.requests.length - before;
    expect(calls).toBeLessThanOrEqual(5);
    expect(sources.filter((s) => s === 'ai')).toHaveLength(calls);
    expect(sources.filter((s) => s === 'offline').length).toBeGreaterThanOrEqual(7);
    for (const answer of answers) expect(answer.body.reflection.text).toMatch(/\?$/);
    // Still nothing awarded.
    expect(await t.deps.repos.steps.total(user.id)).toBe(1000); // the assessment's 1000 pasos only
  });

  it('a flagged week never reaches the model', async () => {
    const t = createTestApp({ clock: createTestClock(THURSDAY), coachProvider: fakeModelProvider(fake) });
    const { cookie, caller } = await signedIn(t);
    await journal(t, caller, new Date('2026-11-24T19:00:00Z'), 'tristeza', 'Noche', 'a veces pienso que todos estarían mejor sin mí');
    t.clock.set(THURSDAY);
    const before = fake.requests.length;
    const { body } = await review(t, cookie);
    expect(body.reflection.source).toBe('careful');
    expect(fake.requests.length).toBe(before);
  });
});
