import { ASSESSMENT_SECTIONS, MAX_SELECTIONS, type AssessmentResponses, type EnergyFactors, type MultiField } from './assessment';
import { evaluateAssessment, type AssessmentEvaluation } from './assessment-evaluation';
import { ENERGY_FACTORS, TIME_AVAILABILITY } from './assessment-options';
import { deriveCoachingProfile, type CoachingProfile } from './assessment-profile';
import { CALM_RESPONSES, COMPLETE_RESPONSES, UNRATED_ENERGY_FACTORS } from './assessment.fixtures';

/*
 * Every shape of answers the written reading of the assessment can meet, for the tests that proofread it
 * (assessment-reading.test.ts): each option of each question alone, every ordered pair and triple of the lists the
 * reading puts into sentences, the longest selections, each mix of energy ratings, free texts as people write them,
 * and profiles with empty lists.
 */

export type ReadingCase = { name: string; evaluation: AssessmentEvaluation; profile: CoachingProfile };

/** The multi-choice answers whose options the reading writes into its sentences. */
export const LISTED_FIELDS = ['shortTermGoals', 'topStrengths', 'developmentAreas', 'supportNeeds', 'quickWins'] as const;

const selectFields = ASSESSMENT_SECTIONS.flatMap((s) => s.fields).filter((f) => f.kind === 'select');
const multiFields = ASSESSMENT_SECTIONS.flatMap((s) => s.fields).filter((f) => f.kind === 'multi');

function optionValues(name: string): string[] {
  return selectFields.find((f) => f.name === name && f.kind === 'select')?.options.map((o) => o.value) ?? [];
}

function ordered<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((item, i) => ordered([...items.slice(0, i), ...items.slice(i + 1)], size - 1).map((rest) => [item, ...rest]));
}

/** Free texts as members write them: capitals, acronyms, a final full stop, first person, line breaks, quotes. */
export const FREE_TEXTS = {
  role: [
    'Product manager',
    'Responsable de producto',
    'CTO',
    'Head of Product',
    'Soy enfermera',
    'enfermera en UCI',
    'Jefa de Proyectos.',
    'Técnico de mantenimiento',
  ],
  industry: ['Tecnología sanitaria', 'Banca', 'En la banca', 'Sector público', 'el sector público', 'IT', 'Educación.', 'Salud, farmacia'],
  experience: [
    '9 años',
    '1',
    '15',
    'Más de 20 años',
    '6 meses',
    'Unos 10 años de experiencia',
    'dos años y medio',
    'Poca',
    'Acabo de empezar.',
    'Ninguna en este sector',
  ],
  biggestChallenge: [
    'Delegar sin perder calidad',
    'Delegar sin sentir que pierdo calidad; acabo revisándolo todo por la noche.',
    '¿Cómo digo que no sin quedar mal?',
    '"Llegar a todo"',
    'Primera línea\n\nsegunda línea.',
  ],
  quickWinsOther: ['Leer cada mañana', 'Quiero leer más.', 'Ir a la oficina en bici', '  '],
};

/** Unrated, draining, energising: every mix of these; neutral (3) ratings get cases of their own below. */
const perFactor = (score: number) => Object.fromEntries(ENERGY_FACTORS.values.map((f) => [f, score])) as EnergyFactors;

const ENERGY_SCORES = [0, 2, 4] as const;

function* responses(): Generator<[string, AssessmentResponses]> {
  const base = COMPLETE_RESPONSES;
  yield ['the fixture', base];

  for (const field of selectFields) {
    for (const option of field.options) yield [`${field.name}=${option.value}`, { ...base, [field.name]: option.value }];
  }
  // Choices the reading writes into the same sentence: every combination.
  for (const [first, second] of [
    ['reportingStructure', 'workLocation'],
    ['coachingStyle', 'communicationStyle'],
  ] as const) {
    for (const one of optionValues(first)) {
      for (const other of optionValues(second)) yield [`${first}=${one} ${second}=${other}`, { ...base, [first]: one, [second]: other }];
    }
  }
  for (const field of multiFields) {
    const name = field.name as MultiField;
    const values = field.options.map((o) => o.value);
    const listed = (LISTED_FIELDS as readonly string[]).includes(name);
    const sizes = listed ? [1, 2, 3] : [1, 2];
    for (const size of sizes) {
      for (const pick of ordered(values, Math.min(size, MAX_SELECTIONS[name]))) yield [`${name}=${pick.join('+')}`, { ...base, [name]: pick }];
    }
    // The longest selections, starting at each option in turn.
    const max = MAX_SELECTIONS[name];
    for (let start = 0; start < values.length; start += 1) {
      const pick = Array.from({ length: max }, (_, k) => values[(start + k) % values.length] as string);
      yield [`${name}=${pick.join('+')}`, { ...base, [name]: pick }];
    }
  }
  // 'otro' with and without its text, alone, first and after another win.
  for (const other of [...FREE_TEXTS.quickWinsOther, '']) {
    const mixes: AssessmentResponses['quickWins'][] = [['otro'], ['otro', 'pausas'], ['pausas', 'otro'], ['otro', 'dormir-mejor', 'priorizar']];
    for (const quickWins of mixes) {
      yield [`quickWins=${quickWins.join('+')} other=${JSON.stringify(other)}`, { ...base, quickWins, quickWinsOther: other }];
    }
  }
  // Every mix of unrated, draining and energising factors; and a few with the extremes, for the order.
  const factors = ENERGY_FACTORS.values;
  for (let code = 0; code < ENERGY_SCORES.length ** factors.length; code += 1) {
    let rest = code;
    const energyFactors = Object.fromEntries(
      factors.map((f) => {
        const score = ENERGY_SCORES[rest % ENERGY_SCORES.length] as number;
        rest = Math.floor(rest / ENERGY_SCORES.length);
        return [f, score];
      }),
    ) as EnergyFactors;
    yield [`energy=${JSON.stringify(energyFactors)}`, { ...base, energyFactors }];
  }
  for (const neutral of factors) {
    yield [`energy: only ${neutral}, neutral`, { ...base, energyFactors: { ...UNRATED_ENERGY_FACTORS, [neutral]: 3 } }];
    yield [`energy: all neutral but ${neutral}, unrated`, { ...base, energyFactors: { ...perFactor(3), [neutral]: 0 } }];
    yield [`energy: all neutral but ${neutral}, energising`, { ...base, energyFactors: { ...perFactor(3), [neutral]: 5 } }];
  }
  for (let k = 0; k < factors.length; k += 1) {
    const energyFactors = Object.fromEntries(factors.map((f, i) => [f, [1, 5, 2, 4, 1, 5, 3][(i + k) % 7] as number])) as EnergyFactors;
    yield [`energy=${JSON.stringify(energyFactors)}`, { ...base, energyFactors }];
  }
  for (const [field, texts] of Object.entries(FREE_TEXTS)) {
    for (const text of texts) {
      if (field === 'quickWinsOther') continue;
      yield [`${field}=${JSON.stringify(text)}`, { ...base, [field]: text }];
    }
  }
  for (let rating = 1; rating <= 10; rating += 1) yield [`satisfactionRating=${rating}`, { ...base, satisfactionRating: rating }];
  // A calm profile gets few recommendations, so the daily habit (sized to the time available) is among the six shown.
  for (const timeAvailability of TIME_AVAILABILITY.values) {
    yield [`calm, timeAvailability=${timeAvailability}`, { ...CALM_RESPONSES, timeAvailability }];
  }
}

/** Profiles the schema of a completed assessment does not produce, but a reading must survive: empty lists, old values. */
function* unusualProfiles(): Generator<[string, CoachingProfile]> {
  const base = deriveCoachingProfile(COMPLETE_RESPONSES);
  const empty = { value: '', label: '' };
  yield ['no goals', { ...base, goals: [] }];
  yield ['no strengths', { ...base, strengths: [] }];
  yield ['one strength, no development areas', { ...base, strengths: base.strengths.slice(0, 1), developmentAreas: [] }];
  yield ['no strengths nor development areas', { ...base, strengths: [], developmentAreas: [] }];
  yield ['no development areas', { ...base, developmentAreas: [] }];
  yield ['no support needs', { ...base, supportNeeds: [] }];
  yield ['no quick wins', { ...base, quickWins: [] }];
  yield ['no goals, strengths, support or quick wins', { ...base, goals: [], strengths: [], developmentAreas: [], supportNeeds: [], quickWins: [] }];
  yield ['energy all neutral', { ...base, energy: { drains: [], boosters: [], neutral: base.energy.neutral } }];
  yield ['no energy ratings', { ...base, energy: { drains: [], boosters: [], neutral: [] } }];
  yield [
    'values no list knows (answers saved before an option was renamed)',
    {
      ...base,
      seniority: { value: 'becario', label: 'becario' },
      workLocation: { value: 'luna', label: 'luna' },
      goals: [{ value: 'viejo', label: 'viejo' }, ...base.goals],
      strengths: [{ value: 'viejo', label: 'viejo' }],
      developmentAreas: [{ value: 'viejo', label: 'viejo' }],
      supportNeeds: [{ value: 'viejo', label: 'viejo' }],
      preferredStyle: { value: 'viejo', label: 'viejo' },
      communicationStyle: empty,
      quickWins: [{ value: 'viejo', label: 'viejo' }],
    },
  ];
  yield ['unknown seniority only', { ...base, seniority: { value: 'becario', label: 'becario' } }];
  yield ['unknown work location only', { ...base, workLocation: { value: 'luna', label: 'luna' } }];
  yield ['unknown coaching style only', { ...base, preferredStyle: empty }];
  yield ['no role', { ...base, role: '' }];
  yield ['no industry', { ...base, industry: '  ' }];
  yield ['no role nor industry', { ...base, role: '', industry: '' }];
  yield ['no role, industry nor experience', { ...base, role: '', industry: '', experience: '' }];
  yield ['only dots for the biggest challenge', { ...base, biggestChallenge: '...' }];
  yield ['only dots for the experience', { ...base, experience: '…' }];
}

export function* readingCases(): Generator<ReadingCase> {
  for (const [name, r] of responses()) {
    const profile = deriveCoachingProfile(r);
    yield { name, profile, evaluation: evaluateAssessment(profile) };
  }
  for (const [name, profile] of unusualProfiles()) yield { name, profile, evaluation: evaluateAssessment(profile) };
}

/** Every text of a reading, with where it comes from; headings are titles (no full stop), the rest are prose. */
export function textsOf(evaluation: AssessmentEvaluation): Array<{ where: string; text: string; heading: boolean }> {
  return [
    { where: 'headline', text: evaluation.headline, heading: true },
    { where: 'summary', text: evaluation.summary, heading: false },
    { where: 'firstStep', text: evaluation.firstStep, heading: false },
    ...evaluation.sections.flatMap((s) => [
      { where: `${s.id}.title`, text: s.title, heading: true },
      { where: s.id, text: s.body, heading: false },
    ]),
    ...evaluation.recommendations.flatMap((r) => [
      { where: `${r.id}.title`, text: r.title, heading: true },
      { where: r.id, text: r.detail, heading: false },
    ]),
  ];
}
