import { createHmac } from 'node:crypto';
import { STAGE_INSTRUCTIONS, STATIC_SYSTEM_PROMPT } from '@ascenso/ai/prompts';
import { refusedKeywordsIn } from '@ascenso/ai/json-schema';
import { type FakeReply } from '@ascenso/ai/testing/fake-openai-server';
import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { type Caller, collectReply, say, signedIn } from '../../testing/coaching';

type Body = {
  messages: Array<{ role: string; content: string }>;
  user?: string;
  safety_identifier?: string;
  response_format?: { json_schema: { schema: unknown } };
};

const fake = useFakeOpenAIServer();
beforeEach(() => {
  fake.reply({ kind: 'text', text: 'Hola, te escucho.' });
});

const SECRET = 'una-clave-de-prueba-larga';
const DAY = '2026-11-22';

/**
 * Timeouts roomy enough for a loaded 2-core machine (a fake model's first token can take hundreds of ms
 * there); the tests of the timeouts themselves use SHORT.
 */
const ROOMY = { AI_FIRST_TOKEN_TIMEOUT_MS: '5000', AI_TIMEOUT_MS: '10000' };
const SHORT = { AI_FIRST_TOKEN_TIMEOUT_MS: '1000', AI_TIMEOUT_MS: '2000' };

function app(env: Record<string, string> = {}) {
  return createTestApp({
    env: { ...ROOMY, AI_USER_ID_SECRET: SECRET, ...env },
    coachProvider: fakeModelProvider(fake, { timeoutMs: 5000 }),
  });
}

/** Sends a message and expects the reply to fail; returns the tRPC error. */
async function failing(caller: Caller, conversationId: string, userMessageId?: string) {
  const id =
    userMessageId ?? (await caller.coaching.send({ conversationId, content: 'Hola, ¿me ayudas?', clientMessageId: crypto.randomUUID() })).userMessageId;
  const error = await collectReply(caller, conversationId, id).then(
    () => null,
    (e: unknown) => e as { code: string; message: string; cause?: { code?: string } },
  );
  return { error, userMessageId: id };
}

const FAILURES: Array<[string, FakeReply]> = [
  ['an empty answer', { kind: 'text', text: '', chunks: [] }],
  ['a whitespace-only answer', { kind: 'text', text: '', chunks: ['  ', '\n\n', ' '] }],
  ['a truncated stream (no finish_reason, connection closed)', { kind: 'truncate', chunks: ['Entiendo lo que ', 'me cuentas y '] }],
  ['a hang before the first token', { kind: 'hang' }],
  ['a stream that stalls after its headers', { kind: 'stall', chunks: [] }],
  ['a 429 from the provider', { kind: 'error', status: 429, body: { error: { message: 'Rate limit', type: 'rate_limit' } } }],
  ['a 500 from the provider', { kind: 'error', status: 500 }],
];

describe('a failed model answer is an error, and nothing is lost', () => {
  it.each(FAILURES)('%s: nothing stored, a Spanish error, tokens and one error recorded', async (_label, reply) => {
    // A hang or a stall ends by the timeouts: short ones here, so that the test shows they fire.
    const waits = reply.kind === 'hang' || reply.kind === 'stall';
    const t = app(waits ? SHORT : {});
    const { caller, user } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.reply(reply);
    const started = Date.now();
    const { error, userMessageId } = await failing(caller, chat.id);
    expect(Date.now() - started).toBeLessThan(waits ? 5000 : 10_000);
    expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', cause: { code: 'AI_UNAVAILABLE' } });
    expect(error?.message).toMatch(/^Tu coach (no ha podido responder ahora|está tardando demasiado en responder)\. Inténtalo de nuevo\.$/);

    const conversation = await caller.coaching.conversation({ id: chat.id });
    expect(conversation.messages.filter((m) => m.role === 'assistant')).toEqual([]);
    const usage = await t.deps.repos.coaching.usageFor(user.id, DAY);
    expect(usage?.errors).toBe(1);
    expect(usage?.inputTokens ?? 0).toBeGreaterThan(0);

    // "Reintentar" asks the model again (it does not replay anything), and then the answer is stored.
    fake.reply({ kind: 'text', text: '', chunks: ['Gracias por ', 'contármelo.'] });
    const before = fake.requests.length;
    const retried = await collectReply(caller, chat.id, userMessageId);
    expect(fake.requests.length).toBe(before + 1);
    expect(retried.text).toBe('Gracias por contármelo.');
    const after = await caller.coaching.conversation({ id: chat.id });
    expect(after.messages.filter((m) => m.role === 'assistant').map((m) => m.content)).toEqual(['Gracias por contármelo.']);
  });

  it('a structured session never advances nor awards on empty answers', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    const session = await caller.coaching.start({ kind: 'session' });
    const before = await t.deps.repos.steps.total(user.id);
    fake.reply({ kind: 'text', text: '', chunks: ['   '] });
    for (const content of ['Llego con un 6', 'Quiero preparar una reunión', 'Podría delegar', 'Hablar con Marta el lunes']) {
      const { userMessageId } = await caller.coaching.send({
        conversationId: session.id,
        content,
        clientMessageId: crypto.randomUUID(),
      });
      const { error } = await failing(caller, session.id, userMessageId);
      expect(error?.cause?.code).toBe('AI_UNAVAILABLE');
    }
    const after = await caller.coaching.conversation({ id: session.id });
    expect(after.stage).toBe('check-in');
    expect(after.status).toBe('active');
    expect(after.messages.filter((m) => m.role === 'assistant')).toHaveLength(1); // the opener only
    expect(await t.deps.repos.steps.total(user.id)).toBe(before);
    expect((await t.deps.repos.coaching.usageFor(user.id, DAY))?.errors).toBe(4);
  });

  it('an empty answer stored before this change is asked again, not replayed', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const { userMessageId } = await caller.coaching.send({
      conversationId: chat.id,
      content: 'Hola',
      clientMessageId: crypto.randomUUID(),
    });
    await t.deps.repos.coaching.insertMessage({
      id: crypto.randomUUID(),
      conversationId: chat.id,
      userId: user.id,
      role: 'assistant',
      content: '',
      replyTo: userMessageId,
      stage: null,
      flagged: false,
      stopped: false,
      createdAt: new Date(t.clock.now().getTime() + 5),
    });
    fake.reply({ kind: 'text', text: 'Ahora sí.' });
    const before = fake.requests.length;
    expect((await collectReply(caller, chat.id, userMessageId)).text).toBe('Ahora sí.');
    expect(fake.requests.length).toBe(before + 1);
  });

  it('a slow but steady answer is not cut by the first-token timeout', async () => {
    // Four chunks 300 ms apart: longer in all than the first-token timeout (1 s), within the whole call's 2 s.
    const t = app(SHORT);
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.reply({ kind: 'text', text: '', chunks: ['Uno ', 'dos ', 'tres ', 'cuatro.'], delayMs: 300 });
    expect((await say(caller, chat.id, 'Hola')).text).toBe('Uno dos tres cuatro.');
  });
});

describe('the daily plan without the model', () => {
  it.each([
    ['invalid plan JSON', { kind: 'text', text: '{"intro": "Hola", "items": [' } as FakeReply],
    ['a plan that breaks the schema', { kind: 'text', text: JSON.stringify({ intro: 'x', items: [] }) } as FakeReply],
    ['a 500', { kind: 'error', status: 500 } as FakeReply],
    ['a hang', { kind: 'hang' } as FakeReply],
  ])('falls back on %s, says so, and the admin stats count it', async (_label, reply) => {
    const t = app(reply.kind === 'hang' ? SHORT : {});
    const { cookie, caller, user } = await signedIn(t);
    fake.reply(reply);
    const { plan } = await caller.dailyPlan.generate();
    expect(plan).toMatchObject({ source: 'offline', fallback: true });
    expect((await caller.dailyPlan.today()).plan?.fallback).toBe(true);
    expect(await t.deps.repos.coaching.usageFor(user.id, DAY)).toMatchObject({ errors: 1, planFallbacks: 1 });
    expect((await t.deps.repos.coaching.usageFor(user.id, DAY))?.inputTokens).toBeGreaterThan(0);
    const byDay = await t.deps.repos.admin.usageByDay('2026-11-01');
    expect(byDay).toEqual([expect.objectContaining({ day: DAY, errors: 1, planFallbacks: 1 })]);
    // A plan the model wrote is not a fallback.
    fake.reply({
      kind: 'text',
      text: JSON.stringify({
        intro: 'Hola, Lucía.',
        items: [
          { area: 'breathing', title: 'Respiración cuadrada', reason: 'Calma antes de la reunión.', minutes: 3 },
          { area: 'active-breaks', title: 'Cuello', reason: 'Pantalla.', minutes: 2 },
          { area: 'journal', title: 'Diario', reason: 'Claridad.', minutes: 5 },
        ],
      }),
    });
    const forced = await (await t.request('/api/generate-daily-plan', { cookie, body: { force: true } })).json();
    expect(forced).toMatchObject({ generated: true });
    expect((await caller.dailyPlan.today()).plan).toMatchObject({ source: 'ai', fallback: false });
  });

  it('the admin overview counts model errors and plan fallbacks per day', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const admin = await t.registerUser({ firstName: 'Ada' });
    await t.sql("update users set role = 'admin' where id = ?", admin.user.id);
    fake.reply({ kind: 'error', status: 500 });
    await caller.dailyPlan.generate();
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.reply({ kind: 'text', text: '', chunks: [] });
    await failing(caller, chat.id);
    const overview = await t.callerFor(admin.cookie).admin.overview();
    expect(overview.aiUsageByDay).toEqual([expect.objectContaining({ day: DAY, errors: 2, planFallbacks: 1 })]);
  });

  it('sends a strict schema without the keywords strict mode refuses, and the hashed user id', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    fake.reply({ kind: 'error', status: 500 });
    await caller.dailyPlan.generate();
    const body = fake.requests.at(-1)?.body as Body;
    expect(refusedKeywordsIn(body.response_format?.json_schema.schema)).toEqual([]);
    const hashed = createHmac('sha256', SECRET).update(user.id).digest('hex');
    expect(body.user).toBe(hashed);
    expect(body.safety_identifier).toBe(hashed);
  });
});

describe('the prompt as the provider receives it', () => {
  it('keeps the system message byte-identical across turns, even after an award; the context rides on the latest user turn', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const systems: string[] = [];
    const lasts: string[] = [];
    for (const content of ['Me cuesta delegar', 'Lo hago todo yo', 'Quizá el informe semanal', 'Vale, lo intento']) {
      fake.reply({ kind: 'text', text: 'Entiendo. ¿Qué te frena?' });
      await say(caller, chat.id, content);
      const body = fake.requests.at(-1)?.body as Body;
      systems.push(body.messages[0]?.content ?? '');
      lasts.push(body.messages.at(-1)?.content ?? '');
      expect(body.messages[1]?.role).toBe('user');
      expect(body.user).toBe(createHmac('sha256', SECRET).update(user.id).digest('hex'));
      expect(body.safety_identifier).toBe(body.user);
      expect(JSON.stringify(body)).not.toContain(user.email);
      expect(JSON.stringify(body)).not.toContain(user.id);
    }
    // The third turn awarded consulta_rapida (the ledger changed); the system message did not.
    expect(new Set(systems).size).toBe(1);
    expect(systems[0]?.startsWith(STATIC_SYSTEM_PROMPT)).toBe(true);
    expect(lasts[3]).toMatch(/consultas? rápidas?/);
    expect(lasts[1]).not.toMatch(/consultas? rápidas?/);
    expect(lasts.every((l) => l.startsWith('[Contexto de la app para este turno'))).toBe(true);
  });

  it('trims a long history by tokens, starting with a user turn, with a summary of older turns', async () => {
    const t = app({ AI_HISTORY_TOKEN_BUDGET: '400' });
    const { caller } = await signedIn(t);
    const session = await caller.coaching.start({ kind: 'chat' });
    const long = 'Te cuento con detalle lo que pasa en el equipo y por qué me preocupa. '.repeat(6);
    for (let i = 0; i < 8; i += 1) {
      fake.reply({ kind: 'text', text: `Respuesta ${i}. ${'Te escucho con atención. '.repeat(5)}` });
      await say(caller, session.id, `Turno ${i}. ${long}`);
    }
    const body = fake.requests.at(-1)?.body as Body;
    const turns = body.messages.slice(1);
    expect(turns[0]?.role).toBe('user');
    const tokens = turns.reduce((sum, m) => sum + Math.ceil(m.content.length / 4), 0);
    // The budget is for the history; the latest turn also carries the context block.
    const latestBlock = (turns.at(-1)?.content.length ?? 0) - `Turno 7. ${long}`.length;
    expect(tokens - Math.ceil(latestBlock / 4)).toBeLessThanOrEqual(400 + 4 * turns.length);
    expect(turns.length).toBeLessThan(16);
    expect(turns.at(-1)?.content).toContain('Resumen de la parte anterior de la conversación');
    expect(turns.at(-1)?.content).toContain('«Turno 0.');
  });

  it('the closing turn of a session tells the model to end without a question', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    const session = await caller.coaching.start({ kind: 'session' });
    const from = fake.requests.length;
    for (const content of ['Llego con un 6', 'Quiero preparar una reunión', 'Podría delegar', 'Hablar con Marta el lunes']) {
      fake.reply({ kind: 'text', text: 'De acuerdo.' });
      await say(caller, session.id, content);
    }
    const closing = fake.requests
      .slice(from)
      .filter((r) => (r.body as Body).messages?.at(-1)?.content.includes('Hablar con Marta el lunes'))
      .at(0)?.body as Body;
    expect(closing.messages.at(-1)?.content).toContain(STAGE_INSTRUCTIONS.commitments);
    expect(STAGE_INSTRUCTIONS.commitments).toMatch(/No hagas ninguna pregunta/);
    // The summary request ('De acuerdo.' is not JSON) failed: the session still closes with the
    // offline summary, and the failed call is counted with its tokens.
    const summary = fake.requests.at(-1)?.body as Body;
    expect(summary.messages[1]?.role).toBe('user');
    expect((await caller.coaching.conversation({ id: session.id })).status).toBe('completed');
    expect(await t.deps.repos.coaching.usageFor(user.id, DAY)).toMatchObject({ errors: 1 });
  });
});
