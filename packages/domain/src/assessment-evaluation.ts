import { z } from 'zod';
import type { CoachingProfile } from './assessment-profile';

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

const list = (items: { label: string }[], max = 3) => {
  const labels = items.slice(0, max).map((i) => i.label.toLowerCase());
  if (labels.length <= 1) return labels.join('');
  return `${labels.slice(0, -1).join(', ')} y ${labels.at(-1)}`;
};

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
      detail: `Define con tu coach un primer paso concreto hacia ${list(profile.goals, 1) || 'tu objetivo'} y revisadlo la semana siguiente.`,
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
    detail: `Con unos ${minutes} minutos al día, lo más eficaz es una práctica breve a la misma hora, todos los días.`,
  });

  const boosters = profile.energy.boosters;
  const sections: EvaluationSection[] = [
    {
      id: 'punto-partida',
      title: 'Tu punto de partida',
      body: `${reading.body} Trabajas como ${profile.role} en ${profile.industry} (${profile.seniority.label.toLowerCase()}, ${profile.workLocation.label.toLowerCase()}), con ${profile.experience} de experiencia.`,
    },
    {
      id: 'energia',
      title: 'Tu energía',
      body:
        boosters.length || profile.energy.drains.length
          ? `${boosters.length ? `Te dan energía ${list(boosters)}.` : ''} ${profile.energy.drains.length ? `Te la quitan ${list(profile.energy.drains)}: buscaremos proteger esos momentos.` : ''}`.trim()
          : 'No has puntuado tus fuentes de energía; tu coach te preguntará por ellas.',
    },
    {
      id: 'fortalezas',
      title: 'Tus fortalezas',
      body: `Destacas en ${list(profile.strengths)}. Apoyarte en ellas hará más fácil trabajar ${list(profile.developmentAreas)}.`,
    },
    {
      id: 'objetivos',
      title: 'Hacia dónde vas',
      body: `En los próximos meses quieres ${list(profile.goals).replace(/^./, (c) => c.toLowerCase())}. Tu mayor desafío ahora: «${profile.biggestChallenge}».`,
    },
    {
      id: 'estilo',
      title: 'Cómo te acompañará tu coach',
      body: `Has elegido un estilo ${profile.preferredStyle.label.toLowerCase()} y una comunicación de tono ${profile.communicationStyle.label.toLowerCase()}. Te apoyará sobre todo en ${list(profile.supportNeeds)}.`,
    },
  ];

  const firstWin = profile.quickWins[0]?.label ?? 'tu primera victoria rápida';
  return {
    headline: reading.headline,
    summary: `Un perfil de ${profile.role.toLowerCase()} con ${list(profile.strengths, 2)} como puntos fuertes, que busca ${list(profile.goals, 2)}.`,
    sections,
    recommendations: recommendations.slice(0, 6),
    firstStep: `Esta semana: ${firstWin.toLowerCase()}, en bloques de ${Math.min(minutes, 15)} minutos.`,
  };
}
