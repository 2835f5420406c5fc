import { ACTIVE_BREAKS } from '@ascenso/domain/active-breaks';
import { COACHING_STYLE } from '@ascenso/domain/assessment-options';
import { AssessmentEvaluationSchema } from '@ascenso/domain/assessment-evaluation';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { BREATHING_PATTERNS } from '@ascenso/domain/breathing';
import { FITNESS_CLASSES } from '@ascenso/domain/fitness';
import { MEDITATIONS } from '@ascenso/domain/meditations';
import { describe, expect, it } from 'vitest';
import { buildReplyMessages, createCoach, WeeklySummarySchema } from './coach';
import type { CoachContext, LedgerDay } from './context';
import { TRIM_STEP_TURNS, trimHistory } from './history';
import { refusedKeywordsIn, strictJsonSchema, STRICT_REFUSED_KEYWORDS } from './json-schema';
import { DailyPlanSchema } from './plan';
import { STAGE_INSTRUCTIONS, STATIC_SYSTEM_PROMPT, STYLE_GUIDES, activityCatalogue, describeProfile } from './prompts';
import { ProviderError, type ChatMessage } from './provider';
import { SessionSummarySchema } from './session';
import { fakeModelProvider, useFakeOpenAIServer } from './testing/fake-model';

const profile = deriveCoachingProfile(COMPLETE_RESPONSES);
const week = (activities: Array<Record<string, number>>): LedgerDay[] =>
  activities.map((a, i) => ({
    day: `2026-11-${String(16 + i).padStart(2, '0')}`,
    steps: Object.keys(a).length * 100,
    activities: a,
  }));
const context: CoachContext = {
  firstName: 'Lucía',
  today: '2026-11-22',
  profile,
  ledger: week([{}, { breathing_short: 1 }, {}, {}, {}, {}, {}]),
  journalThemes: ['cansancio'],
  openCommitments: [{ id: 'c1', text: 'Delegar el informe', createdAt: '2026-11-20T10:00:00Z' }],
  notes: ['Prefiero sesiones cortas'],
};

const turns = (n: number, chars = 200): ChatMessage[] =>
  Array.from({ length: n }, (_, i) => [
    { role: 'user' as const, content: `Usuario ${i}. ${'x'.repeat(chars)}` },
    { role: 'assistant' as const, content: `Coach ${i}. ${'y'.repeat(chars)}` },
  ]).flat();

describe('the system message', () => {
  it('is byte-identical across turns whatever the per-turn context (ledger after an award, stage, commitments, careful)', () => {
    const snapshot = describeProfile(context);
    const first = buildReplyMessages({
      context,
      mode: 'session',
      history: [{ role: 'user', content: 'Hola' }],
      stage: 'check-in',
      profileSnapshot: snapshot,
    });
    const later = buildReplyMessages({
      context: {
        ...context,
        today: '2026-11-23',
        ledger: week([{ breathing_short: 1 }, {}, {}, {}, {}, {}, { consulta_rapida: 1, sesion_completa: 1 }]),
        openCommitments: [],
        notes: [],
        journalThemes: ['alegría'],
        // A new assessment meanwhile: the frozen snapshot still rules the conversation.
        profile: null,
      },
      mode: 'session',
      history: [...turns(2), { role: 'user', content: 'Sigo' }],
      stage: 'commitments',
      careful: true,
      profileSnapshot: snapshot,
    });
    expect(later[0]).toEqual(first[0]);
    expect(first[0]?.content.startsWith(STATIC_SYSTEM_PROMPT)).toBe(true);
    expect(later.at(-1)?.content).toContain(STAGE_INSTRUCTIONS.commitments);
    expect(later.at(-1)?.content).toContain('Modo cuidadoso');
    expect(later.at(-1)?.content).toContain('1 consulta rápida');
    expect(first.at(-1)?.content).toContain(STAGE_INSTRUCTIONS['check-in']);
    // The date and the local hour travel with the turn, never in the system message.
    const late = buildReplyMessages({
      context: { ...context, localHour: 23 },
      mode: 'chat',
      history: [{ role: 'user', content: 'Hola' }],
      profileSnapshot: snapshot,
    });
    expect(late.at(-1)?.content).toContain('Hoy es domingo, 22 de noviembre de 2026; son las 23 h en su zona horaria.');
    expect(late[0]?.content).not.toContain('22 de noviembre');
  });

  it('has the helplines, the motivational-interviewing method and the real activity catalogue in its static part', () => {
    for (const line of ['024', '016', 'ANAR 900 20 20 10', '112']) expect(STATIC_SYSTEM_PROMPT).toContain(line);
    for (const skill of ['Preguntas abiertas', 'Reflejos', 'Afirmaciones', 'Resúmenes', 'Pide permiso antes de aconsejar'])
      expect(STATIC_SYSTEM_PROMPT).toContain(skill);
    const catalogue = activityCatalogue();
    for (const p of BREATHING_PATTERNS) expect(catalogue).toContain(`${p.name} (/breathing/${p.id}`);
    for (const b of ACTIVE_BREAKS) expect(catalogue).toContain(b.title);
    for (const c of FITNESS_CLASSES) expect(catalogue).toContain(c.title);
    for (const m of MEDITATIONS) expect(catalogue).toContain(`${m.title} (/meditations/${m.id}`);
    expect(catalogue).toContain('/journaling');
    expect(STATIC_SYSTEM_PROMPT).toContain(catalogue);
  });

  it('adapts to every coachingStyle of the assessment', () => {
    for (const { value } of COACHING_STYLE.list) {
      expect(STYLE_GUIDES[value]).toMatch(/^Estilo elegido: /);
      const styled = { ...context, profile: { ...profile, preferredStyle: { value, label: value } } };
      expect(describeProfile(styled)).toContain(STYLE_GUIDES[value]);
    }
  });

  it('the closing instruction ends the session without a question', () => {
    expect(STAGE_INSTRUCTIONS.commitments).toMatch(/No hagas ninguna pregunta/);
    expect(STAGE_INSTRUCTIONS.commitments).not.toContain('?');
  });
});

describe('history trimmed by tokens', () => {
  it('always starts with a user turn (a leading coach opener is left out) and keeps everything that fits', () => {
    const history: ChatMessage[] = [{ role: 'assistant', content: 'Hola, ¿cómo llegas hoy?' }, ...turns(2), { role: 'user', content: 'Último' }];
    const { messages, summary } = trimHistory(history, 3000);
    expect(messages[0]?.role).toBe('user');
    expect(messages).toHaveLength(5);
    expect(summary).toBeNull();
  });

  it('fits the budget, keeps the latest user message, and summarises the older turns', () => {
    const history = [...turns(30), { role: 'user' as const, content: 'Último mensaje' }];
    const { messages, summary, dropped } = trimHistory(history, 1000);
    expect(messages[0]?.role).toBe('user');
    expect(messages.at(-1)?.content).toBe('Último mensaje');
    const tokens = messages.reduce((sum, m) => sum + Math.ceil(m.content.length / 4) + 4, 0);
    expect(tokens).toBeLessThanOrEqual(1000);
    expect(dropped).toBe(history.length - messages.length);
    expect(summary).toContain('«Usuario 0.');
    expect(summary).toMatch(/^en \d+ mensajes anteriores/);
  });

  it('moves the cut in steps, so the first kept message and the summary stay the same for several turns', () => {
    const seen = new Set<string>();
    for (let n = 20; n < 20 + TRIM_STEP_TURNS; n += 1) {
      const { messages, summary } = trimHistory([...turns(n), { role: 'user', content: 'Ahora' }], 1500);
      seen.add(`${messages[0]?.content}|${summary}`);
    }
    expect(seen.size).toBeLessThanOrEqual(2);
  });

  it('sends the summary in the turn context of the latest message', () => {
    const messages = buildReplyMessages({
      context,
      mode: 'chat',
      history: [...turns(30), { role: 'user', content: 'Y ahora qué' }],
      historyTokenBudget: 800,
    });
    expect(messages[1]?.role).toBe('user');
    expect(messages.at(-1)?.content).toContain('Resumen de la parte anterior de la conversación: en ');
    expect(messages.at(-1)?.content.endsWith('Y ahora qué')).toBe(true);
  });
});

describe('strict JSON schemas', () => {
  it.each([
    ['daily_plan', DailyPlanSchema],
    ['session_summary', SessionSummarySchema],
    ['weekly_summary', WeeklySummarySchema],
    ['assessment_evaluation', AssessmentEvaluationSchema],
  ])('%s has none of the keywords strict mode refuses, closed objects with every property required', (_name, schema) => {
    const json = strictJsonSchema(schema);
    expect(refusedKeywordsIn(json)).toEqual([]);
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (!node || typeof node !== 'object') return;
      const o = node as Record<string, unknown>;
      if (o.type === 'object') {
        expect(o.additionalProperties).toBe(false);
        expect(o.required).toEqual(Object.keys(o.properties as object));
      }
      Object.values(o).forEach(walk);
    };
    walk(json);
  });

  it('tells the model the bounds it left out, in the description', () => {
    const json = strictJsonSchema(DailyPlanSchema) as {
      properties: { intro: { description: string }; items: { description: string } };
    };
    expect(json.properties.intro.description).toMatch(/entre 1 y 300 caracteres/i);
    expect(json.properties.items.description).toMatch(/entre 3 y 5 elementos/i);
    expect(STRICT_REFUSED_KEYWORDS).toContain('minLength');
  });
});

describe('the coach against the fake model', () => {
  const fake = useFakeOpenAIServer();
  const coach = () => createCoach(fakeModelProvider(fake, { model: 'm' }));

  async function run(iterable: AsyncIterable<unknown>) {
    for await (const _ of iterable) {
      // consume
    }
  }

  it('raises an empty answer as a ProviderError with its usage', async () => {
    fake.reply({ kind: 'text', text: '', chunks: [' ', '\n'] });
    const error = await run(coach().reply({ context, mode: 'chat', history: [{ role: 'user', content: 'Hola' }] })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).reason).toBe('empty');
    expect((error as ProviderError).usage).toEqual({ inputTokens: 11, outputTokens: 7 });
  });

  it('raises a cut stream with an estimated usage', async () => {
    fake.reply({ kind: 'truncate', chunks: ['Hola, ', 'te '] });
    const error = (await run(coach().reply({ context, mode: 'chat', history: [{ role: 'user', content: 'Hola' }] })).catch((e: unknown) => e)) as ProviderError;
    expect(error.reason).toBe('truncated');
    expect(error.usage?.inputTokens).toBeGreaterThan(500);
    // 'Hola, te ' is 9 characters: 3 tokens at ~4 characters per token.
    expect(error.usage?.outputTokens).toBe(3);
  });

  it('sends the hashed user as user and safety_identifier, and the cache key', async () => {
    fake.reply({ kind: 'text', text: 'Vale.' });
    await run(
      coach().reply({
        context,
        mode: 'chat',
        history: [{ role: 'user', content: 'Hola' }],
        user: 'a'.repeat(64),
        cacheKey: 'b'.repeat(64),
      }),
    );
    expect(fake.requests.at(-1)?.body).toMatchObject({
      user: 'a'.repeat(64),
      safety_identifier: 'a'.repeat(64),
      prompt_cache_key: 'b'.repeat(64),
    });
  });

  it('validates a plan with zod after the loose schema: an intro over 300 characters falls back offline', async () => {
    const items = [
      { area: 'breathing', title: 'Respiración cuadrada', reason: 'Calma.', minutes: 3 },
      { area: 'journal', title: 'Diario', reason: 'Claridad.', minutes: 5 },
      { area: 'active-breaks', title: 'Cuello', reason: 'Pantalla.', minutes: 2 },
    ];
    fake.reply({ kind: 'text', text: JSON.stringify({ intro: 'x'.repeat(301), items }) });
    const result = await coach().plan(context);
    expect(result).toMatchObject({ source: 'offline', fallback: true });
    expect(result.error?.reason).toBe('invalid');
    expect(result.usage).toEqual({ inputTokens: 11, outputTokens: 7 });
  });
});
