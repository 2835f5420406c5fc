import { z } from 'zod';
import {
  COACHING_STYLE,
  COMMUNICATION_STYLE,
  COMPANY_SIZE,
  CURRENT_CHALLENGES,
  DEVELOPMENT_AREAS,
  ENERGY_FACTORS,
  FEARS_AND_LIMITATIONS,
  LEADERSHIP_TYPES,
  LIFE_STAGE,
  MOTIVATION_FACTORS,
  PERSONAL_CHALLENGES,
  PERSONAL_SITUATION,
  QUICK_WINS,
  REPORTING_STRUCTURE,
  SHORT_TERM_GOALS,
  SKILL_GAPS,
  STRESS_RESPONSE,
  SUPPORT_NEEDS,
  TIME_AVAILABILITY,
  TOP_STRENGTHS,
  WORK_LOCATION,
  WORK_RELATIONSHIP_ISSUES,
  WORK_STYLE,
  type Option,
} from './assessment-options';

export const ASSESSMENT_VERSION = '1.0';
export const SECTION_COUNT = 9;
export const SHORT_TEXT_MAX = 120;
export const LONG_TEXT_MAX = 1000;

const REQUIRED = 'Responde esta pregunta';

// ---- field rules, in the two strengths the API needs -------------------------------------------
// Complete: §5 required-field rules. Partial: what an autosave may hold (anything the form can show
// mid-way), still never an unknown option value or an out-of-range number.

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: REQUIRED })
    .max(max, { message: `Máximo ${max} caracteres` });
const partialText = (max: number) => z.string().max(max, { message: `Máximo ${max} caracteres` });

const requiredSelect = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { message: 'Elige una opción' });
const partialSelect = <T extends readonly [string, ...string[]]>(values: T) => z.union([z.enum(values), z.literal('')]);

const distinct = (items: readonly unknown[]) => new Set(items).size === items.length;
const requiredMulti = <T extends readonly [string, ...string[]]>(values: T, max: number) =>
  z
    .array(z.enum(values))
    .min(1, { message: 'Elige al menos una opción' })
    .max(max, { message: `Elige como máximo ${max}` })
    .refine(distinct, { message: 'Opciones repetidas' });
const partialMulti = <T extends readonly [string, ...string[]]>(values: T, max: number) =>
  z
    .array(z.enum(values))
    .max(max, { message: `Elige como máximo ${max}` })
    .refine(distinct, { message: 'Opciones repetidas' });

const energyLevel = z.number().int().min(0).max(5, { message: 'La escala va de 1 a 5' });
/** The same value (a schema, a default) for each of the seven energy factors, in their order. */
const perEnergyFactor = <T>(value: T) =>
  Object.fromEntries(ENERGY_FACTORS.values.map((factor) => [factor, value])) as Record<(typeof ENERGY_FACTORS.values)[number], T>;
const EnergyFactorsSchema = z.object(perEnergyFactor(energyLevel));
export type EnergyFactors = z.infer<typeof EnergyFactorsSchema>;
export type EnergyFactor = keyof EnergyFactors;
const UNRATED_ENERGY: EnergyFactors = perEnergyFactor(0);
/** A complete assessment may leave out energyFactors, or any factor of it: each unrated factor is 0 (spec §3, §5). */
const OptionalEnergyFactorsSchema = z.object(perEnergyFactor(energyLevel.default(0))).default(UNRATED_ENERGY);

/** Maximum selections per multi-choice field (spec §5). */
export const MAX_SELECTIONS = {
  personalSituation: 3,
  personalChallenges: 5,
  shortTermGoals: 3,
  leadershipTypes: 2,
  fearsAndLimitations: 5,
  currentChallenges: 5,
  workRelationshipIssues: 5,
  skillGaps: 5,
  workStyle: 5,
  motivationFactors: 5,
  topStrengths: 5,
  developmentAreas: 5,
  supportNeeds: 5,
  quickWins: 3,
} as const;
export type MultiField = keyof typeof MAX_SELECTIONS;

function fields(strict: boolean) {
  const text = strict ? requiredText : partialText;
  const select = strict ? requiredSelect : partialSelect;
  const multi = strict ? requiredMulti : partialMulti;
  const M = MAX_SELECTIONS;
  return {
    role: text(SHORT_TEXT_MAX),
    industry: text(SHORT_TEXT_MAX),
    experience: text(SHORT_TEXT_MAX),
    companySize: select(COMPANY_SIZE.values),
    reportingStructure: select(REPORTING_STRUCTURE.values),
    workLocation: select(WORK_LOCATION.values),

    personalSituation: multi(PERSONAL_SITUATION.values, M.personalSituation),
    lifeStage: select(LIFE_STAGE.values),
    timeAvailability: select(TIME_AVAILABILITY.values),
    personalChallenges: multi(PERSONAL_CHALLENGES.values, M.personalChallenges),

    shortTermGoals: multi(SHORT_TERM_GOALS.values, M.shortTermGoals),
    longTermVision: text(LONG_TEXT_MAX),
    successDefinition: text(LONG_TEXT_MAX),
    careerAspirations: text(LONG_TEXT_MAX),
    leadershipTypes: multi(LEADERSHIP_TYPES.values, M.leadershipTypes),
    fearsAndLimitations: multi(FEARS_AND_LIMITATIONS.values, M.fearsAndLimitations),

    currentChallenges: multi(CURRENT_CHALLENGES.values, M.currentChallenges),
    biggestChallenge: text(LONG_TEXT_MAX),
    workRelationshipIssues: multi(WORK_RELATIONSHIP_ISSUES.values, M.workRelationshipIssues),
    skillGaps: multi(SKILL_GAPS.values, M.skillGaps),

    workStyle: multi(WORK_STYLE.values, M.workStyle),
    communicationStyle: select(COMMUNICATION_STYLE.values),
    motivationFactors: multi(MOTIVATION_FACTORS.values, M.motivationFactors),
    stressResponse: select(STRESS_RESPONSE.values),

    // Optional in both strengths: section 6 is always valid (spec §5). A complete assessment without it
    // (or without some factor) stores 0, "unrated", for what is missing.
    energyFactors: strict ? OptionalEnergyFactorsSchema : EnergyFactorsSchema,

    topStrengths: multi(TOP_STRENGTHS.values, M.topStrengths),
    developmentAreas: multi(DEVELOPMENT_AREAS.values, M.developmentAreas),
    pastSuccesses: text(LONG_TEXT_MAX),

    coachingStyle: select(COACHING_STYLE.values),
    supportNeeds: multi(SUPPORT_NEEDS.values, M.supportNeeds),

    satisfactionRating: strict
      ? z.number({ message: 'Elige un valor del 1 al 10' }).int().min(1, { message: 'Elige un valor del 1 al 10' }).max(10)
      : z.number().int().min(0).max(10),
    satisfactionReason: text(LONG_TEXT_MAX),
    quickWins: multi(QUICK_WINS.values, M.quickWins),
    quickWinsOther: partialText(SHORT_TEXT_MAX).optional(),
  };
}

/** A complete assessment: what POST /api/assessment/complete accepts. */
// quickWinsOther stays optional even with 'otro' chosen (spec §3: "quickWinsOther (text, optional)").
export const AssessmentResponsesSchema = z.object(fields(true));
export type AssessmentResponses = z.infer<typeof AssessmentResponsesSchema>;

/** Answers in progress: every field optional, but only valid values. */
export const PartialResponsesSchema = z.object(fields(false)).partial();
export type PartialResponses = z.infer<typeof PartialResponsesSchema>;

export type FieldName = keyof AssessmentResponses;

// ---- presentation: sections, labels, options ----------------------------------------------------

export type FieldDefinition =
  | {
      name: FieldName;
      kind: 'text';
      label: string;
      placeholder?: string;
      multiline: boolean;
      maxLength: number;
      optional?: boolean;
    }
  | { name: FieldName; kind: 'select'; label: string; options: Option[] }
  | { name: MultiField; kind: 'multi'; label: string; options: Option[]; max: number }
  | { name: 'energyFactors'; kind: 'energy'; label: string; factors: Option[] }
  | { name: 'satisfactionRating'; kind: 'rating'; label: string; min: 1; max: 10 };

export type SectionDefinition = { number: number; title: string; intro: string; fields: FieldDefinition[] };

const text =
  (multiline: boolean) =>
  (name: FieldName, label: string, placeholder: string): FieldDefinition => ({
    name,
    kind: 'text',
    label,
    placeholder,
    multiline,
    maxLength: multiline ? LONG_TEXT_MAX : SHORT_TEXT_MAX,
  });
const shortText = text(false);
const longText = text(true);
const select = (name: FieldName, label: string, list: Option[]): FieldDefinition => ({ name, kind: 'select', label, options: list });
const multi = (name: MultiField, label: string, list: Option[]): FieldDefinition => ({
  name,
  kind: 'multi',
  label,
  options: list,
  max: MAX_SELECTIONS[name],
});

export const ASSESSMENT_SECTIONS: readonly SectionDefinition[] = [
  {
    number: 1,
    title: 'Tu trabajo hoy',
    intro: 'Empecemos por tu contexto profesional.',
    fields: [
      shortText('role', '¿Cuál es tu puesto?', 'Por ejemplo: Product manager'),
      shortText('industry', '¿En qué sector trabajas?', 'Por ejemplo: Tecnología, salud, banca...'),
      shortText('experience', '¿Cuánta experiencia profesional tienes?', 'Por ejemplo: 8 años'),
      select('companySize', '¿Cómo es tu organización?', COMPANY_SIZE.list),
      select('reportingStructure', '¿Qué nivel de responsabilidad tienes?', REPORTING_STRUCTURE.list),
      select('workLocation', '¿Dónde trabajas normalmente?', WORK_LOCATION.list),
    ],
  },
  {
    number: 2,
    title: 'Tu vida personal',
    intro: 'Tu vida fuera del trabajo cambia lo que es realista para ti.',
    fields: [
      multi('personalSituation', '¿Cuál es tu situación personal?', PERSONAL_SITUATION.list),
      select('lifeStage', '¿En qué etapa profesional estás?', LIFE_STAGE.list),
      select('timeAvailability', '¿Cuánto tiempo puedes dedicarte al día?', TIME_AVAILABILITY.list),
      multi('personalChallenges', '¿Qué retos personales te ocupan ahora?', PERSONAL_CHALLENGES.list),
    ],
  },
  {
    number: 3,
    title: 'Objetivos y visión',
    intro: 'Hacia dónde quieres ir y qué te frena.',
    fields: [
      multi('shortTermGoals', '¿Qué quieres conseguir en los próximos seis meses?', SHORT_TERM_GOALS.list),
      longText('longTermVision', '¿Dónde te ves dentro de cinco años?', 'Describe la vida profesional que te gustaría tener'),
      longText('successDefinition', '¿Qué significa para ti tener éxito?', 'En tus propias palabras'),
      longText('careerAspirations', '¿Qué aspiraciones profesionales tienes?', 'Un puesto, un proyecto, un cambio...'),
      multi('leadershipTypes', '¿Qué tipo de líder quieres ser?', LEADERSHIP_TYPES.list),
      multi('fearsAndLimitations', '¿Qué miedos o limitaciones sientes?', FEARS_AND_LIMITATIONS.list),
    ],
  },
  {
    number: 4,
    title: 'Desafíos actuales',
    intro: 'Lo que hoy te cuesta más.',
    fields: [
      multi('currentChallenges', '¿Qué desafíos vives en el trabajo?', CURRENT_CHALLENGES.list),
      longText('biggestChallenge', '¿Cuál es tu mayor desafío ahora mismo?', 'Cuéntalo con tus palabras'),
      multi('workRelationshipIssues', '¿Hay tensiones en tus relaciones de trabajo?', WORK_RELATIONSHIP_ISSUES.list),
      multi('skillGaps', '¿Qué habilidades te gustaría reforzar?', SKILL_GAPS.list),
    ],
  },
  {
    number: 5,
    title: 'Cómo trabajas',
    intro: 'Tu estilo, lo que te mueve y cómo reaccionas a la presión.',
    fields: [
      multi('workStyle', '¿Cómo describirías tu forma de trabajar?', WORK_STYLE.list),
      select('communicationStyle', '¿Cuál es tu estilo de comunicación?', COMMUNICATION_STYLE.list),
      multi('motivationFactors', '¿Qué te motiva?', MOTIVATION_FACTORS.list),
      select('stressResponse', '¿Cómo sueles reaccionar ante el estrés?', STRESS_RESPONSE.list),
    ],
  },
  {
    number: 6,
    title: 'Tu energía',
    intro: 'Puntúa de 1 (me agota) a 5 (me da energía). Puedes dejar sin puntuar lo que no aplique.',
    fields: [
      {
        name: 'energyFactors',
        kind: 'energy',
        label: '¿Cuánta energía te da cada aspecto de tu trabajo?',
        factors: ENERGY_FACTORS.list,
      },
    ],
  },
  {
    number: 7,
    title: 'Tus fortalezas',
    intro: 'Lo que ya haces bien y lo que quieres desarrollar.',
    fields: [
      multi('topStrengths', '¿Cuáles son tus principales fortalezas?', TOP_STRENGTHS.list),
      multi('developmentAreas', '¿Qué áreas quieres desarrollar?', DEVELOPMENT_AREAS.list),
      longText('pastSuccesses', 'Cuéntanos un logro del que te sientas orgulloso/a', 'Qué pasó y qué hiciste tú'),
    ],
  },
  {
    number: 8,
    title: 'Tu coaching',
    intro: 'Cómo quieres que te acompañe tu coach.',
    fields: [
      select('coachingStyle', '¿Qué estilo de coach prefieres?', COACHING_STYLE.list),
      multi('supportNeeds', '¿En qué necesitas más apoyo?', SUPPORT_NEEDS.list),
    ],
  },
  {
    number: 9,
    title: 'Satisfacción y primeras victorias',
    intro: 'Dónde estás hoy y por dónde empezar.',
    fields: [
      {
        name: 'satisfactionRating',
        kind: 'rating',
        label: '¿Cómo de satisfecho/a estás con tu vida profesional?',
        min: 1,
        max: 10,
      },
      longText('satisfactionReason', '¿Por qué esa puntuación?', 'Lo que suma y lo que resta'),
      multi('quickWins', '¿Qué victorias rápidas te gustaría conseguir?', QUICK_WINS.list),
      {
        name: 'quickWinsOther',
        kind: 'text',
        label: '¿Cuál es esa otra victoria rápida?',
        placeholder: 'Descríbela en una frase',
        multiline: false,
        maxLength: SHORT_TEXT_MAX,
        optional: true,
      },
    ],
  },
];

// ---- pure helpers the form and the API share ----------------------------------------------------

/** The form's starting values: empty text, no choice, no selections, energy and rating at 0. */
export function defaultResponses(): PartialResponses & Pick<AssessmentResponses, 'energyFactors'> {
  const out: Record<string, unknown> = {};
  for (const section of ASSESSMENT_SECTIONS) {
    for (const field of section.fields) {
      if (field.kind === 'text' || field.kind === 'select') out[field.name] = '';
      else if (field.kind === 'multi') out[field.name] = [];
      else if (field.kind === 'rating') out[field.name] = 0;
      else out[field.name] = Object.fromEntries(ENERGY_FACTORS.list.map((f) => [f.value, 0]));
    }
  }
  return out as PartialResponses & Pick<AssessmentResponses, 'energyFactors'>;
}

/** Saved answers merged over the defaults (unknown keys dropped). */
export function mergeOverDefaults(saved: PartialResponses | null | undefined): PartialResponses {
  const base = defaultResponses();
  if (!saved) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const key of Object.keys(base)) {
    const value = (saved as Record<string, unknown>)[key];
    if (value !== undefined) merged[key] = value;
  }
  if (saved.energyFactors) merged.energyFactors = { ...base.energyFactors, ...saved.energyFactors };
  return merged as PartialResponses;
}

/** Whether the 'otro' text input is shown (the intended reading of spec §5; decision 008). */
export function showsQuickWinsOther(responses: PartialResponses): boolean {
  return (responses.quickWins ?? []).includes('otro');
}

const completeShape = fields(true);

/** Required fields of a section (energyFactors and quickWinsOther never are, not even with 'otro' chosen: spec §3, §5). */
export function requiredFields(section: SectionDefinition): FieldName[] {
  return section.fields.filter((f) => f.kind !== 'energy' && !(f.kind === 'text' && f.optional)).map((f) => f.name);
}

/** Whether one field satisfies the §5 required-field rule. */
export function isFieldAnswered(name: FieldName, responses: PartialResponses): boolean {
  const value = (responses as Record<string, unknown>)[name];
  if (name === 'quickWinsOther') return typeof value === 'string' && value.trim().length > 0;
  return completeShape[name].safeParse(value).success;
}

/** The required fields still missing in a section. */
export function missingFields(sectionNumber: number, responses: PartialResponses): FieldName[] {
  const section = ASSESSMENT_SECTIONS[sectionNumber - 1];
  if (!section) return [];
  return requiredFields(section).filter((name) => !isFieldAnswered(name, responses));
}

export function isSectionComplete(sectionNumber: number, responses: PartialResponses): boolean {
  return missingFields(sectionNumber, responses).length === 0;
}

/** Percent of the required fields answered, across all sections (0–100, whole number). */
export function percentComplete(responses: PartialResponses): number {
  let total = 0;
  let answered = 0;
  for (const section of ASSESSMENT_SECTIONS) {
    for (const name of requiredFields(section)) {
      total += 1;
      if (isFieldAnswered(name, responses)) answered += 1;
    }
  }
  return total === 0 ? 0 : Math.round((answered / total) * 100);
}

/** Toggles a multi-choice value; past the field's maximum the extra selection is ignored (spec §5). */
export function toggleSelection(field: MultiField, current: readonly string[], value: string): string[] {
  if (current.includes(value)) return current.filter((v) => v !== value);
  if (current.length >= MAX_SELECTIONS[field]) return [...current];
  return [...current, value];
}

/** Progress as the client saves it (POST /api/assessment/progress). */
export const ProgressInputSchema = z.object({
  currentSection: z.number().int().min(1).max(SECTION_COUNT),
  responses: PartialResponsesSchema,
  completedSections: z.array(z.number().int().min(1).max(SECTION_COUNT)).max(SECTION_COUNT).refine(distinct, { message: 'Secciones repetidas' }),
});
export type ProgressInput = z.infer<typeof ProgressInputSchema>;

export const CompleteAssessmentInputSchema = z.object({
  responses: AssessmentResponsesSchema,
  version: z.literal(ASSESSMENT_VERSION, { message: `La versión debe ser ${ASSESSMENT_VERSION}` }),
});

/** Whether an existing assessment counts as recent (created within one calendar month of `now`). */
export function isRecentAssessment(createdAt: Date, now: Date): boolean {
  const monthAgo = new Date(now);
  // In UTC: local month arithmetic moved the boundary by an hour across a daylight-saving change, so the
  // answer depended on the time zone of the machine running it.
  monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
  return createdAt.getTime() >= monthAgo.getTime();
}

/** Label of an option value of a field, for display. */
export function optionLabel(field: FieldName, value: string): string {
  for (const section of ASSESSMENT_SECTIONS) {
    for (const f of section.fields) {
      if (f.name === field && (f.kind === 'select' || f.kind === 'multi')) {
        return f.options.find((o) => o.value === value)?.label ?? value;
      }
    }
  }
  return value;
}
