import { SAMPLE_JOURNAL_ENTRY } from '@ascenso/domain/evidence.fixtures';
import { SAFETY_ANSWERS } from '@ascenso/ai/safety';
import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { say, signedIn } from '../../testing/coaching';
import { sanitizePlanHtml } from '../daily-plan/daily-plan.service';
import type { ReplyEvent } from './reply';

describe('sanitizePlanHtml', () => {
  it.each([
    ['<script>alert(1)</script><p>hola</p>', '<p>hola</p>'],
    ['<a class="breathing" href="/breathing" onclick="x()">R</a>', '<a class="breathing" href="/breathing">R</a>'],
    ['<a class="evil breathing" href="/breathing">R</a>', '<a class="breathing" href="/breathing">R</a>'],
    ['<a class="fitness" href="javascript:alert(1)">F</a>', ''],
    ['<a class="fitness" href="//evil.example/x">F</a>', ''],
    ['<a class="fitness" href="/\\evil.example/x">F</a>', ''],
    ['<a class="fitness" href="http://evil.example/x">F</a>', ''],
    ['<a class="coaching" href="https://ascenso.example/coaching">C</a>', '<a class="coaching" href="https://ascenso.example/coaching">C</a>'],
    ['<img src=x onerror=alert(1)><iframe src="/"></iframe><p style="x">t</p>', '<p>t</p>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizePlanHtml(input)).toBe(output);
  });

  it('is idempotent', () => {
    const once = sanitizePlanHtml('<p>a<a class="journal" href="/journaling">b</a><svg><g/onload=alert(2)//</p>');
    expect(sanitizePlanHtml(once)).toBe(once);
  });
});

describe('daily plan (offline coach)', () => {
  it('is null until generated, then generated once per day unless forced', async () => {
    const t = createTestApp();
    const { cookie } = await signedIn(t);
    expect(await (await t.request('/api/daily-plan', { cookie })).json()).toEqual({ plan: null });

    const first = (await (await t.request('/api/generate-daily-plan', { method: 'POST', cookie })).json()) as {
      plan: { content: string; items: Array<{ area: string }> };
      generated: boolean;
    };
    expect(first.generated).toBe(true);
    expect(first.plan.content).toMatch(/^<p>Buenos días, Lucía\./);
    expect(first.plan.content).toContain('<a class="active-breaks" href="/active-breaks">');
    expect(first.plan.items.length).toBeGreaterThanOrEqual(3);

    const again = (await (await t.request('/api/generate-daily-plan', { method: 'POST', cookie })).json()) as {
      generated: boolean;
    };
    expect(again.generated).toBe(false);
    const forced = (await (await t.request('/api/generate-daily-plan', { cookie, body: { force: true } })).json()) as {
      generated: boolean;
    };
    expect(forced.generated).toBe(true);
    const stored = (await (await t.request('/api/daily-plan', { cookie })).json()) as {
      plan: { content: string; generatedAt: string };
    };
    expect(stored.plan.content).toBe(first.plan.content);
    expect(stored.plan.generatedAt).toEqual(expect.any(String));

    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await (await t.request('/api/daily-plan', { cookie })).json()).toEqual({ plan: null });
  });

  it('bounds forced regenerations', async () => {
    const t = createTestApp();
    const { cookie } = await signedIn(t);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await t.request('/api/generate-daily-plan', { cookie, body: { force: true } })).status);
    expect(statuses.slice(0, 6).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Says when a new plan is possible: the user's next local midnight (test clock 09:00Z = 10:00 in Madrid).
    const refused = await t.request('/api/generate-daily-plan', { cookie, body: { force: true } });
    expect(refused.headers.get('retry-after')).toBe(String(14 * 60 * 60));
    expect(await refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
  });

  it('works for a user without an assessment and refuses visitors', async () => {
    const t = createTestApp();
    const { cookie } = await signedIn(t, { assessment: false });
    expect((await t.request('/api/generate-daily-plan', { method: 'POST', cookie })).status).toBe(200);
    expect((await t.request('/api/daily-plan')).status).toBe(401);
  });
});

describe('coaching chat (offline coach)', () => {
  it('streams a grounded reply token by token, keeps history, and awards consulta_rapida at 3 turns once', async () => {
    const t = createTestApp();
    const { caller, user } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const first = await say(caller, chat.id, 'Me cuesta delegar en mi equipo');
    expect(first.deltas).toBeGreaterThan(5);
    // The guided offline coach reflects the topic in its own words and the goal in the coach's voice.
    expect(first.text).not.toContain('Me cuesta delegar en mi equipo');
    expect(first.text).toContain('liderar mejor a tu equipo');
    expect(first.done).toMatchObject({ type: 'done', stopped: false, content: first.text });

    await say(caller, chat.id, 'Acabo revisando todo por la noche');
    const before = await t.deps.repos.steps.total(user.id);
    await say(caller, chat.id, 'Quiero confiar más en Marta');
    expect((await t.deps.repos.steps.total(user.id)) - before).toBe(225);
    await say(caller, chat.id, 'Gracias');
    expect((await t.deps.repos.steps.total(user.id)) - before).toBe(225);

    const stored = await caller.coaching.conversation({ id: chat.id });
    expect(stored.title).toBe('Me cuesta delegar en mi equipo');
    expect(stored.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(stored.messages[1]?.content).toBe(first.text);
  });

  it('replays a finished answer to a re-subscribing client instead of generating again', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const { userMessageId, text } = await say(caller, chat.id, 'Hola');
    const stream = await caller.coaching.reply({ conversationId: chat.id, userMessageId });
    const replayed: ReplyEvent[] = [];
    for await (const raw of stream as AsyncIterable<unknown>) replayed.push((Array.isArray(raw) ? raw[1] : raw) as ReplyEvent);
    expect(replayed[0]).toEqual({ type: 'delta', text });
    expect((await caller.coaching.conversation({ id: chat.id })).messages).toHaveLength(2);
  });

  it('answers a crisis message at once with its fixed answer, without the model, and waits for the acknowledgement', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, 'Últimamente no quiero vivir');
    expect(result.safety).toBe(true);
    expect(result.text).toBe(SAFETY_ANSWERS.suicidal_passive.message);
    expect(result.done).toMatchObject({ safety: true, status: 'flagged' });
    const stored = await caller.coaching.conversation({ id: chat.id });
    expect(stored.status).toBe('flagged');
    expect(stored.messages.every((m) => m.flagged)).toBe(true);
    await expect(caller.coaching.send({ conversationId: chat.id, content: 'sigo aquí', clientMessageId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('keeps conversations private', async () => {
    const t = createTestApp();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const chat = await a.caller.coaching.start({ kind: 'chat' });
    await expect(b.caller.coaching.conversation({ id: chat.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(b.caller.coaching.send({ conversationId: chat.id, content: 'x', clientMessageId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await b.caller.coaching.conversations()).toEqual([]);
  });

  it('refuses empty and oversized messages', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    await expect(caller.coaching.send({ conversationId: chat.id, content: '   ', clientMessageId: crypto.randomUUID() })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(
      caller.coaching.send({
        conversationId: chat.id,
        content: 'x'.repeat(4001),
        clientMessageId: crypto.randomUUID(),
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});

describe('structured sessions', () => {
  it('walks check-in → goal → exploration → commitments, then summarises, stores commitments and awards once', async () => {
    const t = createTestApp();
    const { caller, user } = await signedIn(t);
    const session = await caller.coaching.start({ kind: 'session' });
    expect(session.stage).toBe('check-in');
    expect(session.messages[0]?.content).toMatch(/check-in/);

    await say(caller, session.id, 'Llego con un 6, cansada');
    const goal = await say(caller, session.id, 'Quiero preparar la conversación con Marta sobre delegar');
    expect(goal.text).not.toContain('Quiero preparar la conversación con Marta sobre delegar');
    expect(goal.text.trim().endsWith('?')).toBe(true);
    // The goal names the session (it was 'Sesión de coaching' until then); later turns keep the name.
    expect((await caller.coaching.conversation({ id: session.id })).title).toBe('Quiero preparar la conversación con Marta sobre delegar');
    await say(caller, session.id, 'Podría darle el informe semanal');
    const before = await t.deps.repos.steps.total(user.id);
    const last = await say(caller, session.id, 'Hablar con Marta el lunes; delegar el informe semanal');
    expect(last.done).toMatchObject({ stage: 'done', status: 'completed' });
    expect((await t.deps.repos.steps.total(user.id)) - before).toBe(1250);

    const done = await caller.coaching.conversation({ id: session.id });
    expect(done.title).toBe('Quiero preparar la conversación con Marta sobre delegar');
    expect(done.summary).toContain('dos compromisos');
    expect(done.summary).not.toMatch(/[«»]/);
    expect(done.commitments.map((c) => c.text)).toEqual(['Hablar con Marta el lunes', 'delegar el informe semanal']);

    const next = await caller.coaching.start({ kind: 'session' });
    expect(next.messages[0]?.content).toMatch(/Hablar con Marta el lunes|delegar el informe semanal/);
    expect((await caller.coaching.finishSession({ conversationId: session.id })).status).toBe('completed');
    expect((await t.deps.repos.steps.total(user.id)) - before).toBe(1250);

    const open = await caller.coaching.commitments();
    await caller.coaching.setCommitmentStatus({ id: open[0]?.id ?? '', status: 'done' });
    expect((await caller.coaching.commitments()).filter((c) => c.status === 'open')).toHaveLength(1);
  });
});

describe('guided journaling', () => {
  it('saves the conversation as an entry; 50+ words earn journaling', async () => {
    const t = createTestApp();
    const { caller, user } = await signedIn(t);
    const short = await caller.coaching.start({ kind: 'journal' });
    await say(caller, short.id, 'Hoy ha sido un día largo.');
    expect(await caller.coaching.saveJournal({ conversationId: short.id, mood: 'cansada' })).toMatchObject({
      stepsEarned: 0,
      wordCount: 6,
    });

    const long = await caller.coaching.start({ kind: 'journal' });
    await say(caller, long.id, 'Hoy me he sentido desbordada con las reuniones. '.repeat(4));
    await say(caller, long.id, 'Mañana quiero reservar una hora de foco antes de abrir el correo y delegar el informe. '.repeat(2));
    const saved = await caller.coaching.saveJournal({ conversationId: long.id, mood: 'esperanzada' });
    expect(saved.wordCount).toBeGreaterThanOrEqual(50);
    expect(saved.stepsEarned).toBe(325);
    const entries = await t.deps.repos.coaching.recentJournalEntries(user.id, 5);
    expect(entries[0]).toMatchObject({ mood: 'esperanzada', source: 'chat' });
    await expect(caller.coaching.saveJournal({ conversationId: long.id })).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('saves a conversation once when two saves race: one entry, one award, the other CONFLICT', async () => {
    const t = createTestApp();
    const { caller, user } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'journal' });
    await say(caller, chat.id, SAMPLE_JOURNAL_ENTRY);
    const before = await t.deps.repos.steps.total(user.id);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => caller.coaching.saveJournal({ conversationId: chat.id })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toHaveLength(1);
    expect((await t.deps.repos.steps.total(user.id)) - before).toBe(325);
  });
});

describe('sending a message', () => {
  it('stores a clientMessageId once when ten sends of it race, and every send answers the same message', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const clientMessageId = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => caller.coaching.send({ conversationId: chat.id, content: 'Tengo demasiadas reuniones', clientMessageId })),
    );
    expect(answers).toEqual(Array(10).fill({ userMessageId: clientMessageId, safety: false }));
    expect(await t.deps.repos.coaching.countUserMessages(chat.id)).toBe(1);
  });
});

describe('the coach against an OpenAI-compatible server', () => {
  const fake = useFakeOpenAIServer();
  const app = () =>
    createTestApp({
      coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }),
    });

  it('streams the model, records token usage for the day', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    fake.reply({ kind: 'text', text: '', chunks: ['Hola ', 'Lucía, ', '¿qué quieres lograr?'] });
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, 'Hola');
    expect(result.text).toBe('Hola Lucía, ¿qué quieres lograr?');
    const system = (fake.requests.at(-1)?.body as { messages: Array<{ content: string }> }).messages[0]?.content ?? '';
    expect(system).toContain('Responsable de producto');
    // The reply (11 + 7 tokens) and the crisis screen's second opinion on the message (40 + 8).
    expect(fake.screenRequests).toHaveLength(1);
    expect(await t.deps.repos.coaching.usageFor(user.id, '2026-11-22')).toMatchObject({
      requests: 2,
      inputTokens: 51,
      outputTokens: 15,
    });
  });

  it('stops mid-answer: the upstream request is aborted and the partial answer kept as stopped', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    fake.reply({ kind: 'text', text: '', chunks: Array.from({ length: 50 }, (_, i) => `t${i} `), delayMs: 40 });
    const chat = await caller.coaching.start({ kind: 'chat' });
    const abortedBefore = fake.abortedRequests();
    const { userMessageId } = await caller.coaching.send({
      conversationId: chat.id,
      content: 'Cuéntame',
      clientMessageId: crypto.randomUUID(),
    });
    const stream = await caller.coaching.reply({ conversationId: chat.id, userMessageId });
    let received = 0;
    let stoppedAt = 0;
    // The user presses "stop": the client unsubscribes, which ends the server-side iteration.
    for await (const _ of stream as AsyncIterable<unknown>) {
      received += 1;
      if (received === 3) {
        stoppedAt = Date.now();
        break;
      }
    }
    await expect.poll(() => fake.abortedRequests(), { timeout: 1000 }).toBeGreaterThan(abortedBefore);
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    await expect
      .poll(async () => (await caller.coaching.conversation({ id: chat.id })).messages.find((m) => m.role === 'assistant')?.stopped, { timeout: 1000 })
      .toBe(true);
  });

  it('turns an upstream failure into AI_UNAVAILABLE, and a retry works', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.reply({ kind: 'error', status: 500 });
    await expect(say(caller, chat.id, 'Hola')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      cause: { code: 'AI_UNAVAILABLE' },
    });
    fake.reply({ kind: 'text', text: 'De nuevo aquí' });
    const userMessage = (await caller.coaching.conversation({ id: chat.id })).messages.find((m) => m.role === 'user');
    const stream = await caller.coaching.reply({ conversationId: chat.id, userMessageId: userMessage?.id ?? '' });
    let text = '';
    for await (const raw of stream as AsyncIterable<unknown>) {
      const e = (Array.isArray(raw) ? raw[1] : raw) as ReplyEvent;
      if (e.type === 'delta') text += e.text;
    }
    expect(text).toBe('De nuevo aquí');
  });

  it('escapes hostile strings in a model-written plan and keeps only allowed links', async () => {
    const t = app();
    const { cookie } = await signedIn(t);
    fake.reply({
      kind: 'text',
      text: JSON.stringify({
        intro: '<img src=x onerror=alert(1)>Hola',
        items: [
          {
            area: 'breathing',
            title: '<script>window.__xss=1</script>',
            reason: '<a href="javascript:alert(1)">x</a>',
            minutes: 4,
          },
          { area: 'journal', title: '"><svg onload=alert(1)>', reason: 'r', minutes: 5 },
          { area: 'fitness', title: 'Clase', reason: 'r', minutes: 10 },
        ],
      }),
    });
    const { plan } = (await (await t.request('/api/generate-daily-plan', { method: 'POST', cookie })).json()) as {
      plan: { content: string };
    };
    const tags = plan.content.match(/<[^>]+>/g) ?? [];
    expect(tags.every((tag) => /^<(\/?(p|ul|li|a)|br \/)( class="(breathing|journal|fitness)" href="\/[a-z-]+")?>$/.test(tag))).toBe(true);
    expect(plan.content).toContain('&lt;script&gt;');
    expect(plan.content.match(/<a /g)).toHaveLength(3);
  });

  it('writes the coach evaluation once per assessment', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const evaluation = {
      headline: 'Buen punto de partida',
      summary: 'Resumen',
      sections: [{ id: 'a', title: 'T', body: 'B' }],
      recommendations: [{ id: 'r', area: 'breathing', title: 'Respira', detail: 'd', minutes: 4 }],
      firstStep: 'Empieza hoy',
    };
    fake.reply({ kind: 'text', text: JSON.stringify(evaluation) });
    expect(await caller.assessment.coachEvaluation()).toEqual(evaluation);
    const calls = fake.requests.length;
    expect(await caller.assessment.coachEvaluation()).toEqual(evaluation);
    expect(fake.requests.length).toBe(calls);
  });
});

describe('coach evaluation offline', () => {
  it('is null without an AI server', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    expect(await caller.assessment.coachEvaluation()).toBeNull();
  });
});
