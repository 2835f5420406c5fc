import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { describe, expect, it } from 'vitest';
import { createCoach, offlineCoachReply } from './coach';
import type { CoachContext } from './context';
import { describeLedger } from './context';
import { createOfflineProvider } from './offline-provider';
import { DailyPlanSchema, offlinePlan, renderPlanHtml } from './plan';
import { STATIC_SYSTEM_PROMPT, buildSystemPrompt, turnContext } from './prompts';
import type { StreamEvent } from './provider';
import { extractCommitments, nextStage } from './session';
import { fakeModelProvider, useFakeOpenAIServer } from './testing/fake-model';
import { SAMPLE_PLAN } from './testing/fake-openai-server';

const profile = deriveCoachingProfile(COMPLETE_RESPONSES);
const week = (activities: Array<Record<string, number>>) =>
  activities.map((a, i) => ({
    day: `2026-11-${String(15 + i).padStart(2, '0')}`,
    steps: Object.values(a).reduce((s, n) => s + n * 50, 0),
    activities: a,
  }));

const context: CoachContext = {
  firstName: 'Lucía',
  today: '2026-11-22',
  profile,
  ledger: week([{}, { breathing_short: 2 }, {}, { journaling: 1 }, {}, { audio_ascenso_daily: 1, active_break: 3 }, {}]),
  journalThemes: ['cansancio', 'equipo'],
  openCommitments: [{ id: 'c1', text: 'Delegar la revisión semanal en Marta', createdAt: '2026-11-20' }],
  notes: ['Prefiero sesiones cortas por la mañana'],
};

async function collect(stream: AsyncIterable<StreamEvent>) {
  let text = '';
  let done: StreamEvent | undefined;
  for await (const e of stream) {
    if (e.type === 'delta') text += e.text;
    else done = e;
  }
  return { text, done };
}

describe('prompts', () => {
  it('puts the static part first and the profile after it; the week, journal, commitments and notes go in the turn block', () => {
    const prompt = buildSystemPrompt(context, 'chat');
    expect(prompt.startsWith(STATIC_SYSTEM_PROMPT)).toBe(true);
    expect(buildSystemPrompt({ ...context, firstName: 'Otra' }, 'chat').startsWith(STATIC_SYSTEM_PROMPT)).toBe(true);
    for (const fact of ['Responsable de producto', 'Reuniones', 'Estilo elegido: guía estratégico', 'Lucía']) expect(prompt).toContain(fact);
    // Nothing that changes from day to day lives in the system message.
    for (const daily of ['cansancio', 'Delegar la revisión semanal en Marta', 'Prefiero sesiones cortas por la mañana', describeLedger(context.ledger)]) {
      expect(prompt).not.toContain(daily);
    }
    const turn = turnContext(context);
    for (const fact of ['cansancio', 'Delegar la revisión semanal en Marta', 'Prefiero sesiones cortas por la mañana', describeLedger(context.ledger)]) {
      expect(turn).toContain(fact);
    }
  });

  it('says so when there is no assessment or activity', () => {
    const empty = { ...context, profile: null, ledger: week([{}, {}, {}, {}, {}, {}, {}]), openCommitments: [] };
    expect(buildSystemPrompt(empty, 'chat')).toContain('Todavía no ha completado la evaluación');
    expect(turnContext(empty)).toContain('todavía no ha registrado actividades');
    expect(turnContext(empty)).toContain('Sin compromisos abiertos.');
  });
});

describe('the offline coach', () => {
  it('asks before it advises, and remembers the open commitment without reciting it', () => {
    const first = offlineCoachReply({
      context,
      mode: 'chat',
      history: [{ role: 'user', content: 'Me cuesta delegar' }],
    });
    expect(first).toContain('compromiso abierto');
    expect(first).not.toContain('Delegar la revisión semanal en Marta');
    expect(first).not.toContain('Me cuesta delegar');
    expect(first.trim().endsWith('?')).toBe(true);
    expect(first).not.toMatch(/te propongo/i);
  });

  it('uses the energy drains without statistics, then proposes a step sized to the time available', () => {
    const history = [
      { role: 'user' as const, content: 'Tengo demasiado trabajo' },
      { role: 'assistant' as const, content: '...' },
      { role: 'user' as const, content: 'Hago muchas horas cada día' },
    ];
    const second = offlineCoachReply({ context, mode: 'chat', history });
    expect(second).toContain('las reuniones te restan energía');
    expect(second).not.toMatch(/\d+ (pausas|respiraciones|entradas|audios)/);
    const third = offlineCoachReply({
      context,
      mode: 'chat',
      history: [...history, { role: 'assistant', content: second }, { role: 'user', content: '¿Qué puedo probar esta semana?' }],
    });
    expect(third).toMatch(/\n1\. .+\n2\. /);
    expect(third.trim().endsWith('?')).toBe(true);
  });

  it('walks a structured session through its phases', () => {
    expect(nextStage('check-in')).toBe('goal');
    expect(nextStage('commitments')).toBe('done');
    const goal = offlineCoachReply({
      context,
      mode: 'session',
      stage: 'goal',
      history: [{ role: 'user', content: 'Preparar mi evaluación de desempeño' }],
    });
    expect(goal).not.toContain('Preparar mi evaluación de desempeño');
    expect(goal.trim().endsWith('?')).toBe(true);
  });

  it('guides journaling with the recurring theme', () => {
    expect(offlineCoachReply({ context, mode: 'journal', history: [{ role: 'user', content: 'Hoy ha sido largo' }] })).toContain('cansancio');
  });

  it('streams through createCoach and reports usage', async () => {
    const coach = createCoach(createOfflineProvider());
    const { text, done } = await collect(coach.reply({ context, mode: 'chat', history: [{ role: 'user', content: 'Hola' }] }));
    expect(text).toBe(offlineCoachReply({ context, mode: 'chat', history: [{ role: 'user', content: 'Hola' }] }));
    expect(done).toMatchObject({ type: 'done' });
  });
});

describe('the daily plan', () => {
  it('builds 3–5 linked items from the profile and the week, within the schema', () => {
    const plan = offlinePlan(context);
    expect(DailyPlanSchema.safeParse(plan).success).toBe(true);
    const areas = plan.items.map((i) => i.area);
    expect(areas[0]).toBe('active-breaks'); // meetings drain this user
    expect(areas).toContain('coaching'); // an open commitment to review
    expect(plan.items.find((i) => i.area === 'coaching')?.reason).toContain('Delegar la revisión semanal en Marta');
    expect(plan.items.find((i) => i.area === 'fitness')?.reason ?? '').toMatch(/no has hecho ninguna clase|^$/);
    expect(plan.intro).toContain('Lucía');
  });

  it('renders escaped HTML whose links carry the area class', () => {
    const html = renderPlanHtml({
      intro: '<img src=x onerror=alert(1)> Hola',
      items: [
        { area: 'breathing', title: '<script>alert(1)</script>', reason: '"quoted" & <b>bold</b>', minutes: 4 },
        { area: 'journal', title: 'Diario', reason: 'r', minutes: 10 },
        { area: 'active-breaks', title: 'Pausa', reason: 'r', minutes: 2 },
      ],
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a class="breathing" href="/breathing">');
    expect(html).toContain('<a class="journal" href="/journaling">');
    expect(html).toContain('<a class="active-breaks" href="/active-breaks">');
  });
});

describe('session summaries', () => {
  it('extracts one to three commitments', () => {
    expect(extractCommitments('1. Delegar el informe el lunes\n2. Bloquear 30 min de foco; 3. Hablar con Marta')).toEqual([
      'Delegar el informe el lunes',
      'Bloquear 30 min de foco',
      'Hablar con Marta',
    ]);
    expect(extractCommitments('Salir a caminar el jueves')).toEqual(['Salir a caminar el jueves']);
  });
});

describe('the coach against an OpenAI-compatible server', () => {
  const fake = useFakeOpenAIServer();
  const coach = () => createCoach(fakeModelProvider(fake, { model: 'm' }));

  it('streams the model with the assembled system prompt first and the turn context in the last user message', async () => {
    fake.reply({ kind: 'text', text: '', chunks: ['¿Qué ', 'quieres ', 'lograr?'] });
    const { text } = await collect(coach().reply({ context, mode: 'chat', history: [{ role: 'user', content: 'Hola' }] }));
    expect(text).toBe('¿Qué quieres lograr?');
    const body = fake.requests.at(-1)?.body as { messages: Array<{ role: string; content: string }>; stream: boolean };
    expect(body.stream).toBe(true);
    expect(body.messages[0]?.role).toBe('system');
    expect(body.messages[0]?.content.startsWith(STATIC_SYSTEM_PROMPT)).toBe(true);
    expect(body.messages.at(-1)).toEqual({ role: 'user', content: `${turnContext(context)}\n\nHola` });
  });

  it('takes a plan as JSON-schema structured output', async () => {
    fake.reply({ kind: 'text', text: JSON.stringify(SAMPLE_PLAN) });
    const result = await coach().plan(context);
    expect(result).toMatchObject({ source: 'ai', plan: SAMPLE_PLAN });
    const body = fake.requests.at(-1)?.body as {
      response_format: { type: string; json_schema: { name: string; strict: boolean } };
    };
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'daily_plan', strict: true });
  });

  it.each([
    ['an invalid plan', { kind: 'text' as const, text: JSON.stringify({ intro: 'x', items: [] }) }],
    ['non-JSON', { kind: 'text' as const, text: 'no soy json' }],
    ['an upstream error', { kind: 'error' as const, status: 500 }],
  ])('falls back to the offline plan on %s', async (_label, reply) => {
    fake.reply(reply);
    const result = await coach().plan(context);
    expect(result.source).toBe('offline');
    expect(result.plan).toEqual(offlinePlan(context));
  });

  it('summarises a session with structured commitments, falling back offline', async () => {
    fake.reply({
      kind: 'text',
      text: JSON.stringify({ summary: 'Buena sesión', commitments: ['Delegar el informe'] }),
    });
    expect(await coach().summarizeSession(context, [{ role: 'user', content: 'x' }])).toMatchObject({
      summary: 'Buena sesión',
      commitments: ['Delegar el informe'],
    });
    fake.reply({ kind: 'error', status: 503 });
    const fallback = await coach().summarizeSession(context, [
      { role: 'user', content: 'Llego cansada' },
      { role: 'user', content: 'Quiero preparar la reunión' },
      { role: 'user', content: 'Opciones' },
      { role: 'user', content: 'Preparar la agenda el lunes; hablar con Marta' },
    ]);
    expect(fallback.commitments).toEqual(['Preparar la agenda el lunes', 'hablar con Marta']);
  });
});
