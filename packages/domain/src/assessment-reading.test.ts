import { describe, expect, it } from 'vitest';
import { ASSESSMENT_SECTIONS } from './assessment';
import { evaluateAssessment } from './assessment-evaluation';
import {
  COACHING_STYLE_CLAUSES,
  COMMUNICATION_CLAUSES,
  DEVELOPMENT_PHRASES,
  ENERGY_PHRASES,
  GOAL_PHRASES,
  QUICK_WIN_STEPS,
  SENIORITY_CLAUSES,
  STRENGTH_PHRASES,
  SUPPORT_PHRASES,
  WORK_LOCATION_CLAUSES,
  experiencePhrase,
  industryPhrase,
  rolePhrase,
} from './assessment-phrases';
import { deriveCoachingProfile, type CoachingProfile } from './assessment-profile';
import { readingCases, textsOf, type ReadingCase } from './assessment-reading.fixtures';
import { COMPLETE_RESPONSES } from './assessment.fixtures';
import { proofread, proofreadSentence, sentencesOf } from './spanish-proofreading.testing';
import { capitalise, inlineFreeText, joinList, quoted } from './spanish-text';

/*
 * The written reading of the assessment (/assessment-eval) speaks to the user as "tú"; the wizard's option labels
 * are in the user's own voice ("Liderar mejor a mi equipo", "Aprendo rápido"). These tests generate the reading for
 * every option of every question and every shape of list (assessment-reading.fixtures.ts) and proofread each sentence.
 */

// About ten thousand readings; the three tests that walk them all have a generous timeout for a loaded machine.
const CASES: readonly ReadingCase[] = [...readingCases()];
const read = (overrides: Partial<typeof COMPLETE_RESPONSES>) => evaluateAssessment(deriveCoachingProfile({ ...COMPLETE_RESPONSES, ...overrides }));
const body = (c: ReadingCase, id: string) => c.evaluation.sections.find((s) => s.id === id)?.body ?? '';

/** The join a Spanish editor writes, spelled out here on its own: "a", "a y b", "a, b y c", "e" before an /i/ sound. */
function expectedList(items: readonly string[]): string {
  if (items.length < 2) return items[0] ?? '';
  const last = items.at(-1) as string;
  const and = /^h?[ií]/u.test(last) && !/^hi[aeouáéó]/u.test(last) ? 'e' : 'y';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}
const phrasesOf = <T>(items: readonly { value: string }[], table: Record<string, T>, max = 3) =>
  items
    .map((i) => table[i.value])
    .filter((p): p is T => p !== undefined)
    .slice(0, max);

describe('the written reading of the assessment, for every answer', () => {
  it('has no slip in any sentence, for every option of every question and every shape of list', { timeout: 60_000 }, () => {
    const problems = new Map<string, string>();
    const sentences = new Set<string>();
    for (const c of CASES) {
      for (const { where, text, heading } of textsOf(c.evaluation)) {
        if (heading) {
          // A title: a capital, no full stop, clean spacing.
          if (!/^[¿¡]?\p{Lu}/u.test(text) || /[.]$/u.test(text) || /\s{2,}/u.test(text)) problems.set(`${where}: bad title "${text}"`, c.name);
          continue;
        }
        if (!/[.!?]$/u.test(text)) problems.set(`${where}: no final full stop "${text}"`, c.name);
        for (const sentence of sentencesOf(text)) {
          if (sentences.has(sentence)) continue;
          sentences.add(sentence);
          for (const problem of proofreadSentence(sentence)) problems.set(`${where}: ${problem}: ${sentence}`, c.name);
        }
      }
    }
    expect([...problems].map(([problem, name]) => `${problem}   [${name}]`)).toEqual([]);
    // Thousands of distinct sentences were read: the cases really reach every phrase and list shape.
    expect(sentences.size).toBeGreaterThan(5000);
  });

  it('never writes an option label in the first person ("Liderar mejor a mi equipo") into the reading', { timeout: 60_000 }, () => {
    const labels = ASSESSMENT_SECTIONS.flatMap((s) => s.fields).flatMap((f) => (f.kind === 'select' || f.kind === 'multi' ? f.options : []));
    const firstPerson = labels.map((o) => o.label).filter((label) => proofreadSentence(`${label}.`).some((p) => p.startsWith('first person')));
    // The detector finds the labels the wizard writes in the user's voice.
    expect(firstPerson).toEqual(expect.arrayContaining(['Liderar mejor a mi equipo', 'Aprendo rápido', 'Me cuesta delegar', 'Confianza en mí', 'Moverme más']));
    const texts = new Set(CASES.flatMap((c) => textsOf(c.evaluation).map((t) => t.text.replace(/«[^»]*»/gu, '').toLocaleLowerCase('es'))));
    const pasted = [...texts].filter((text) => firstPerson.some((label) => text.includes(label.toLocaleLowerCase('es'))));
    expect(pasted).toEqual([]);
  });

  it('writes each chosen option as its own phrase, joined as a list, with the words around it agreeing', { timeout: 60_000 }, () => {
    // Collected, then compared once: ten thousand readings, so no expect() per sentence.
    const missing: string[] = [];
    const has = (c: ReadingCase, text: string, part: string) => {
      if (!text.includes(part)) missing.push(`[${c.name}] «${part}» not in «${text}»`);
    };
    for (const c of CASES) {
      const p = c.profile;
      const goals = phrasesOf(p.goals, GOAL_PHRASES);
      if (goals.length) has(c, body(c, 'objetivos'), `En los próximos meses quieres ${expectedList(goals)}.`);

      const strengths = phrasesOf(p.strengths, STRENGTH_PHRASES);
      const areas = phrasesOf(p.developmentAreas, DEVELOPMENT_PHRASES);
      if (strengths.length) has(c, body(c, 'fortalezas'), `Destacas por ${expectedList(strengths)}.`);
      if (areas.length) {
        const subject = strengths.length === 0 ? 'Tu coach' : strengths.length === 1 ? 'Apoyarte en esa fortaleza' : 'Apoyarte en esas fortalezas';
        has(c, body(c, 'fortalezas'), `${subject} te ayudará a ${expectedList(areas)}.`);
      }

      const support = phrasesOf(p.supportNeeds, SUPPORT_PHRASES);
      if (support.length) has(c, body(c, 'estilo'), `Su apoyo se centrará en ayudarte a ${expectedList(support)}.`);
      const style = COACHING_STYLE_CLAUSES[p.preferredStyle.value as keyof typeof COACHING_STYLE_CLAUSES];
      const talk = COMMUNICATION_CLAUSES[p.communicationStyle.value as keyof typeof COMMUNICATION_CLAUSES];
      if (style && talk) has(c, body(c, 'estilo'), `Prefieres que tu coach ${style} y que ${talk}.`);

      const seniority = SENIORITY_CLAUSES[p.seniority.value as keyof typeof SENIORITY_CLAUSES];
      const location = WORK_LOCATION_CLAUSES[p.workLocation.value as keyof typeof WORK_LOCATION_CLAUSES];
      if (seniority && location) has(c, body(c, 'punto-partida'), `${seniority} y ${location}.`);

      for (const part of energyParts(p)) has(c, body(c, 'energia'), part);
      has(c, c.evaluation.firstStep, firstStepOf(p));
    }
    expect(missing).toEqual([]);
  });

  /** What the energy section must say: the verb agrees with its subjects ("Te da energía la autonomía", "Te dan … las reuniones"). */
  function energyParts(p: CoachingProfile): string[] {
    const { boosters, drains, neutral } = p.energy;
    if (!boosters.length && !drains.length) {
      return [
        neutral.length
          ? 'Ninguno de los aspectos que has puntuado te da ni te quita energía de forma clara; tu coach te ayudará a descubrir qué te la da.'
          : 'No has puntuado tus fuentes de energía; tu coach te preguntará por ellas.',
      ];
    }
    const parts: string[] = [];
    for (const [readings, singular, plural] of [
      [boosters, 'da', 'dan'],
      [drains, 'quita', 'quitan'],
    ] as const) {
      if (!readings.length) continue;
      const subjects = phrasesOf(
        readings.map((r) => ({ value: r.factor })),
        ENERGY_PHRASES,
      );
      // One singular subject takes a singular verb; "las reuniones", or two subjects or more, a plural one.
      const verb = subjects.length === 1 && !subjects[0]?.plural ? singular : plural;
      const most = readings.length > 3 ? 'sobre todo ' : '';
      parts.push(`Te ${verb} energía ${most}${expectedList(subjects.map((s) => s.text))}`);
    }
    return parts;
  }

  function firstStepOf(p: CoachingProfile): string {
    const minutes = Math.min(p.timeAvailability.minutesPerDay, 15);
    const first = p.quickWins.find((w) => (w.value === 'otro' ? w.label !== 'Otro' && /\p{L}/u.test(w.label) : w.value in QUICK_WIN_STEPS));
    if (!first) return `Esta semana, elige una victoria rápida y dedícale ${minutes} minutos al día.`;
    if (first.value === 'otro') return `Esta semana, empieza por tu propia victoria rápida, ${quoted(first.label)}: dedícale ${minutes} minutos al día.`;
    return QUICK_WIN_STEPS[first.value as keyof typeof QUICK_WIN_STEPS](minutes);
  }

  it('reads as the tester expected where it used to slip ("liderar mejor a mi equipo", "trabajar delegar")', () => {
    const evaluation = read({ shortTermGoals: ['equipo'], developmentAreas: ['delegar'], topStrengths: ['aprendizaje-rápido'] });
    const all = textsOf(evaluation)
      .map((t) => t.text)
      .join('\n');
    expect(all).toContain('En los próximos meses quieres liderar mejor a tu equipo.');
    expect(all).toContain('Destacas por lo rápido que aprendes. Apoyarte en esa fortaleza te ayudará a delegar.');
    expect(all).not.toMatch(/\bmi equipo\b|trabajar delegar|aprendo rápido/iu);
  });

  it('reads the fixture as a whole, as a person would write it', () => {
    const evaluation = read({});
    expect(evaluation.summary).toBe(
      'Como responsable de producto, quieres liderar mejor a tu equipo y conciliar tu vida personal con la laboral. Para lograrlo, cuentas con tu empatía y tu capacidad de organización.',
    );
    expect(evaluation.sections.map((s) => s.body)).toEqual([
      'Valoras tu satisfacción con un 6 de 10: hay cosas que funcionan y otras que te restan. Pequeños ajustes constantes suelen notarse pronto. Trabajas como responsable de producto en tecnología sanitaria, con 9 años de experiencia. Ocupas un puesto de manager y combinas la oficina con el teletrabajo.',
      'Te dan energía la autonomía, el aprendizaje y la colaboración. Te quitan energía las reuniones y la presión de los plazos: conviene tenerlo en cuenta al organizar tu semana.',
      'Destacas por tu empatía, tu capacidad de organización y tu manera de resolver problemas. Apoyarte en esas fortalezas te ayudará a delegar y decir que no cuando haga falta.',
      'En los próximos meses quieres liderar mejor a tu equipo y conciliar tu vida personal con la laboral. Tu mayor desafío ahora: «Delegar sin perder calidad».',
      'Prefieres que tu coach te guíe con una mirada estratégica y que te hable con tacto. Su apoyo se centrará en ayudarte a desarrollar tu liderazgo y compaginar tu vida personal con la laboral.',
    ]);
    expect(evaluation.firstStep).toBe(
      'Esta semana, empieza por hacer más eficaces tus reuniones: dedica 15 minutos al día a preparar la reunión clave de la jornada.',
    );
  });
});

describe('the phrases each option takes in the reading', () => {
  /** Tables whose phrases the reading joins into lists. */
  const lists = {
    GOAL_PHRASES,
    STRENGTH_PHRASES,
    DEVELOPMENT_PHRASES,
    SUPPORT_PHRASES,
    ENERGY_PHRASES: Object.fromEntries(Object.entries(ENERGY_PHRASES).map(([k, v]) => [k, v.text])),
  };
  /** Tables of clauses the reading uses one at a time. */
  const clauses = { COACHING_STYLE_CLAUSES, COMMUNICATION_CLAUSES, WORK_LOCATION_CLAUSES };

  it.each(Object.entries({ ...lists, ...clauses }))('%s: lower case, second person, one item (no comma, no "y")', (_, table) => {
    for (const phrase of Object.values(table)) {
      expect(phrase).toMatch(/^\p{Ll}/u);
      expect(phrase).not.toMatch(/,|\s(?:y|e|o|u|ni)\s/u);
      expect(proofread(`${capitalise(phrase)}.`), phrase).toEqual([]);
    }
  });

  it.each(Object.entries(lists))('%s: each phrase has a head word of its own, so a list does not repeat itself', (_, table) => {
    // Articles and pronouns ("tu", "lo", "la", "te") are not heads: the next word is.
    const head = (p: string) => p.split(' ').find((w) => !['tu', 'lo', 'la', 'el', 'las', 'te'].includes(w));
    const phrases = Object.values(table);
    expect(new Set(phrases.map(head)).size, phrases.join(' | ')).toBe(phrases.length);
  });

  it('the seniority clauses start a sentence and read clean', () => {
    for (const clause of Object.values(SENIORITY_CLAUSES)) expect(proofread(`${clause}.`), clause).toEqual([]);
  });

  it('the energy phrases carry the number of their article, for the verb', () => {
    for (const { text, plural } of Object.values(ENERGY_PHRASES)) expect(/^(?:las|los)\s/u.test(text), text).toBe(plural);
  });
});

describe('Spanish composition helpers', () => {
  it.each([
    [[], ''],
    [['a'], 'a'],
    [['la autonomía', 'la rutina'], 'la autonomía y la rutina'],
    [['la autonomía', 'la colaboración', 'la rutina'], 'la autonomía, la colaboración y la rutina'],
    [['datos', 'ideas'], 'datos e ideas'],
    [['padres', 'hijos'], 'padres e hijos'],
    [['agua', 'hielo'], 'agua y hielo'],
    [['acero', 'hierro'], 'acero y hierro'],
    [['lápiz', 'Íñigo'], 'lápiz e Íñigo'],
  ])('joinList(%j) → "%s"', (items, expected) => {
    expect(joinList(items)).toBe(expected);
  });

  it('turns "o" into "u" before an /o/ sound', () => {
    expect(joinList(['uno', 'otro'], 'o')).toBe('uno u otro');
    expect(joinList(['minutos', 'horas'], 'o')).toBe('minutos u horas');
    expect(joinList(['a', 'b', 'c'], 'o')).toBe('a, b o c');
  });

  it.each([
    ['Product manager', 'product manager'],
    ['Responsable de IT.', 'responsable de IT'],
    ['CTO', 'CTO'],
    ['Head of Product', 'Head of Product'],
    ['  Enfermera\n en   planta ', 'enfermera / en planta'],
    ['Salud, farmacia', 'salud, farmacia'],
  ])('inlineFreeText(%j) → "%s"', (text, expected) => {
    expect(inlineFreeText(text)).toBe(expected);
  });

  it.each([
    ['Delegar sin perder calidad.', '«Delegar sin perder calidad»'],
    ['"Llegar a todo"', '«Llegar a todo»'],
    ['¿Cómo digo que no?', '«¿Cómo digo que no?»'],
    ['No sé...', '«No sé...»'],
    ['Lo que llamo «modo avión»', '«Lo que llamo “modo avión”»'],
    ['Primera\n\nsegunda.', '«Primera / segunda»'],
  ])('quoted(%j) → %s', (text, expected) => {
    expect(quoted(text)).toBe(expected);
  });

  it.each([
    ['9 años', '9 años de experiencia'],
    ['9', '9 años de experiencia'],
    ['1', '1 año de experiencia'],
    ['Más de 20 años', 'más de 20 años de experiencia'],
    ['6 meses de experiencia', '6 meses de experiencia'],
    ['dos años y medio', 'dos años y medio de experiencia'],
    ['Poca', null],
    ['Acabo de empezar', null],
  ])('experiencePhrase(%j) → %j', (text, expected) => {
    expect(experiencePhrase(text)).toBe(expected);
  });

  it('fits the role and the sector after "Trabajas como … en …" without doubling words', () => {
    expect(rolePhrase('Soy enfermera')).toBe('enfermera');
    expect(rolePhrase('Trabajo como diseñadora')).toBe('diseñadora');
    expect(industryPhrase('Banca')).toBe('en banca');
    expect(industryPhrase('En la banca')).toBe('en la banca');
    expect(industryPhrase('Trabajo en hostelería')).toBe('en hostelería');
    expect(industryPhrase('Sector público')).toBe('en el sector público');
  });
});
