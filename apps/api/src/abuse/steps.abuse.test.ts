import { EVIDENCE_SHORTFALL_MESSAGES } from '@ascenso/domain/evidence';
import { SAMPLE_CHAT_MESSAGES, SAMPLE_JOURNAL_ENTRY, SAMPLE_SESSION_ANSWERS } from '@ascenso/domain/evidence.fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { ACTIVITY_KEYS, type ActivityKey } from '@ascenso/domain/activities';
import { MEDITATIONS } from '@ascenso/domain/meditations';
import type { EvidenceSource } from '@ascenso/db/store';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from '../testing/test-app';
import { startTestServer } from '../testing/test-server';

/**
 * Decision 014: every step is earned. Each attack runs against a real HTTP server on
 * 127.0.0.1 (bounded counts), with the test clock standing in for waiting.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (stops.length) await stops.pop()?.();
});

async function setup() {
  const t = createTestApp();
  const server = await startTestServer(t);
  stops.push(server.stop);
  const { cookie, user } = await t.registerUser();
  const base = server.httpUrl;
  const http = (path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    fetch(`${base}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: {
        cookie,
        origin: TEST_ORIGIN,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
  const post = (body: unknown, key?: string) => http('/api/activity-log', { body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
  const mutation = (name: string, input: unknown) => http(`/api/trpc/${name}`, { body: { json: input } });
  const query = (name: string, input?: unknown) =>
    http(`/api/trpc/${name}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`}`);
  const stats = async () => ((await (await http(`/api/activity-log/users/${user.id}/activity-stats`)).json()) as { stats: Json }).stats;
  const ledger = async () => (await t.sql('select * from activity_completions where user_id = ? order by completed_at', user.id)) as Json[];
  /** Server-side evidence of a finished activity (what a session or a journal entry records), now. */
  const evidence = (activityKey: ActivityKey, source: EvidenceSource) =>
    t.deps.repos.steps.recordEvidence({ id: crypto.randomUUID(), userId: user.id, activityKey, source, ref: crypto.randomUUID(), createdAt: t.clock.now() });
  return { t, cookie, user, http, post, mutation, query, stats, ledger, evidence };
}

async function expectNoEvidence(response: Response) {
  expect(response.status).toBe(409);
  const body = (await response.json()) as Json;
  expect(body.error).toMatchObject({ code: 'CONFLICT', details: { stepsEarned: 0, reason: 'NO_EVIDENCE' } });
  expect(body.error.message).toMatch(/No hay ninguna actividad terminada/);
}

describe('item 6: steps are not self-reported', () => {
  it('40 completions of every activity from a fresh account: all 409 with stepsEarned 0, nothing recorded', async () => {
    const { post, stats, ledger } = await setup();
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post({ activity_key: ACTIVITY_KEYS[i % ACTIVITY_KEYS.length], duration_minutes: 30 })),
    );
    for (const response of responses) await expectNoEvidence(response);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await ledger()).toHaveLength(0);
    expect(await stats()).toMatchObject({ totalSteps: 0, todaySteps: 0 });
  });

  it('the completed assessment backs one assessment_completed: the client’s POST replays the server’s award, a second cannot earn', async () => {
    const { http, post, stats, ledger } = await setup();
    await expectNoEvidence(await post({ activity_key: 'assessment_completed' }));
    expect((await http('/api/assessment/complete', { body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(201);
    const awarded = await ledger();
    expect(awarded).toHaveLength(1);
    const first = await post({ activity_key: 'assessment_completed' });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({
      success: true,
      activityId: awarded[0]?.id,
      activityKey: 'assessment_completed',
      stepsEarned: 1000,
      totalSteps: 1000,
      todayCount: 1,
      dailyLimit: 1,
      limitReached: false,
    });
    await expectNoEvidence(await post({ activity_key: 'assessment_completed' }));
    await expectNoEvidence(await post({ activity_key: 'sesion_completa' }));
    expect(await ledger()).toHaveLength(1);
    expect((await stats()).totalSteps).toBe(1000);
  });

  it('a chat that reached three messages backs one consulta_rapida; a journal entry of 50+ words backs one journaling', async () => {
    const { t, cookie, post, mutation, stats, ledger } = await setup();
    const caller = t.callerFor(cookie);
    const chat = await caller.coaching.start({ kind: 'chat' });
    for (const content of SAMPLE_CHAT_MESSAGES) {
      await expectNoEvidence(await post({ activity_key: 'consulta_rapida' }));
      const { userMessageId } = await caller.coaching.send({
        conversationId: chat.id,
        content,
        clientMessageId: crypto.randomUUID(),
      });
      for await (const _ of (await caller.coaching.reply({
        conversationId: chat.id,
        userMessageId,
      })) as AsyncIterable<unknown>) {
        // drain the streamed answer
      }
    }
    expect((await ledger()).map((r) => [r.activity_key, r.steps_earned])).toEqual([['consulta_rapida', 225]]);
    const replay = await post({ activity_key: 'consulta_rapida' });
    expect(await replay.json()).toMatchObject({ activityKey: 'consulta_rapida', stepsEarned: 225, totalSteps: 225 });
    await expectNoEvidence(await post({ activity_key: 'consulta_rapida' }));

    const short = await mutation('journaling.create', { mood: 'calma', body: 'Pocas palabras hoy.' });
    expect(short.status).toBe(200);
    await expectNoEvidence(await post({ activity_key: 'journaling' }));
    const long = await mutation('journaling.create', {
      mood: 'calma',
      body: SAMPLE_JOURNAL_ENTRY,
    });
    expect(((await long.json()) as Json).result.data.json.stepsEarned).toBe(325);
    expect(await (await post({ activity_key: 'journaling' })).json()).toMatchObject({
      stepsEarned: 325,
      totalSteps: 550,
    });
    await expectNoEvidence(await post({ activity_key: 'journaling' }));
    expect(await ledger()).toHaveLength(2);
    expect((await stats()).totalSteps).toBe(550);
  });

  it('Idempotency-Key still replays the first answer (even a replay of the server’s award) and refuses another body with 422', async () => {
    const { http, post, ledger } = await setup();
    await http('/api/assessment/complete', { body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    const first = await post({ activity_key: 'assessment_completed' }, 'evidence-key-0001');
    const again = await post({ activity_key: 'assessment_completed' }, 'evidence-key-0001');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(await first.text());
    const other = await post({ activity_key: 'journaling' }, 'evidence-key-0001');
    expect(other.status).toBe(422);
    expect(await ledger()).toHaveLength(1);
    // A refused request records nothing, not even its key.
    await expectNoEvidence(await post({ activity_key: 'journaling' }, 'evidence-key-0002'));
    await expectNoEvidence(await post({ activity_key: 'journaling' }, 'evidence-key-0002'));
  });
});

describe('evidence with substance (decision 037): filler earns nothing, and the person is told why', () => {
  /** Sends a message and drains its streamed answer (the award, if any, is made at the end of the answer). */
  const turn = async (caller: ReturnType<ReturnType<typeof createTestApp>['callerFor']>, conversationId: string, content: string) => {
    const { userMessageId } = await caller.coaching.send({ conversationId, content, clientMessageId: crypto.randomUUID() });
    for await (const _ of (await caller.coaching.reply({ conversationId, userMessageId })) as AsyncIterable<unknown>) {
      // drain the streamed answer
    }
  };

  it('a session of "a"/"b", chats of "x"/"y"/"z", 50 × "bla" entries and the same assessment re-sent: 0 steps, each with its reason', async () => {
    const { t, cookie, http, mutation, stats, ledger } = await setup();
    const caller = t.callerFor(cookie);
    expect((await http('/api/assessment/complete', { body: { responses: COMPLETE_RESPONSES, version: '1.0' } })).status).toBe(201);
    expect((await stats()).totalSteps).toBe(1000);
    // The next day (a fresh daily limit for every activity), the attack.
    t.clock.advance(24 * 60 * 60 * 1000);

    // Three chats of one-letter messages, and one of the same message three times.
    const chats = await Promise.all(Array.from({ length: 4 }, () => caller.coaching.start({ kind: 'chat' })));
    await Promise.all(
      chats.map(async (chat, i) => {
        for (const content of i < 3 ? ['x', 'y', 'z'] : ['Hola, necesito ayuda', 'Hola, necesito ayuda', 'hola necesito ayuda!!'])
          await turn(caller, chat.id, content);
      }),
    );
    for (const chat of chats) {
      const view = await caller.coaching.conversation({ id: chat.id });
      expect(view.steps).toEqual({ done: false, counted: expect.any(Number), needed: 3, note: EVIDENCE_SHORTFALL_MESSAGES.chat_messages });
    }

    // A session answered "a", "b", "a", "b": it closes with its summary, and earns nothing.
    const session = await caller.coaching.start({ kind: 'session' });
    for (const content of ['a', 'b', 'a', 'b']) await turn(caller, session.id, content);
    const closed = await caller.coaching.conversation({ id: session.id });
    expect(closed.status).toBe('completed');
    expect(closed.steps).toEqual({ done: false, counted: 0, needed: 3, note: EVIDENCE_SHORTFALL_MESSAGES.session_stages });

    // Ten journal entries of 50 × "bla", at once, and one guided journal of a sentence pasted five times.
    const entries = await Promise.all(
      Array.from({ length: 10 }, () => mutation('journaling.create', { mood: 'calma', body: Array.from({ length: 50 }, () => 'bla').join(' ') })),
    );
    for (const entry of entries) {
      expect(entry.status).toBe(200);
      expect(((await entry.json()) as Json).result.data.json).toMatchObject({
        stepsEarned: 0,
        activityId: null,
        stepsNote: EVIDENCE_SHORTFALL_MESSAGES.journal_repetitive,
      });
    }
    const guided = await caller.coaching.start({ kind: 'journal' });
    await turn(caller, guided.id, 'Hoy he tenido un día muy largo en el trabajo y estoy cansado. '.repeat(5));
    expect(await caller.coaching.saveJournal({ conversationId: guided.id })).toMatchObject({
      stepsEarned: 0,
      stepsNote: EVIDENCE_SHORTFALL_MESSAGES.journal_repetitive,
    });

    // The same assessment again.
    const again = await http('/api/assessment/complete', { body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ stepsEarned: 0, stepsNote: EVIDENCE_SHORTFALL_MESSAGES.assessment_unchanged });

    expect((await stats()).totalSteps).toBe(1000);
    expect((await ledger()).map((row) => row.activity_key)).toEqual(['assessment_completed']);
  });

  it('the same day, writing like a person earns each of them: a session, a chat and an entry', async () => {
    const { t, cookie, mutation, stats } = await setup();
    const caller = t.callerFor(cookie);
    const chat = await caller.coaching.start({ kind: 'chat' });
    for (const content of SAMPLE_CHAT_MESSAGES) await turn(caller, chat.id, content);
    expect((await caller.coaching.conversation({ id: chat.id })).steps).toEqual({ done: true, counted: 3, needed: 3, note: null });
    const session = await caller.coaching.start({ kind: 'session' });
    for (const content of SAMPLE_SESSION_ANSWERS) await turn(caller, session.id, content);
    expect((await caller.coaching.conversation({ id: session.id })).steps).toEqual({ done: true, counted: 3, needed: 3, note: null });
    const entry = await mutation('journaling.create', { mood: 'calma', body: SAMPLE_JOURNAL_ENTRY });
    expect(((await entry.json()) as Json).result.data.json).toMatchObject({ stepsEarned: 325, stepsNote: null });
    expect((await stats()).totalSteps).toBe(225 + 1250 + 325);
  });
});

describe('item 7: a timezone change does not reopen the day', () => {
  it('award, switch to Etc/GMT+12 (another local day), award again: at most the daily limit within 24 h', async () => {
    const { t, post, mutation, stats, evidence } = await setup();
    const give = () => evidence('sesion_completa', 'session');
    const earned: number[] = [];
    await give();
    earned.push(((await (await post({ activity_key: 'sesion_completa' })).json()) as Json).stepsEarned);
    for (const timezone of ['Etc/GMT+12', 'Pacific/Kiritimati', 'Europe/Madrid', 'Etc/GMT+12']) {
      expect((await mutation('profile.update', { firstName: 'Ana', timezone })).status).toBe(200);
      await give();
      const answer = (await (await post({ activity_key: 'sesion_completa' })).json()) as Json;
      earned.push(answer.stepsEarned);
      t.clock.advance(60 * 60 * 1000);
    }
    expect(earned).toEqual([1250, 0, 0, 0, 0]);
    expect((await stats()).totalSteps).toBe(1250);
    // 24 hours after the first award the activity earns again, in whatever zone.
    t.clock.advance(20 * 60 * 60 * 1000);
    await give();
    const later = (await (await post({ activity_key: 'sesion_completa' })).json()) as Json;
    expect(later, JSON.stringify(later)).toMatchObject({ stepsEarned: 1250 });
  });

  it('staying in one timezone keeps the local day rule (a new local day earns again)', async () => {
    const { t, post, evidence } = await setup();
    const give = () => evidence('sesion_completa', 'session');
    t.clock.set(new Date('2026-11-22T22:58:00Z')); // 23:58 in Madrid
    await give();
    expect(((await (await post({ activity_key: 'sesion_completa' })).json()) as Json).stepsEarned).toBe(1250);
    t.clock.advance(3 * 60 * 1000); // 00:01 on the next local day
    await give();
    expect(((await (await post({ activity_key: 'sesion_completa' })).json()) as Json).stepsEarned).toBe(1250);
  });
});

describe('item 8: one running practice and one running listen per user', () => {
  it('10 active breaks started at once: only the last runs; completing all of them after the break earns 70 once', async () => {
    const { t, user, mutation, stats } = await setup();
    const started = await Promise.all(Array.from({ length: 10 }, () => mutation('practice.start', { kind: 'active_break', ref: 'cuello' })));
    const sessions = (await Promise.all(started.map((r) => r.json()))) as Json[];
    const ids = sessions.map((s) => s.result.data.json.sessionId as string);
    const running = await t.sql('select id from practice_sessions where user_id = ? and completed_at is null and abandoned_at is null', user.id);
    expect(running).toHaveLength(1);
    const planned = sessions[0]?.result.data.json.plannedSeconds as number;
    t.clock.advance((planned + 2) * 1000);
    const completions = await Promise.all(ids.map((sessionId) => mutation('practice.complete', { sessionId, practicedSeconds: planned })));
    expect(completions.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const refused = (await Promise.all(completions.filter((r) => r.status === 409).map((r) => r.json()))) as Json[];
    expect(refused[0]?.error.json.message).toMatch(/Empezaste otra práctica/);
    expect((await stats()).totalSteps).toBe(70);
  });

  it('a listen of which one byte was fetched cannot be completed; one served over time can, once', async () => {
    const { t, http, stats } = await setup();
    const today = (await (await http('/api/meditations/today')).json()) as { id: string; duration: number };
    // One byte of every audio: only the last one fetched is running.
    for (const m of MEDITATIONS) {
      const r = await http(`/api/meditations/${m.id}/audio`, { headers: { range: 'bytes=0-0' } });
      expect(r.status).toBe(206);
      await r.arrayBuffer();
    }
    const listens = await t.sql('select meditation_id, abandoned_at, served_bytes from audio_listens');
    expect(listens.filter((l) => l.abandoned_at === null)).toHaveLength(1);
    await (await http(`/api/meditations/${today.id}/audio`, { headers: { range: 'bytes=0-0' } })).arrayBuffer();
    // The tail alone extends nothing: the bytes must be served from the start without a gap.
    const size = readFileSync(join(t.deps.paths.audioDir, `${today.id}.opus`)).length;
    await (await http(`/api/meditations/${today.id}/audio`, { headers: { range: `bytes=${size - 1000}-` } })).arrayBuffer();
    t.clock.advance(today.duration * 1000);
    const early = await http(`/api/meditations/${today.id}/completed`, { method: 'PATCH', body: { completed: true } });
    expect(early.status).toBe(400);
    expect(((await early.json()) as Json).error.message).toMatch(/no se ha reproducido entero/);
    expect((await http('/api/activity-log/audio-complete', { body: { is_today: true, completion_percentage: 100 } })).status).toBe(400);

    // The player's ranges, in order, as the audio plays.
    const quarter = Math.ceil(size / 4);
    for (let start = 1; start < size; start += quarter) {
      const end = Math.min(size - 1, start + quarter - 1);
      const part = await http(`/api/meditations/${today.id}/audio`, { headers: { range: `bytes=${start}-${end}` } });
      expect((await part.arrayBuffer()).byteLength).toBe(end - start + 1);
    }
    // The clock of this listen restarted when it was fetched from the start again: wait its length.
    t.clock.advance(today.duration * 1000);
    expect((await http(`/api/meditations/${today.id}/completed`, { method: 'PATCH', body: { completed: true } })).status).toBe(200);
    const award = await http('/api/activity-log/audio-complete', {
      body: { is_today: true, completion_percentage: 100 },
    });
    expect(await award.json()).toMatchObject({ activityKey: 'audio_ascenso_daily', stepsEarned: 165 });
    expect((await http('/api/activity-log/audio-complete', { body: { is_today: true, completion_percentage: 100 } })).status).toBe(400);
    expect((await stats()).totalSteps).toBe(165);
  });
});

describe('item 10: free-form metadata cannot break an answer', () => {
  it.each([['constructor'], ['__proto__'], ['prototype'], ['a b'], ['x'.repeat(65)], ['1abc']])('metadata key %j → 400, nothing recorded', async (key) => {
    const { http, ledger, evidence } = await setup();
    await evidence('journaling', 'journal');
    const response = await http('/api/activity-log', {
      body: JSON.parse(`{"activity_key":"journaling","metadata":{${JSON.stringify(key)}:"x"}}`),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).error.code).toBe('VALIDATION');
    expect(await ledger()).toHaveLength(0);
    const trpc = await http('/api/trpc/activities.complete', {
      body: JSON.parse(`{"json":{"activity_key":"journaling","metadata":{${JSON.stringify(key)}:"x"}}}`),
    });
    if (key === '__proto__') {
      // superjson's transport drops an own __proto__ before any procedure sees it: nothing of it can be stored.
      expect([200, 400]).toContain(trpc.status);
      for (const row of await ledger()) {
        // SQLite gives the JSON text, PostgreSQL the jsonb value.
        const metadata: unknown = typeof row.metadata === 'string' ? JSON.parse(row.metadata) : (row.metadata ?? {});
        expect(Object.keys(metadata as object)).not.toContain('__proto__');
      }
    } else {
      expect(trpc.status).toBe(400);
      expect(await ledger()).toHaveLength(0);
    }
  });

  it('a row already stored with such keys does not break profile.export over tRPC', async () => {
    const { t, user, query } = await setup();
    // Stored through the repository, as an old row would be: own __proto__/constructor/prototype keys (JSON.parse makes them own).
    await t.deps.repos.steps.insertCompletion({
      id: 'old-row',
      userId: user.id,
      activityKey: 'journaling',
      day: '2026-11-22',
      completedAt: t.clock.now(),
      stepsEarned: 325,
      limitReached: false,
      awardSlot: 1,
      durationMinutes: null,
      metadata: JSON.parse('{"constructor":"x","__proto__":{"a":1},"prototype":2,"ok":"sí","n":3}') as Record<string, string | number | boolean | null>,
      toastShownAt: null,
      timezone: null,
    });
    const response = await query('profile.export');
    expect(response.status).toBe(200);
    const data = ((await response.json()) as Json).result.data.json as Json;
    const row = ((data.steps as Json).ledger as Json[]).find((r) => r.id === 'old-row');
    expect(row?.metadata).toEqual({ ok: 'sí', n: 3 });
    // Only the safe keys are left (their order is jsonb's on PostgreSQL: by length, then bytes).
    expect(Object.keys(row?.metadata ?? {}).sort()).toEqual(['n', 'ok']);
  });
});
