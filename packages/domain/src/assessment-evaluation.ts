import { z } from 'zod';
import { QUICK_WINS } from './assessment-options';
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
  phraseOf,
  rolePhrase,
} from './assessment-phrases';
import type { CoachingProfile } from './assessment-profile';
import { capitalise, hasWords, joinList, quoted } from './spanish-text';

/** Where a recommendation leads: the six activity areas of the product (the plan's link classes). */
export const ACTIVITY_AREAS = ['coaching', 'breathing', 'fitness', 'journal', 'active-breaks', 'meditation'] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

export const AREA_PATHS: Record<ActivityArea, string> = {
  coaching: '/coaching',
  breathing: '/breathing',
  fitness: '/fitness',
  journal: '/journaling',
  'active-breaks': '/active-breaks',
  meditation: '/meditations',
};

const RecommendationSchema = z.object({
  id: z.string(),
  area: z.enum(ACTIVITY_AREAS),
  title: z.string(),
  detail: z.string(),
  minutes: z.number().int(),
});
export type Recommendation = z.infer<typeof RecommendationSchema>;
const EvaluationSectionSchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type EvaluationSection = z.infer<typeof EvaluationSectionSchema>;

export const AssessmentEvaluationSchema = z.object({
  headline: z.string(),
  summary: z.string(),
  sections: z.array(EvaluationSectionSchema),
  recommendations: z.array(RecommendationSchema),
  /** The first step for this week, sized to the user's time. */
  firstStep: z.string(),
});
export type AssessmentEvaluation = z.infer<typeof AssessmentEvaluationSchema>;

/** The reading's phrases for the first `max` of these answers, skipping any value the table does not know. */
function phrases<T>(items: readonly { value: string }[], table: Record<string, T>, max = 3): T[] {
  return items
    .map((item) => phraseOf(table, item.value))
    .filter((p): p is T => p !== null)
    .slice(0, max);
}

/** "Te da energía la autonomía." / "Te quitan energía las reuniones y la rutina." (the verb agrees with its subject). */
function energySentence(readings: readonly { factor: string }[], singular: string, plural: string): string {
  const subjects = phrases(
    readings.map((r) => ({ value: r.factor })),
    ENERGY_PHRASES,
  );
  const verb = subjects.length > 1 || subjects[0]?.plural ? plural : singular;
  const most = readings.length > subjects.length ? 'sobre todo ' : '';
  return `Te ${verb} energía ${most}${joinList(subjects.map((s) => s.text))}`;
}

function energyReading(energy: CoachingProfile['energy']): string {
  const { boosters, drains, neutral } = energy;
  if (!boosters.length && !drains.length) {
    return neutral.length
      ? 'Ninguno de los aspectos que has puntuado te da ni te quita energía de forma clara; tu coach te ayudará a descubrir qué te la da.'
      : 'No has puntuado tus fuentes de energía; tu coach te preguntará por ellas.';
  }
  const parts: string[] = [];
  if (boosters.length) parts.push(`${energySentence(boosters, 'da', 'dan')}.`);
  if (drains.length) parts.push(`${energySentence(drains, 'quita', 'quitan')}: conviene tenerlo en cuenta al organizar tu semana.`);
  return parts.join(' ');
}

/** "Trabajas como … en …, con 9 años de experiencia. Lideras un equipo y teletrabajas." */
function startingPoint(profile: CoachingProfile): string {
  const experience = experiencePhrase(profile.experience);
  const role = hasWords(profile.role) ? `como ${rolePhrase(profile.role)}` : '';
  const industry = hasWords(profile.industry) ? industryPhrase(profile.industry) : '';
  const work = role || industry ? ['Trabajas', role, industry].filter(Boolean).join(' ') : '';
  const sentences = [
    work && experience ? `${work}, con ${experience}.` : work ? `${work}.` : experience ? `Tienes ${experience}.` : '',
    experience || !hasWords(profile.experience) ? '' : `Sobre tu experiencia, escribiste: ${quoted(profile.experience)}.`,
  ];
  const seniority = phraseOf(SENIORITY_CLAUSES, profile.seniority.value);
  const location = phraseOf(WORK_LOCATION_CLAUSES, profile.workLocation.value);
  if (seniority && location) sentences.push(`${seniority} y ${location}.`);
  else if (seniority) sentences.push(`${seniority}.`);
  else if (location) sentences.push(`${capitalise(location)}.`);
  return sentences.filter(Boolean).join(' ');
}

function strengthsReading(profile: CoachingProfile): string {
  const strengths = phrases(profile.strengths, STRENGTH_PHRASES);
  const areas = phrases(profile.developmentAreas, DEVELOPMENT_PHRASES);
  const sentences: string[] = [];
  if (strengths.length) sentences.push(`Destacas por ${joinList(strengths)}.`);
  if (areas.length) {
    const base = strengths.length === 1 ? 'Apoyarte en esa fortaleza' : strengths.length ? 'Apoyarte en esas fortalezas' : 'Tu coach';
    sentences.push(`${base} te ayudará a ${joinList(areas)}.`);
  }
  return sentences.join(' ') || 'No has elegido fortalezas ni áreas de desarrollo; tu coach te preguntará por ellas.';
}

function goalsReading(profile: CoachingProfile): string {
  const goals = phrases(profile.goals, GOAL_PHRASES);
  const challenge = hasWords(profile.biggestChallenge) ? profile.biggestChallenge : '';
  return [goals.length ? `En los próximos meses quieres ${joinList(goals)}.` : '', challenge ? `Tu mayor desafío ahora: ${quoted(challenge)}.` : '']
    .filter(Boolean)
    .join(' ');
}

function styleReading(profile: CoachingProfile): string {
  const style = phraseOf(COACHING_STYLE_CLAUSES, profile.preferredStyle.value);
  const talk = phraseOf(COMMUNICATION_CLAUSES, profile.communicationStyle.value);
  const support = phrases(profile.supportNeeds, SUPPORT_PHRASES);
  const wishes = [style, talk].filter((c): c is string => c !== null);
  return [
    wishes.length ? `Prefieres que tu coach ${wishes.join(' y que ')}.` : '',
    support.length ? `Su apoyo se centrará en ayudarte a ${joinList(support)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const OTHER_LABEL = QUICK_WINS.list.find((o) => o.value === 'otro')?.label;

/** "Como product manager, quieres liderar mejor a tu equipo. Para lograrlo, cuentas con tu empatía." */
function summary(profile: CoachingProfile): string {
  const role = hasWords(profile.role) ? rolePhrase(profile.role) : '';
  const strengths = joinList(phrases(profile.strengths, STRENGTH_PHRASES, 2));
  const goals = joinList(phrases(profile.goals, GOAL_PHRASES, 2));
  const opening = role ? `Como ${role}, ` : '';
  const first = goals ? `quieres ${goals}` : strengths ? `cuentas con ${strengths}` : 'empiezas a trabajar con tu coach';
  const sentences = [`${capitalise(opening + first)}.`];
  if (goals && strengths) sentences.push(`Para lograrlo, cuentas con ${strengths}.`);
  return sentences.join(' ');
}

/** "Tu primer paso": the first quick win the reading can phrase, or the user's own one, quoted. */
function firstStep(profile: CoachingProfile, minutes: number): string {
  for (const win of profile.quickWins) {
    if (win.value === 'otro') {
      // deriveCoachingProfile puts what the user wrote in the label; "Otro" alone means nothing was written.
      if (hasWords(win.label) && win.label !== OTHER_LABEL) {
        return `Esta semana, empieza por tu propia victoria rápida, ${quoted(win.label)}: dedícale ${minutes} minutos al día.`;
      }
      continue;
    }
    const step = phraseOf(QUICK_WIN_STEPS, win.value);
    if (step) return step(minutes);
  }
  return `Esta semana, elige una victoria rápida y dedícale ${minutes} minutos al día.`;
}

function satisfactionReading(rating: number): { headline: string; body: string } {
  if (rating <= 4) {
    return {
      headline: 'Un momento para reajustar el rumbo',
      body: `Valoras tu satisfacción profesional con un ${rating} de 10. Es una señal clara de que algo importante no encaja; merece atención antes que más esfuerzo.`,
    };
  }
  if (rating <= 7) {
    return {
      headline: 'Una buena base con margen para crecer',
      body: `Valoras tu satisfacción con un ${rating} de 10: hay cosas que funcionan y otras que te restan. Pequeños ajustes constantes suelen notarse pronto.`,
    };
  }
  return {
    headline: 'Estás en un buen momento: toca construir sobre él',
    body: `Valoras tu satisfacción con un ${rating} de 10. Es un punto de partida sólido para apuntar más alto sin descuidarte.`,
  };
}

/**
 * A readable interpretation of the profile with concrete recommendations. Rule-based and
 * deterministic; the coach may add its own written evaluation when an AI server is configured.
 */
export function evaluateAssessment(profile: CoachingProfile): AssessmentEvaluation {
  const minutes = profile.timeAvailability.minutesPerDay;
  const reading = satisfactionReading(profile.satisfaction.rating);
  const recommendations: Recommendation[] = [];
  const add = (r: Recommendation) => {
    if (!recommendations.some((x) => x.id === r.id)) recommendations.push(r);
  };

  const drains = new Set(profile.energy.drains.map((d) => d.factor));
  const stress = profile.stressResponse.value;
  const goals = new Set(profile.goals.map((g) => g.value));
  const fears = new Set(profile.fears.map((f) => f.value));
  const challenges = new Set(profile.challenges.map((c) => c.value));

  if (drains.has('meetings')) {
    add({
      id: 'pausas-reuniones',
      area: 'active-breaks',
      minutes: 2,
      title: 'Pausas activas entre reuniones',
      detail: 'Las reuniones te restan energía: dos minutos de movimiento entre una y otra ayudan a recuperarte.',
    });
  }
  if (drains.has('pressure') || stress === 'abrumado' || stress === 'confrontar') {
    add({
      id: 'respiracion-presion',
      area: 'breathing',
      minutes: 4,
      title: 'Respiración para los picos de presión',
      detail: 'Unos minutos de respiración lenta antes de un momento exigente bajan la activación y te devuelven claridad.',
    });
  }
  if (stress === 'procrastinar' || stress === 'analizar' || fears.has('síndrome-impostor') || fears.has('perfeccionismo')) {
    add({
      id: 'journaling-evidencias',
      area: 'journal',
      minutes: 10,
      title: 'Un diario de evidencias',
      detail: 'Escribir lo que has logrado y lo que te frena convierte las dudas en datos concretos sobre los que actuar.',
    });
  }
  if (
    goals.has('equipo') ||
    goals.has('ascenso') ||
    goals.has('pensamiento-estratégico') ||
    challenges.has('liderar-equipo') ||
    challenges.has('toma-decisiones')
  ) {
    add({
      id: 'sesion-liderazgo',
      area: 'coaching',
      minutes: 20,
      title: 'Una sesión de coaching sobre tu objetivo principal',
      detail: `Acuerda con tu coach un primer paso concreto para ${phrases(profile.goals, GOAL_PHRASES, 1)[0] ?? 'tu objetivo principal'} y revisa cómo te ha ido en la siguiente conversación.`,
    });
  }
  if (goals.has('equilibrio') || challenges.has('equilibrio') || challenges.has('carga-trabajo') || drains.has('routine')) {
    add({
      id: 'audio-desconexion',
      area: 'meditation',
      minutes: 5,
      title: 'Un audio para cerrar la jornada',
      detail: 'Marcar el final del día con un audio breve ayuda a dejar el trabajo en el trabajo.',
    });
  }
  if (profile.supportNeeds.some((s) => s.value === 'bienestar-físico') || profile.quickWins.some((w) => w.value === 'moverme-más')) {
    add({
      id: 'clase-corta',
      area: 'fitness',
      minutes: 12,
      title: 'Una clase corta de movimiento',
      detail: 'Una sesión de menos de quince minutos, dos o tres veces por semana, ya mejora la energía y el ánimo.',
    });
  }
  // Always at least one conversation and one daily micro-habit, sized to the time available.
  add({
    id: 'consulta-semanal',
    area: 'coaching',
    minutes: 10,
    title: 'Una conversación semanal con tu coach',
    detail: 'Diez minutos para revisar cómo va la semana y ajustar el siguiente paso.',
  });
  add({
    id: 'habito-diario',
    area: minutes <= 10 ? 'breathing' : 'meditation',
    minutes: Math.min(5, minutes),
    title: 'Un pequeño hábito diario',
    detail: `Con ${minutes === 60 ? 'una hora diaria' : `unos ${minutes} minutos diarios`}, lo más eficaz es una práctica breve, siempre en el mismo momento del día.`,
  });

  const sections: EvaluationSection[] = [
    { id: 'punto-partida', title: 'Tu punto de partida', body: `${reading.body} ${startingPoint(profile)}` },
    { id: 'energia', title: 'Tu energía', body: energyReading(profile.energy) },
    { id: 'fortalezas', title: 'Tus fortalezas', body: strengthsReading(profile) },
    { id: 'objetivos', title: 'Hacia dónde vas', body: goalsReading(profile) },
    { id: 'estilo', title: 'Cómo te acompañará tu coach', body: styleReading(profile) },
  ].filter((section) => section.body !== '');

  return {
    headline: reading.headline,
    summary: summary(profile),
    sections,
    recommendations: recommendations.slice(0, 6),
    firstStep: firstStep(profile, Math.min(minutes, 15)),
  };
}
