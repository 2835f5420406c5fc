import { describe, expect, it } from 'vitest';
import {
  chatEvidence,
  countingMessages,
  EVIDENCE_SHORTFALL_MESSAGES,
  isRealWord,
  isSubstantive,
  journalEvidence,
  realWordSet,
  sameAnswers,
  sessionEvidence,
} from './evidence';
import { countWords } from './journal';

const ENTRY =
  'Hoy he tenido una reunión larga con mi equipo y al principio me ha costado concentrarme, porque venía cansada de la semana. ' +
  'Después hemos hablado del proyecto nuevo y me he dado cuenta de que tengo más ideas de las que pensaba. ' +
  'Mañana quiero empezar por la tarea más difícil antes de abrir el correo, y dar un paseo corto al mediodía.';

const journal = (body: string) => journalEvidence(body, countWords(body));

describe('real words', () => {
  it('accepts Spanish, with accents, one-letter words, typos, names and loanwords', () => {
    for (const word of ['reunión', 'construcción', 'y', 'a', 'qiero', 'jira', 'burnout', 'finde', 'pingüino', 'hoy', 'muy', "l'estiu", 'jajaja']) {
      expect(isRealWord(word), word).toBe(true);
    }
  });

  it('refuses filler: single letters, letters repeated, keyboard rows and consonant runs', () => {
    for (const word of ['x', 'z', 'b', 'aaaa', 'mmmm', 'asdf', 'qwerty', 'asdfgh', 'sdfgh', 'zxcv', 'bcdfgh', 'hhh']) {
      expect(isRealWord(word), word).toBe(false);
    }
  });

  it('counts words of other scripts as words', () => {
    expect(realWordSet('これは 日記 です').size).toBe(3);
  });
});

describe('a journal entry earns with 50 words, 20 of them distinct and real', () => {
  it('earns for a real entry', () => {
    expect(journal(ENTRY)).toMatchObject({ earns: true, shortfall: null });
  });

  it('does not earn for 50 × "bla", and says it repeats', () => {
    const result = journal(Array.from({ length: 50 }, () => 'bla').join(' '));
    expect(result).toMatchObject({ words: 50, distinctWords: 1, earns: false, shortfall: 'journal_repetitive' });
  });

  it('does not earn for a sentence pasted five times (13 distinct words)', () => {
    const body = Array.from({ length: 5 }, () => 'Hoy he tenido un día muy largo en el trabajo y estoy cansado.').join(' ');
    expect(journal(body)).toMatchObject({ earns: false, shortfall: 'journal_repetitive' });
  });

  it('does not earn for keyboard mash, however long', () => {
    const body = Array.from({ length: 60 }, (_, i) => ['asdf', 'qwer', 'zxcv', 'hjkl', 'sdfg', 'x', 'bbb'][i % 7]).join(' ');
    expect(journal(body)).toMatchObject({ earns: false, shortfall: 'journal_repetitive' });
  });

  it('does not earn under 50 words, and says it is short', () => {
    expect(journal('Un día tranquilo, con tiempo para leer y pasear por el parque.')).toMatchObject({ earns: false, shortfall: 'journal_short' });
  });

  it('has a Spanish sentence for every reason', () => {
    for (const message of Object.values(EVIDENCE_SHORTFALL_MESSAGES)) expect(message).toMatch(/^[A-ZÁÉÍÓÚÑ¿¡].+\.$/u);
  });
});

describe('messages that count', () => {
  it('says something: three real words and twelve letters', () => {
    expect(isSubstantive('Mañana tengo una reunión difícil con mi jefa')).toBe(true);
    expect(isSubstantive('Estoy muy cansada')).toBe(true);
    for (const text of ['x', 'y', 'z', 'a b c', 'ok', 'sí, vale', 'bla bla bla', 'asdf qwer zxcv', '???', '1234 5678']) {
      expect(isSubstantive(text), text).toBe(false);
    }
  });

  it('counts a message once: the same words again (or nearly) do not count twice', () => {
    const counted = countingMessages(
      ['Tengo una reunión difícil mañana', 'tengo una reunión difícil mañana!!', 'Tengo mañana una reunión muy difícil', 'No sé cómo decirle que no a mi jefe'],
      (m) => m,
    );
    expect(counted).toEqual(['Tengo una reunión difícil mañana', 'No sé cómo decirle que no a mi jefe']);
  });

  it('a chat earns with three different messages that say something, not with "x", "y", "z"', () => {
    expect(chatEvidence(['x', 'y', 'z'])).toEqual({ counted: 0, needed: 3, earns: false });
    expect(chatEvidence(['Hola, necesito ayuda', 'Hola, necesito ayuda', 'Hola, necesito ayuda'])).toMatchObject({ counted: 1, earns: false });
    expect(
      chatEvidence(['Me cuesta desconectar del trabajo por la noche', 'Suelo mirar el correo antes de dormir', 'Podría dejar el móvil fuera del dormitorio']),
    ).toEqual({ counted: 3, needed: 3, earns: true });
  });

  it('a session earns with three stages answered with substance, not with "a"/"b"', () => {
    const stages = ['check-in', 'goal', 'exploration', 'commitments'];
    expect(sessionEvidence(stages.map((stage, i) => ({ stage, content: i % 2 ? 'b' : 'a' })))).toMatchObject({ stages: 0, earns: false });
    const real = [
      'Bastante cansada, la semana ha sido intensa',
      'Quiero preparar la conversación con mi jefa sobre el ascenso',
      'Me frena pensar que va a decir que no y quedar mal',
      'Escribiré tres argumentos el jueves por la mañana',
    ];
    expect(sessionEvidence(stages.map((stage, i) => ({ stage, content: real[i] as string })))).toMatchObject({ stages: 4, earns: true });
    // The same answer pasted in every stage counts for one stage.
    expect(sessionEvidence(stages.map((stage) => ({ stage, content: real[1] as string })))).toMatchObject({ stages: 1, earns: false });
    // Two stages answered, two with "ok": not a complete session.
    expect(sessionEvidence(stages.map((stage, i) => ({ stage, content: i < 2 ? (real[i] as string) : 'ok' })))).toMatchObject({ stages: 2, earns: false });
  });
});

describe('the same assessment answers', () => {
  it('are the same whatever the key order or the order of a multiple choice', () => {
    expect(sameAnswers({ a: 1, b: ['x', 'y'], c: { d: 'e' } }, { c: { d: 'e' }, b: ['y', 'x'], a: 1 })).toBe(true);
    expect(sameAnswers({ a: 1, b: ['x'] }, { a: 2, b: ['x'] })).toBe(false);
    expect(sameAnswers({ a: 1 }, { a: 1, b: 'nuevo' })).toBe(false);
  });
});
