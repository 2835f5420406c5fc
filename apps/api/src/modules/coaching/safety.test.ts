import { SAFETY_ANSWERS, screenForSafety, type RiskCategory } from '@ascenso/ai/safety';
import { type FakeOpenAIServer } from '@ascenso/ai/testing/fake-openai-server';
import { fakeModelProvider, useFakeOpenAIServer } from '@ascenso/ai/testing/fake-model';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { TEST_DIALECT } from '../../testing/test-dialect';
import { collectReply, say, signedIn } from '../../testing/coaching';
import { AWAITING_ACKNOWLEDGEMENT_MESSAGE } from './safety';

/** The text of every message the fake model received in its last request. */
function lastPrompt(fake: FakeOpenAIServer): string {
  const body = fake.requests.at(-1)?.body as { messages: Array<{ content: string }> } | undefined;
  return (body?.messages ?? []).map((m) => m.content).join('\n');
}

const HREFS: Record<RiskCategory, string[]> = {
  suicidal_active: ['tel:024', 'tel:112', 'https://findahelpline.com'],
  suicidal_passive: ['tel:024', 'tel:112', 'https://findahelpline.com'],
  self_harm: ['tel:024', 'tel:112', 'https://findahelpline.com'],
  partner_violence: ['tel:016', 'https://wa.me/34600000016', 'mailto:016-online@igualdad.gob.es', 'tel:112', 'https://findahelpline.com'],
  child_abuse: ['tel:900202010', 'tel:600505152', 'tel:112', 'https://findahelpline.com'],
  immediate_danger: ['tel:112', 'tel:024', 'https://findahelpline.com'],
  overdose_poisoning: ['tel:112', 'tel:+34915620420', 'tel:024', 'https://findahelpline.com'],
  medical_emergency: ['tel:112', 'https://findahelpline.com'],
  other_in_danger: ['tel:112', 'tel:024', 'https://findahelpline.com'],
  eating_disorder_danger: ['tel:112', 'tel:024', 'https://findahelpline.com'],
};

const CRISIS: Array<[RiskCategory, string]> = [
  ['suicidal_active', 'kitarme la vida es lo único en lo que pienso'],
  ['suicidal_passive', 'a veces pienso que todos estarían mejor sin mí'],
  ['self_harm', 'me corto los brazos'],
  ['partner_violence', 'mi pareja me pega y tengo miedo'],
  ['child_abuse', 'tengo 14 años y mi padre me pega'],
  ['immediate_danger', 'me voy a tirar por la ventana'],
  ['overdose_poisoning', 'me he tomado dos cajas de paracetamol hace una hora'],
  ['medical_emergency', 'me duele muchísimo el pecho, se me va al brazo izquierdo y me cuesta respirar'],
  ['other_in_danger', 'mi amiga me ha mandado un mensaje de despedida y no contesta al teléfono'],
  ['eating_disorder_danger', 'llevo cinco días sin comer nada y hoy me he desmayado en la ducha'],
];

describe('crisis safety against an OpenAI-compatible model', () => {
  const fake = useFakeOpenAIServer();
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply({ kind: 'text', text: 'Respuesta del modelo' });
  });
  const app = () =>
    createTestApp({
      coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }),
    });

  it.each(CRISIS)('%s: the fixed answer and its helplines are stored at once, and no model is called', async (category, message) => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, message);
    expect(result.safety).toBe(true);
    expect(result.text).toBe(SAFETY_ANSWERS[category].message);
    expect(result.done).toMatchObject({ type: 'done', safety: true, status: 'flagged' });
    const stored = await caller.coaching.conversation({ id: chat.id });
    expect(stored.status).toBe('flagged');
    const answer = stored.messages.find((m) => m.role === 'assistant');
    expect(answer).toMatchObject({
      flagged: true,
      content: SAFETY_ANSWERS[category].message,
      replyTo: result.userMessageId,
    });
    expect(answer?.safety?.category).toBe(category);
    // The family's helplines first; a second family the screen also found adds its own after them.
    expect(answer?.safety?.resources.map((r) => r.href).slice(0, HREFS[category].length - 1)).toEqual(HREFS[category].slice(0, -1));
    expect(stored.messages.find((m) => m.role === 'user')?.safety).toBeNull();
    expect((await t.deps.repos.coaching.findConversation(chat.id))?.safetyCategory?.split(',')[0]).toBe(category);
    expect(fake.requests).toHaveLength(0);
  });

  it.each(['chat', 'session', 'journal'] as const)(
    '%s: a crisis message never reaches the model; nothing more is taken until the acknowledgement',
    async (kind) => {
      const t = app();
      const { caller } = await signedIn(t);
      const conversation = await caller.coaching.start({ kind });
      const result = await say(caller, conversation.id, 'me kiero morir');
      expect(result).toMatchObject({ safety: true, text: SAFETY_ANSWERS.suicidal_passive.message });
      await expect(
        caller.coaching.send({
          conversationId: conversation.id,
          content: 'sigo aquí',
          clientMessageId: crypto.randomUUID(),
        }),
      ).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: AWAITING_ACKNOWLEDGEMENT_MESSAGE,
      });
      // Replaying the answer (a reconnecting client) calls no model either.
      const again = await caller.coaching.reply({
        conversationId: conversation.id,
        userMessageId: result.userMessageId,
      });
      for await (const _ of again as AsyncIterable<unknown>) void _;
      // A session does not advance on a crisis message, and is not closed while it waits.
      if (kind === 'session') {
        expect((await caller.coaching.conversation({ id: conversation.id })).stage).toBe('check-in');
        await expect(caller.coaching.finishSession({ conversationId: conversation.id })).rejects.toMatchObject({
          code: 'FORBIDDEN',
          message: AWAITING_ACKNOWLEDGEMENT_MESSAGE,
        });
      }
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('a replayed crisis message (same clientMessageId, ten at once) stores one answer and calls no model', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const clientMessageId = crypto.randomUUID();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => caller.coaching.send({ conversationId: chat.id, content: 'me voy a tirar por la ventana', clientMessageId })),
    );
    expect(results.every((r) => r.safety && r.userMessageId === clientMessageId)).toBe(true);
    const stored = await caller.coaching.conversation({ id: chat.id });
    expect(stored.messages.map((m) => [m.role, m.safety?.category ?? null])).toEqual([
      ['user', null],
      ['assistant', 'immediate_danger'],
    ]);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers an English message with the same helplines and a line in English', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, 'I want to kill myself');
    expect(result.text.startsWith(SAFETY_ANSWERS.suicidal_active.message)).toBe(true);
    expect(result.text).toContain('In English: in Spain, call 024');
    const answer = (await caller.coaching.conversation({ id: chat.id })).messages.find((m) => m.role === 'assistant');
    expect(answer?.safety?.category).toBe('suicidal_active');
    expect(fake.requests).toHaveLength(0);
  });

  it('after the acknowledgement the conversation goes on in careful mode: the model gets the careful instruction, never the crisis turn', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    await say(caller, chat.id, 'Me cuesta delegar en mi equipo');
    expect(lastPrompt(fake)).not.toMatch(/modo cuidadoso/i);
    await say(caller, chat.id, 'me hago daño a veces para sentir algo');
    const requestsBefore = fake.requests.length;

    await expect(caller.coaching.acknowledgeSafety({ conversationId: chat.id })).resolves.toEqual({
      conversationId: chat.id,
      status: 'active',
      careful: true,
    });
    // Idempotent: a second tap changes nothing.
    await expect(caller.coaching.acknowledgeSafety({ conversationId: chat.id })).resolves.toMatchObject({
      status: 'active',
      careful: true,
    });
    const reopened = await caller.coaching.conversation({ id: chat.id });
    expect(reopened).toMatchObject({ status: 'active', careful: true });

    fake.reply({ kind: 'text', text: 'Gracias por seguir aquí. ¿Cómo estás ahora?' });
    const next = await say(caller, chat.id, 'Estoy algo mejor, gracias');
    expect(next).toMatchObject({ safety: false, text: 'Gracias por seguir aquí. ¿Cómo estás ahora?' });
    expect(fake.requests.length).toBe(requestsBefore + 1);
    const prompt = lastPrompt(fake);
    expect(prompt).toMatch(/modo cuidadoso/i);
    expect(prompt).not.toContain('me hago daño a veces');
    expect(prompt).not.toContain(SAFETY_ANSWERS.self_harm.message);

    // A new crisis message in careful mode is answered by the screen again.
    const again = await say(caller, chat.id, 'mi novio me ha pegado otra vez');
    expect(again).toMatchObject({ safety: true, text: SAFETY_ANSWERS.partner_violence.message });
    expect(fake.requests.length).toBe(requestsBefore + 1);
    expect((await caller.coaching.conversation({ id: chat.id })).status).toBe('flagged');
  });

  it.each(['chat', 'session', 'journal'] as const)(
    '%s: while it waits for the acknowledgement, the answer to a message sent before the crisis one is refused: no model call, no stage change, nothing stored',
    async (kind) => {
      const t = app();
      const { caller } = await signedIn(t);
      const conversation = await caller.coaching.start({ kind });
      const before = await caller.coaching.send({ conversationId: conversation.id, content: 'Me cuesta delegar', clientMessageId: crypto.randomUUID() });
      const crisis = await say(caller, conversation.id, 'me kiero morir');
      expect(crisis.safety).toBe(true);
      const stageBefore = (await t.deps.repos.coaching.findConversation(conversation.id))?.stage;

      await expect(collectReply(caller, conversation.id, before.userMessageId)).rejects.toMatchObject({
        code: 'FORBIDDEN',
        message: AWAITING_ACKNOWLEDGEMENT_MESSAGE,
      });
      expect(fake.requests).toHaveLength(0);
      expect(await t.deps.repos.coaching.findReply(before.userMessageId)).toBeUndefined();
      const after = await t.deps.repos.coaching.findConversation(conversation.id);
      expect(after).toMatchObject({ status: 'flagged', stage: stageBefore });

      // Once acknowledged, the earlier message gets its answer.
      await caller.coaching.acknowledgeSafety({ conversationId: conversation.id });
      const answer = await collectReply(caller, conversation.id, before.userMessageId);
      expect(answer.text).toBe('Respuesta del modelo');
      expect(fake.requests).toHaveLength(1);
    },
  );

  it.skipIf(TEST_DIALECT !== 'postgres')(
    'two instances: an answer streaming on one while the crisis message lands on the other is not kept, and no stage moves',
    async () => {
      const a = app();
      // A second app in the same test shares its database (pg-test-setup.ts): another instance.
      const b = app();
      const { cookie } = await signedIn(a);
      const onA = a.callerFor(cookie);
      const onB = b.callerFor(cookie);
      const session = await onA.coaching.start({ kind: 'session' });
      const before = await onA.coaching.send({ conversationId: session.id, content: 'Me cuesta delegar', clientMessageId: crypto.randomUUID() });
      const stageBefore = (await a.deps.repos.coaching.findConversation(session.id))?.stage;
      fake.reply({ kind: 'text', text: 'Respuesta lenta del modelo', delayMs: 400 });
      const streaming = collectReply(onA, session.id, before.userMessageId);
      await vi.waitFor(() => expect(fake.openRequests()).toBe(1), { timeout: 5_000, interval: 10 });
      expect((await say(onB, session.id, 'me kiero morir')).safety).toBe(true);
      await expect(streaming).rejects.toMatchObject({ code: 'FORBIDDEN', message: AWAITING_ACKNOWLEDGEMENT_MESSAGE });
      expect(await a.deps.repos.coaching.findReply(before.userMessageId)).toBeUndefined();
      expect(await b.deps.repos.coaching.findConversation(session.id)).toMatchObject({ status: 'flagged', stage: stageBefore });
    },
  );

  it('refuses to acknowledge a conversation that was never paused, or someone else’s', async () => {
    const t = app();
    const a = await signedIn(t);
    const b = await signedIn(t);
    const chat = await a.caller.coaching.start({ kind: 'chat' });
    await expect(a.caller.coaching.acknowledgeSafety({ conversationId: chat.id })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'Esta conversación no está en pausa',
    });
    await say(a.caller, chat.id, 'quisiera morirme');
    await expect(b.caller.coaching.acknowledgeSafety({ conversationId: chat.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await a.caller.coaching.conversation({ id: chat.id })).status).toBe('flagged');
  });

  it.each([
    'quiero acabar con todo el trabajo pendiente hoy',
    'estoy haciendo un curso sobre prevención del suicidio',
    'me mata este proyecto',
    'hay que matar el proceso que se ha quedado colgado',
    'no pienso tirar la toalla con este ascenso',
  ])('a hard negative goes through to the model: %j', async (message) => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, message);
    expect(result).toMatchObject({ safety: false, text: 'Respuesta del modelo' });
    expect(fake.requests).toHaveLength(1);
    expect(lastPrompt(fake)).toContain(message);
    expect((await caller.coaching.conversation({ id: chat.id })).status).toBe('active');
  });

  it('a saved journal entry is screened: saved anyway, with the helplines in the answer, and no model call', async () => {
    const t = app();
    const { caller, user } = await signedIn(t);
    const saved = await caller.journaling.create({
      mood: 'miedo',
      body: 'Hoy ha sido difícil. Mi pareja me pega y tengo miedo de volver a casa.',
    });
    expect(saved.entry.body).toContain('Mi pareja me pega');
    expect(saved.safety?.category).toBe('partner_violence');
    expect(saved.safety?.message).toBe(SAFETY_ANSWERS.partner_violence.message);
    // 016 first; "tengo miedo de volver a casa" may also add a minor's helplines after it (decision 032).
    expect(saved.safety?.resources.map((r) => r.href).slice(0, 4)).toEqual(HREFS.partner_violence.slice(0, 4));
    expect(saved.safety?.resources.map((r) => r.href)).toEqual(expect.arrayContaining(HREFS.partner_violence));
    expect((await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).map((e) => e.id)).toEqual([saved.entry.id]);

    const plain = await caller.journaling.create({
      mood: 'cansancio',
      body: 'Estoy muerta de cansancio, pero el proyecto me mata de risa a veces.',
    });
    expect(plain.safety).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('the model’s second opinion on messages the local screen lets through (decision 036)', () => {
  const fake = useFakeOpenAIServer();
  beforeEach(() => {
    fake.requests.length = 0;
    fake.screenRequests.length = 0;
    fake.reply({ kind: 'text', text: 'Respuesta del modelo' });
    fake.screenReply({ kind: 'opinion', crisis: false, families: [] });
  });
  const app = () => createTestApp({ coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }) });
  // A message no layer of the local screen routes (checked first), ambiguous enough that only a reader of the whole
  // conversation could tell. A retrained classifier may learn to route it (decision 032): pick another one then.
  const MISSED = 'Hoy he ordenado los papeles del seguro y he dejado todo apuntado para mi hermana.';

  it('is asked about a message the local screen lets through', () => {
    expect(screenForSafety(MISSED)).toBeNull();
  });

  it('adds a route the local screen missed: the family’s fixed answer, the conversation paused, no coach reply asked', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.screenReply({ kind: 'opinion', crisis: true, families: ['suicidal_active', 'immediate_danger'] });
    const result = await say(caller, chat.id, MISSED);
    expect(result.safety).toBe(true);
    // The most urgent family leads; both families’ helplines are there.
    expect(result.text).toBe(SAFETY_ANSWERS.immediate_danger.message);
    const stored = await caller.coaching.conversation({ id: chat.id });
    expect(stored.status).toBe('flagged');
    expect(stored.messages.find((m) => m.role === 'assistant')?.safety?.resources.map((r) => r.href)).toEqual(HREFS.immediate_danger);
    expect((await t.deps.repos.coaching.findConversation(chat.id))?.safetyCategory).toBe('immediate_danger,suicidal_active');
    expect(fake.requests).toHaveLength(0);
    // The request: structured output with the crisis schema, the message as data, a small output cap.
    expect(fake.screenRequests).toHaveLength(1);
    const body = fake.screenRequests[0]?.body as { messages: Array<{ role: string; content: string }>; max_tokens?: number; max_completion_tokens?: number };
    expect(body.messages.at(-1)?.content).toContain(MISSED);
    expect(body.messages[0]?.role).toBe('system');
  });

  it('never removes a route: a message the local screen routes is not even asked about', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.screenReply({ kind: 'opinion', crisis: false, families: [] });
    const result = await say(caller, chat.id, 'me kiero morir');
    expect(result).toMatchObject({ safety: true, text: SAFETY_ANSWERS.suicidal_passive.message });
    expect(fake.screenRequests).toHaveLength(0);
  });

  it('a "no" changes nothing: the message goes to the coach as usual', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const result = await say(caller, chat.id, MISSED);
    expect(result).toMatchObject({ safety: false, text: 'Respuesta del modelo' });
    expect(fake.screenRequests).toHaveLength(1);
  });

  it.each([
    ['an HTTP error', { kind: 'error', status: 500 }],
    ['an answer that is not the schema', { kind: 'content', text: '{"crisis":"quizá"}' }],
    ['a family outside the catalogue', { kind: 'content', text: '{"crisis":true,"families":["rm -rf"]}' }],
    ['silence past the 3 s budget', { kind: 'hang' }],
  ] as const)(
    '%s means no opinion: the local screen decides and the turn goes on, logged',
    async (_name, reply) => {
      const t = app();
      const warn = vi.spyOn(t.deps.logger, 'warn');
      const { caller } = await signedIn(t);
      const chat = await caller.coaching.start({ kind: 'chat' });
      fake.screenReply(reply);
      const started = Date.now();
      const result = await say(caller, chat.id, MISSED);
      expect(result).toMatchObject({ safety: false, text: 'Respuesta del modelo' });
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(warn).toHaveBeenCalledWith('crisis second opinion unavailable: the local screen decides', expect.objectContaining({ where: 'message' }));
    },
    20_000,
  );

  it('a journal entry gets the second opinion too: saved, with the family’s helplines', async () => {
    const t = app();
    const { caller } = await signedIn(t);
    fake.screenReply({ kind: 'opinion', crisis: true, families: ['eating_disorder_danger'] });
    const saved = await caller.journaling.create({ mood: 'cansancio', body: 'Hoy tampoco he probado bocado y ya me mareo al levantarme, pero da igual.' });
    expect(saved.entry.id).toBeTruthy();
    expect(saved.safety?.category).toBe('eating_disorder_danger');
    expect(saved.safety?.resources.map((r) => r.href)).toEqual(HREFS.eating_disorder_danger);
  });

  it('is not asked when AI_CRISIS_SECOND_OPINION=off', async () => {
    const t = createTestApp({ coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }), env: { AI_CRISIS_SECOND_OPINION: 'off' } });
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    fake.screenReply({ kind: 'opinion', crisis: true, families: ['suicidal_active'] });
    const result = await say(caller, chat.id, MISSED);
    expect(result).toMatchObject({ safety: false, text: 'Respuesta del modelo' });
    expect(fake.screenRequests).toHaveLength(0);
  });

  it('is not asked once the person’s daily token budget is spent (the reply would be refused too)', async () => {
    const t = createTestApp({ coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }), env: { AI_DAILY_TOKEN_BUDGET_PER_USER: '100' } });
    const { caller, user } = await signedIn(t);
    await t.deps.repos.coaching.addUsage(user.id, '2026-11-22', { inputTokens: 100, outputTokens: 0 });
    const chat = await caller.coaching.start({ kind: 'chat' });
    await caller.coaching.send({ conversationId: chat.id, content: MISSED, clientMessageId: crypto.randomUUID() });
    expect(fake.screenRequests).toHaveLength(0);
  });
});

describe('the second opinion with the offline coach', () => {
  it('is never asked: the local screen alone decides, as before', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const { safety } = await caller.coaching.send({
      conversationId: chat.id,
      content: 'Hoy he ordenado los papeles del seguro y he dejado todo apuntado para mi hermana.',
      clientMessageId: crypto.randomUUID(),
    });
    expect(safety).toBe(false);
  });
});

describe('crisis safety with the offline coach', () => {
  it('careful mode after the acknowledgement: a supportive answer without career goals', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    const crisis = await say(caller, chat.id, 'me corto los brazos');
    expect(crisis.text).toBe(SAFETY_ANSWERS.self_harm.message);
    await caller.coaching.acknowledgeSafety({ conversationId: chat.id });
    const next = await say(caller, chat.id, 'Quiero seguir hablando un poco');
    expect(next.safety).toBe(false);
    expect(next.text).toMatch(/024/);
    expect(next.text).not.toMatch(/liderar|objetivo de|equipo|ascenso|productiv/i);
  });

  it.each([
    ['partner_violence', 'mi pareja me pega y tengo miedo', /016/, /\b024\b/],
    ['child_abuse', 'tengo 14 años y mi padre me pega', /900 20 20 10/, /\b016\b/],
    ['overdose_poisoning', 'me he tomado dos cajas de paracetamol hace una hora', /112/, /\b016\b/],
  ] as const)('careful mode after %s reminds of that family’s helplines, not another’s', async (_family, message, shows, hides) => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });
    expect((await say(caller, chat.id, message)).safety).toBe(true);
    await caller.coaching.acknowledgeSafety({ conversationId: chat.id });
    const next = await say(caller, chat.id, 'Quiero seguir hablando un poco');
    expect(next.safety).toBe(false);
    expect(next.text).toMatch(shows);
    expect(next.text).not.toMatch(hides);
  });
});

/** A person whose coach is the fake model: `crisis` said in a chat and its answer acknowledged (careful mode on). */
async function acknowledgedCrisisWithModel(fake: FakeOpenAIServer, crisis: string) {
  fake.reply({ kind: 'text', text: 'Aquí sigo.' });
  const t = createTestApp({ coachProvider: fakeModelProvider(fake, { timeoutMs: 3000 }) });
  const { caller } = await signedIn(t);
  const chat = await caller.coaching.start({ kind: 'chat' });
  await say(caller, chat.id, crisis);
  await caller.coaching.acknowledgeSafety({ conversationId: chat.id });
  return { caller, chat };
}

describe('careful mode with a model: the instruction names the family’s helplines', () => {
  const fake = useFakeOpenAIServer();
  it('after partner violence the model is told to remind of 016', async () => {
    const { caller, chat } = await acknowledgedCrisisWithModel(fake, 'mi pareja me pega y tengo miedo');
    await say(caller, chat.id, '¿Me ayudas a preparar la reunión de mañana?');
    const prompt = lastPrompt(fake);
    expect(prompt).toMatch(/modo cuidadoso/i);
    expect(prompt).toContain('El 016 atiende las 24 horas');
    expect(prompt).toMatch(/ayúdale con suavidad/);
  });
});

describe('careful mode follows the person for 72 hours, across conversations (decision 032)', () => {
  it('a new chat, a guided journaling chat and a session after a crisis elsewhere are careful, with that family’s helpline; after 72 hours they are not', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const crisisChat = await caller.coaching.start({ kind: 'chat' });
    expect((await say(caller, crisisChat.id, 'mi pareja me pega y tengo miedo')).safety).toBe(true);
    await caller.coaching.acknowledgeSafety({ conversationId: crisisChat.id });

    t.clock.advance(24 * 3_600_000);
    for (const kind of ['chat', 'journal', 'session'] as const) {
      const other = await caller.coaching.start({ kind });
      const answer = await say(caller, other.id, 'Quiero seguir hablando un poco');
      expect(answer.safety, kind).toBe(false);
      expect(answer.text, kind).toMatch(/016/);
      expect(answer.text, kind).not.toMatch(/liderar|ascenso|productiv/i);
    }

    // Past 72 hours from the crisis message, a new conversation is an ordinary one again.
    t.clock.advance(48 * 3_600_000 + 60_000);
    const later = await caller.coaching.start({ kind: 'chat' });
    const ordinary = await say(caller, later.id, 'Quiero seguir hablando un poco');
    expect(ordinary.text).not.toMatch(/016/);
  });
});

describe('careful mode across conversations with a model', () => {
  const fake = useFakeOpenAIServer();
  it('reaches the model as the careful instruction in another conversation too', async () => {
    const { caller } = await acknowledgedCrisisWithModel(fake, 'tengo 14 años y mi padre me pega');
    const session = await caller.coaching.start({ kind: 'session' });
    await say(caller, session.id, 'Hoy quiero trabajar en mis objetivos del trimestre');
    const prompt = lastPrompt(fake);
    expect(prompt).toMatch(/modo cuidadoso/i);
    expect(prompt).toContain('900 20 20 10');
  });
});

describe('careful mode reaches the daily plan for 72 hours (decision 032)', () => {
  it('the plan leads with the family’s helplines and holds only gentle practices, without asking the model; after 72 hours the plan is the usual one', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const before = await caller.dailyPlan.generate();
    expect(before.plan?.careful).toBeNull();
    const usual = before.plan?.items.map((item) => item.area);

    const chat = await caller.coaching.start({ kind: 'chat' });
    expect((await say(caller, chat.id, 'me he tomado dos cajas de paracetamol hace una hora')).safety).toBe(true);
    t.clock.advance(3_600_000);

    const plan = vi.spyOn(t.deps.coach, 'plan');
    const { plan: careful } = await caller.dailyPlan.today();
    expect(careful?.careful?.reminder).toContain('112');
    expect(careful?.careful?.reminder).toContain('91 562 04 20');
    expect(careful?.items.map((item) => item.area)).toEqual(['breathing', 'meditation', 'active-breaks']);
    expect(careful?.content).not.toMatch(/href="\/(coaching|fitness)"/);
    expect(careful?.content).toContain('nada que rendir');
    // Asking for another plan gives the same careful one, with no model call and no regeneration spent.
    const again = await caller.dailyPlan.generate({ force: true });
    expect(again.generated).toBe(false);
    expect(again.plan?.careful?.reminder).toBe(careful?.careful?.reminder);
    expect(plan).not.toHaveBeenCalled();
    // Still careful just before 72 hours from the crisis message.
    t.clock.advance(71 * 3_600_000 - 60_000);
    expect((await caller.dailyPlan.today()).plan?.careful).not.toBeNull();

    t.clock.advance(2 * 60_000);
    const after = await caller.dailyPlan.generate();
    expect(after.plan?.careful).toBeNull();
    expect(after.plan?.items.length).toBeGreaterThanOrEqual(3);
    expect(usual?.length).toBeGreaterThanOrEqual(3);
  });

  it('after partner violence the plan reminds of 016, not of another family’s line', async () => {
    const t = createTestApp();
    const { caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'journal' });
    expect((await say(caller, chat.id, 'mi pareja me pega y tengo miedo')).safety).toBe(true);
    const { plan } = await caller.dailyPlan.today();
    expect(plan?.careful?.reminder).toContain('016');
    expect(plan?.careful?.reminder).not.toContain('Toxicológica');
  });
});
