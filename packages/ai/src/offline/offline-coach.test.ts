import type { AddressForm } from '@ascenso/domain/address-form';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { deriveCoachingProfile } from '@ascenso/domain/assessment-profile';
import { BREATHING_PATTERNS } from '@ascenso/domain/breathing';
import { MEDITATIONS } from '@ascenso/domain/meditations';
import { describe, expect, it } from 'vitest';
import { createCoach } from '../coach';
import type { CoachContext, LedgerDay } from '../context';
import { createOfflineProvider, offlineReply } from '../offline-provider';
import type { ChatMessage, StreamEvent } from '../provider';
import { guidedReply, readConversation } from './engine';
import { GENDERED_WORDS, count, duration, normalise } from './language';
import { offlineSessionSummary, offlineWeeklySummary } from './summaries';
import { variedWords } from '../testing/long-messages';
import { TOPICS, type TopicId } from './topics';

const profile = deriveCoachingProfile(COMPLETE_RESPONSES);

function contextFor(addressForm?: AddressForm): CoachContext {
  return {
    firstName: 'Lucía',
    today: '2026-11-22',
    profile,
    ledger: [],
    journalThemes: ['cansancio'],
    openCommitments: [{ id: 'c1', text: 'Delegar la revisión semanal en Marta', createdAt: '2026-11-20' }],
    notes: [],
    ...(addressForm ? { addressForm } : {}),
  };
}

/** The audit's conversation, six user turns; the fourth is a direct question. */
const TURNS = [
  'Me cuesta mucho delegar, al final acabo revisándolo todo yo por la noche',
  'Mi equipo es bastante nuevo y me da miedo que la calidad baje si suelto cosas',
  'Supongo que no me fío de que lo vayan a hacer igual de bien que yo',
  '¿Qué puedo probar esta semana?',
  'Vale, la primera opción me parece la más realista para empezar',
  'El lunes a primera hora se lo propongo a Marta en nuestra reunión semanal',
];

function converse(context: CoachContext, turns = TURNS, mode: 'chat' | 'journal' = 'chat') {
  const history: ChatMessage[] = [];
  const replies: string[] = [];
  for (const content of turns) {
    history.push({ role: 'user', content });
    const reply = guidedReply({ context, mode, history: [...history] });
    history.push({ role: 'assistant', content: reply });
    replies.push(reply);
  }
  return replies;
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.?!:])\s+|\n/)
    .map((s) => s.replace(/^\d+\.\s*/, '').trim())
    .filter((s) => s.length > 0);
}

/** Every run of `n` consecutive words of `source` that also appears in `text` (normalised). */
function copiedRuns(source: string, text: string, n = 6): string[] {
  const words = normalise(source).split(' ');
  const haystack = ` ${normalise(text)} `;
  const runs: string[] = [];
  for (let i = 0; i + n <= words.length; i += 1) {
    const run = words.slice(i, i + n).join(' ');
    if (haystack.includes(` ${run} `)) runs.push(run);
  }
  return runs;
}

const FEMININE = new Set(GENDERED_WORDS.map(([f]) => f));
const MASCULINE = new Set(GENDERED_WORDS.map(([, m]) => m));
const wordsOf = (text: string) => text.toLowerCase().match(/\p{L}+/gu) ?? [];

describe('the guided offline coach: a six-turn transcript', () => {
  const forms: AddressForm[] = ['neutro', 'femenino', 'masculino'];

  it.each(forms)('never repeats a reply or a sentence (%s)', (form) => {
    const replies = converse(contextFor(form));
    expect(new Set(replies).size).toBe(replies.length);
    const all = replies.flatMap(sentences);
    const repeated = all.filter((s, i) => all.indexOf(s) !== i);
    expect(repeated).toEqual([]);
  });

  it.each(forms)('never quotes the user: no «», no run of six words copied (%s)', (form) => {
    const replies = converse(contextFor(form));
    for (const reply of replies) {
      expect(reply).not.toMatch(/[«»"]/);
      for (const turn of TURNS) expect(copiedRuns(turn, reply)).toEqual([]);
    }
    // Nor the open commitment's text: it is mentioned, not recited.
    expect(replies[0]).toContain('compromiso abierto');
    expect(replies.join(' ')).not.toContain('Delegar la revisión semanal en Marta');
  });

  it('follows the arc: open questions first, a concrete delegation suggestion on the direct question, then a plan and a summary', () => {
    const replies = converse(contextFor());
    // Before the direct question nothing is advised, and every turn ends with one open question.
    for (const reply of replies.slice(0, 3)) {
      expect(reply.trim().endsWith('?')).toBe(true);
      expect(reply).not.toMatch(/\n1\. /);
    }
    const delegation = TOPICS.find((t) => t.id === 'delegacion')?.suggestions ?? [];
    const answer = replies[3] ?? '';
    expect(answer).toMatch(/la delegación/);
    expect(delegation.filter((s) => answer.includes(s))).toHaveLength(2);
    // Then a plan question sized to the profile's time, then a summary that asks nothing.
    expect(replies[4]).toMatch(/15 minutos/);
    expect(replies[4]?.trim().endsWith('?')).toBe(true);
    expect(replies[5]).toMatch(/resumen/i);
    expect(replies[5]).not.toContain('?');
  });

  it('uses the profile in the coach voice: "liderar mejor a tu equipo", never "a mi equipo"; no statistics', () => {
    const text = converse(contextFor()).join('\n');
    expect(text).toContain('liderar mejor a tu equipo');
    expect(text).not.toMatch(/a mi equipo/);
    expect(text).not.toMatch(/\d+ (sesiones|audios|pausas|entradas|respiraciones|consultas|clases|pasos)\b/);
    expect(text).not.toMatch(/Esta semana has sumado/);
  });

  it('agrees with each form of address: feminine, masculine, or no gendered word at all', () => {
    const produced = (form: AddressForm) => wordsOf(converse(contextFor(form)).join(' '));
    const feminine = produced('femenino');
    expect(feminine.some((w) => FEMININE.has(w))).toBe(true);
    expect(feminine.filter((w) => MASCULINE.has(w))).toEqual([]);
    const masculine = produced('masculino');
    expect(masculine.some((w) => MASCULINE.has(w))).toBe(true);
    expect(masculine.filter((w) => FEMININE.has(w))).toEqual([]);
    for (const neutral of [produced('neutro'), wordsOf(converse(contextFor()).join(' '))]) {
      expect(neutral.filter((w) => FEMININE.has(w) || MASCULINE.has(w))).toEqual([]);
    }
  });

  it('names a challenge of the assessment when the topic is one of them', () => {
    const turns = ['Me cuesta delegar en mi equipo', 'Acabo haciéndolo todo yo'];
    const replies = converse(
      {
        ...contextFor(),
        profile: { ...profile, relationshipIssues: [{ value: 'delegar', label: 'Me cuesta delegar' }] },
      },
      turns,
    );
    expect(replies[1]).toMatch(/retos/);
  });

  it('is deterministic: the same conversation gets the same replies', () => {
    expect(converse(contextFor('femenino'))).toEqual(converse(contextFor('femenino')));
  });

  it('asks permission before advising, and advises when the user says yes', () => {
    const context = contextFor();
    const turns = [
      'Me siento invisible en mi empresa, nadie ve lo que hago',
      'Llevo dos años en el mismo puesto',
      'Me gustaría que mi jefa supiera lo que aporto',
      'No sé muy bien por dónde tirar',
    ];
    const replies = converse(context, turns);
    expect(replies[3]).toMatch(/ideas|opciones/);
    expect(replies[3]?.trim().endsWith('?')).toBe(true);
    const history: ChatMessage[] = turns.flatMap((content, i) => [
      { role: 'user' as const, content },
      { role: 'assistant' as const, content: replies[i] ?? '' },
    ]);
    const yes = guidedReply({
      context,
      mode: 'chat',
      history: [...history, { role: 'user', content: 'Sí, cuéntamelas' }],
    });
    const visibility = TOPICS.find((t) => t.id === 'visibilidad')?.suggestions ?? [];
    expect(visibility.filter((s) => yes.includes(s))).toHaveLength(2);
    const no = guidedReply({
      context,
      mode: 'chat',
      history: [...history, { role: 'user', content: 'No, prefiero seguir hablando' }],
    });
    expect(visibility.some((s) => no.includes(s))).toBe(false);
    expect(no.trim().endsWith('?')).toBe(true);
  });
});

describe('long messages', () => {
  // Their cost is a benchmark (bench/src/offline-coach.ts, a ratio against short turns in the same run), not a
  // timed test: here, thirty 4 000-character turns of varied words each get a reply of the coach's own.
  it('answers thirty 4 000-character turns of varied words, each with a reply of its own', () => {
    const words = variedWords(7);
    const message = () => words.next(4000);
    const history: ChatMessage[] = [];
    for (let i = 0; i < 30; i += 1) {
      history.push({ role: 'user', content: message() });
      const reply = guidedReply({ context: contextFor(), mode: 'chat', history: [...history] });
      expect(reply.trim().length).toBeGreaterThan(20);
      // Its own words, not the message read back.
      expect(history[history.length - 1]?.content.includes(reply.slice(0, 40))).toBe(false);
      history.push({ role: 'assistant', content: reply });
    }
  });
});

describe('a bare greeting', () => {
  it('is greeted back with an open question, reflecting nothing that was not said', () => {
    for (const hello of ['Hola', 'buenas tardes!', 'holaaa']) {
      const reply = guidedReply({ context: contextFor(), mode: 'chat', history: [{ role: 'user', content: hello }] });
      expect(reply).toMatch(/^Hola, Lucía\./);
      expect(reply).not.toMatch(/Parece que|Suena a/);
      expect(reply.trim().endsWith('?')).toBe(true);
    }
  });
});

describe('long conversations', () => {
  const turns = [
    'hola',
    'no sé',
    'pues nada, el trabajo',
    'sí',
    'vale',
    'no',
    'ok',
    'gracias',
    'jaja',
    'bueno',
    'otra cosa: mi jefe me critica en público',
    'hasta luego',
    'gracias',
    'adiós',
  ];
  it.each(['chat', 'journal'] as const)('never repeats a whole reply in fourteen %s turns, with or without a profile', (mode) => {
    for (const context of [contextFor('femenino'), { ...contextFor(), profile: null, openCommitments: [] }]) {
      const replies = converse(context, turns, mode);
      expect(new Set(replies).size).toBe(replies.length);
      for (const reply of replies) expect(reply).not.toMatch(/[«»]/);
    }
  });
});

describe('topics', () => {
  const samples: Array<[TopicId, string]> = [
    ['delegacion', 'no consigo delgar nada, lo hago todo yo'],
    ['carga', 'tengo demasiado trabajo y hago horas extra cada día'],
    ['conflicto', 'tengo un conflicto con un compañero y chocamos en cada reunion'],
    ['feedback', 'tengo que dar feedback a una persona de mi equipo'],
    ['ascenso', 'quiero pedir un ascenso este año'],
    ['visibilidad', 'siento que nadie ve mi trabajo, me falta visibilidad'],
    ['impostor', 'tengo sindrome del impostor, siento que no estoy a la altura'],
    ['agotamiento', 'estoy quemadísima y agotada, no duermo'],
    ['equilibrio', 'no consigo conciliar con mi familia, me llevo el trabajo a casa'],
    ['conversacion', 'tengo una conversación difícil pendiente con mi jefa'],
    ['cambio', 'kiero kambiar de sector, me planteo dejar mi trabajo'],
    ['motivacion', 'estoy desmotivadooo, no tengo ganas de nada y lo pospongo todo'],
  ];

  it.each(samples)('recognises %s, tolerant of typos, accents and repeated letters', (id, message) => {
    expect(readConversation([message]).topic?.id).toBe(id);
  });

  it('has several reviewed suggestions per topic, none quoting with «»', () => {
    for (const topic of TOPICS) {
      expect(topic.suggestions.length).toBeGreaterThanOrEqual(3);
      for (const s of topic.suggestions) expect(s).not.toMatch(/[«»]/);
    }
  });

  it('names app practices with their real titles and lengths from the catalogue', () => {
    const all = TOPICS.flatMap((t) => t.suggestions).join('\n');
    const night = MEDITATIONS.find((m) => m.id === 'antes-de-dormir');
    expect(all).toContain(`el audio ${night?.title} (${duration(night?.durationSeconds ?? 0)})`);
    expect(all).toContain('el audio Antes de dormir (10 minutos)');
    const square = BREATHING_PATTERNS.find((p) => p.id === 'cuadrada');
    expect(all).toContain(`${square?.defaultMinutes} minutos`);
    expect(all).toContain('la respiración cuadrada (4-4-4-4) de la app, 3 minutos');
  });

  it('answers a direct question with a suggestion of the topic it recognised, even on the first turn', () => {
    const reply = guidedReply({
      context: contextFor(),
      mode: 'chat',
      history: [{ role: 'user', content: 'Tengo una conversación difícil con mi jefe mañana, ¿alguna idea?' }],
    });
    const conversation = TOPICS.find((t) => t.id === 'conversacion')?.suggestions ?? [];
    expect(conversation.some((s) => reply.includes(s))).toBe(true);
  });
});

describe('singular and plural', () => {
  it('counts agree in number', () => {
    expect(count(1, 'sesión', 'sesiones')).toBe('1 sesión');
    expect(count(2, 'sesión', 'sesiones')).toBe('2 sesiones');
    expect(count(1, 'compromiso', 'compromisos', true)).toBe('un compromiso');
    expect(count(3, 'compromiso', 'compromisos', true)).toBe('tres compromisos');
    expect(duration(60)).toBe('1 minuto');
    expect(duration(80)).toBe('1 minuto y 20 segundos');
    expect(duration(600)).toBe('10 minutos');
  });

  it('writes "1 sesión completa, 1 audio del archivo" in the weekly summary, with neutral wording', () => {
    const ledger: LedgerDay[] = [
      { day: '2026-11-21', steps: 1300, activities: { sesion_completa: 1, audio_ascenso_archive: 1 } },
      { day: '2026-11-22', steps: 140, activities: { active_break: 2 } },
    ];
    const context = { ...contextFor(), ledger };
    const weekly = offlineWeeklySummary(context);
    expect(weekly.highlights).toEqual(expect.arrayContaining(['1 sesión completa', '1 audio del archivo', '2 pausas activas']));
    expect(weekly.message).not.toMatch(/\bactiv[oa]\b/);
    expect(weekly.message).toContain('dos días de siete');
    expect(weekly.message).toContain('liderar mejor a tu equipo');
    expect(weekly.message).not.toMatch(/\b1 (sesiones|audios|pausas)\b/);
  });
});

describe('structured sessions', () => {
  const stages = [
    ['check-in', 'Un 3, vengo con poca energía'],
    ['goal', 'Quiero preparar la conversación de ascenso con mi responsable'],
    ['exploration', 'Ya lo intenté en el uno a uno pero siempre se acaba el tiempo'],
    ['commitments', 'Escribir mis tres logros el martes; pedirle media hora el jueves'],
  ] as const;

  it('gives stage-appropriate replies and closes without a question', () => {
    const history: ChatMessage[] = [];
    const replies: Record<string, string> = {};
    for (const [stage, content] of stages) {
      history.push({ role: 'user', content });
      const reply = guidedReply({ context: contextFor('femenino'), mode: 'session', stage, history: [...history] });
      history.push({ role: 'assistant', content: reply });
      replies[stage] = reply;
    }
    expect(replies['check-in']).toMatch(/energía|ritmo|batería/);
    expect(replies['check-in']).toMatch(/sesión\?$/);
    expect(replies.goal?.trim().endsWith('?')).toBe(true);
    const promotion = TOPICS.find((t) => t.id === 'ascenso')?.suggestions ?? [];
    expect(promotion.filter((s) => replies.exploration?.includes(s))).toHaveLength(2);
    expect(replies.exploration).toMatch(/comprometes/);
    expect(replies.commitments).toContain('dos compromisos');
    expect(replies.commitments).not.toContain('?');
    for (const reply of Object.values(replies)) expect(reply).not.toMatch(/[«»]/);
  });

  it('summarises a session by its topic, without quoting, with agreeing numbers', () => {
    const transcript: ChatMessage[] = stages.flatMap(([, content]) => [
      { role: 'user' as const, content },
      { role: 'assistant' as const, content: 'ok' },
    ]);
    const summary = offlineSessionSummary(transcript);
    expect(summary.commitments).toEqual(['Escribir mis tres logros el martes', 'pedirle media hora el jueves']);
    expect(summary.summary).toContain('tu ascenso');
    expect(summary.summary).toContain('dos compromisos');
    expect(summary.summary).not.toMatch(/[«»]/);
  });
});

describe('careful mode', () => {
  it('supports without career advice and reminds of 024 and 112, varying across turns', () => {
    const history: ChatMessage[] = [];
    const replies: string[] = [];
    for (const content of ['Gracias, ya estoy algo mejor', 'Pero el trabajo me agobia, ¿qué puedo hacer con mi carga de trabajo?', 'Vale']) {
      history.push({ role: 'user', content });
      const reply = guidedReply({ context: contextFor(), mode: 'chat', history: [...history], careful: true });
      history.push({ role: 'assistant', content: reply });
      replies.push(reply);
    }
    const suggestions = TOPICS.flatMap((t) => t.suggestions);
    for (const reply of replies) {
      expect(reply).toMatch(/024/);
      expect(reply).toMatch(/112/);
      expect(suggestions.some((s) => reply.includes(s))).toBe(false);
      expect(reply).not.toMatch(/objetivo de|ascenso|delega/);
    }
    expect(new Set(replies).size).toBe(3);
    const closing = guidedReply({
      context: contextFor(),
      mode: 'session',
      stage: 'commitments',
      history: [{ role: 'user', content: 'Nada más' }],
      careful: true,
    });
    expect(closing).not.toContain('?');
  });
});

describe('journaling and the raw provider', () => {
  it('guides journaling with the recurring theme and reflective questions, no advice', () => {
    const replies = converse(contextFor(), ['Hoy ha sido un día largo', 'Me he sentido cansada toda la tarde', 'Mañana tengo otra reunión larga'], 'journal');
    expect(replies[0]).toContain('cansancio');
    for (const reply of replies) expect(reply.trim().endsWith('?')).toBe(true);
    expect(new Set(replies).size).toBe(3);
  });

  it('streams the same guided text through createCoach and the offline provider', async () => {
    const collect = async (stream: AsyncIterable<StreamEvent>) => {
      let text = '';
      for await (const e of stream) if (e.type === 'delta') text += e.text;
      return text;
    };
    const history: ChatMessage[] = [{ role: 'user', content: TURNS[0] ?? '' }];
    expect(await collect(createCoach(createOfflineProvider()).reply({ context: contextFor(), mode: 'chat', history }))).toBe(
      guidedReply({ context: contextFor(), mode: 'chat', history }),
    );
    const offline = createOfflineProvider();
    const { text } = await offline.complete({ messages: [{ role: 'system', content: 'x' }, ...history] });
    expect(text).toBe(offlineReply(history));
    expect(text).not.toContain(TURNS[0]);
    expect(await collect(offline.stream({ messages: history }))).toBe(text);
    expect(offlineReply([])).toMatch(/^Hola/);
  });
});

describe('feelings read with negation and whole words (decision 032)', () => {
  it.each([
    ['No tengo ganas de nada últimamente', 'sad'],
    ['Llevo semanas sin ilusión por el trabajo', 'sad'],
    ['Tengo muchas ganas de empezar el proyecto nuevo', 'hopeful'],
    ['Estoy contenta con cómo fue la reunión', 'hopeful'],
    ['No estoy cansada, estoy contenta', 'hopeful'],
  ] as const)('%j reads as %s', (message, feeling) => {
    expect(readConversation([message]).feeling).toBe(feeling);
  });

  it('"contestando" is not "contento", and a burnt-out message is never read as hope', () => {
    expect(readConversation(['Me paso el día contestando correos']).feeling).not.toBe('hopeful');
    const reading = readConversation(['Estoy quemada, no tengo ganas de nada y me paso el día contestando correos']);
    expect(reading.feeling).not.toBe('hopeful');
    const reply = guidedReply({ context: contextFor(), mode: 'chat', history: [{ role: 'user', content: 'no tengo ganas de nada' }] });
    expect(reply).not.toMatch(/ilusi[oó]n|con ganas|motivad/i);
  });
});

describe('distress the screen let through (decision 032)', () => {
  const reply = (history: ChatMessage[]) => guidedReply({ context: contextFor(), mode: 'chat', history });

  it.each(['Ya no puedo más con todo, me da todo igual', 'estoy hundida y no veo salida', 'la verdad es que nada tiene sentido ultimamente'])(
    '%j: a plain, warm answer that asks directly about self-harm and names 024, never cheer',
    (message) => {
      const text = reply([
        { role: 'assistant', content: 'Hola. ¿Qué te trae hoy?' },
        { role: 'user', content: message },
      ]);
      expect(text).toMatch(/hacerte daño/);
      expect(text).toMatch(/024/);
      expect(text).not.toMatch(/ilusi[oó]n|con ganas|motivad|¡/i);
    },
  );

  it('asks once: after the answer the conversation goes on as usual', () => {
    const first = reply([{ role: 'user', content: 'no puedo más con el trabajo' }]);
    expect(first).toMatch(/hacerte daño/);
    const second = reply([
      { role: 'user', content: 'no puedo más con el trabajo' },
      { role: 'assistant', content: first },
      { role: 'user', content: 'No, no es eso, es que no puedo más con tantas reuniones' },
    ]);
    expect(second).not.toMatch(/hacerte daño/);
  });

  it('a negated distress word is not distress ("no estoy desesperada")', () => {
    expect(readConversation(['No estoy desesperada, solo cansada de tantas reuniones']).distress).toBe(false);
    expect(readConversation(['Estoy desesperada con tantas reuniones']).distress).toBe(true);
    expect(readConversation(['Hoy ha sido un buen día']).distress).toBe(false);
  });
});
