/** Breathing patterns with what they are for and what the evidence says (shown to the user). */
export type BreathPhaseKind = 'inhale' | 'inhale-top' | 'hold' | 'exhale';
export type BreathPhase = { kind: BreathPhaseKind; seconds: number; label: string };

export type BreathingPattern = {
  id: string;
  name: string;
  shortName: string;
  purpose: string;
  evidence: { level: 'buena' | 'moderada' | 'limitada'; summary: string };
  phases: readonly BreathPhase[];
  defaultMinutes: number;
  minuteOptions: readonly number[];
};

const inhale = (seconds: number): BreathPhase => ({ kind: 'inhale', seconds, label: 'Inhala' });
const hold = (seconds: number): BreathPhase => ({ kind: 'hold', seconds, label: 'Mantén' });
const exhale = (seconds: number): BreathPhase => ({ kind: 'exhale', seconds, label: 'Exhala' });

export const BREATHING_PATTERNS: readonly BreathingPattern[] = [
  {
    id: 'cuadrada',
    name: 'Respiración cuadrada (4-4-4-4)',
    shortName: 'Cuadrada',
    purpose: 'Recuperar la calma y el foco antes de un momento exigente: una presentación, una conversación difícil.',
    evidence: {
      level: 'moderada',
      summary:
        'Muy usada por equipos de emergencias. Los estudios sobre respiración lenta y con pausas muestran menos activación y estrés percibido, aunque hay pocos ensayos específicos de este patrón.',
    },
    phases: [inhale(4), hold(4), exhale(4), hold(4)],
    defaultMinutes: 3,
    minuteOptions: [1, 3, 5, 10],
  },
  {
    id: '4-7-8',
    name: 'Respiración 4-7-8',
    shortName: '4-7-8',
    purpose: 'Bajar revoluciones al final del día o para conciliar el sueño.',
    evidence: {
      level: 'limitada',
      summary:
        'Estudios pequeños observan bajadas de frecuencia cardiaca y de ansiedad tras unas series. Es segura y fácil de aprender; si te mareas, acorta la retención.',
    },
    phases: [inhale(4), hold(7), exhale(8)],
    defaultMinutes: 3,
    minuteOptions: [1, 3, 5],
  },
  {
    id: 'coherente',
    name: 'Respiración coherente (5,5 respiraciones por minuto)',
    shortName: 'Coherente',
    purpose: 'Equilibrar el sistema nervioso y la variabilidad cardiaca; ideal como práctica diaria.',
    evidence: {
      level: 'buena',
      summary:
        'Respirar a unas 5,5 respiraciones por minuto es la base del biofeedback de variabilidad cardiaca, con ensayos y metaanálisis que muestran menos ansiedad y estrés.',
    },
    phases: [inhale(5.5), exhale(5.5)],
    defaultMinutes: 5,
    minuteOptions: [3, 5, 10, 15],
  },
  {
    id: 'suspiro-ciclico',
    name: 'Suspiro cíclico',
    shortName: 'Suspiro cíclico',
    purpose: 'Soltar tensión rápido y mejorar el ánimo con cinco minutos al día.',
    evidence: {
      level: 'buena',
      summary:
        'En un ensayo controlado (Stanford, 2023), cinco minutos diarios de suspiro cíclico mejoraron el estado de ánimo y redujeron la frecuencia respiratoria más que la meditación de atención plena.',
    },
    phases: [inhale(2), { kind: 'inhale-top', seconds: 1, label: 'Inhala un poco más' }, exhale(6)],
    defaultMinutes: 5,
    minuteOptions: [1, 3, 5],
  },
];

export function findBreathingPattern(id: string): BreathingPattern | undefined {
  return BREATHING_PATTERNS.find((p) => p.id === id);
}

export function cycleSeconds(pattern: Pick<BreathingPattern, 'phases'>): number {
  return pattern.phases.reduce((sum, p) => sum + p.seconds, 0);
}

/** Where the pacer is `elapsed` seconds into a practice: phase, seconds left in it, completed cycles. */
export function phaseAt(pattern: Pick<BreathingPattern, 'phases'>, elapsed: number) {
  const cycle = cycleSeconds(pattern);
  const cycles = Math.floor(elapsed / cycle);
  let within = elapsed - cycles * cycle;
  for (let index = 0; index < pattern.phases.length; index += 1) {
    const phase = pattern.phases[index] as BreathPhase;
    if (within < phase.seconds) return { index, phase, remaining: phase.seconds - within, cycles };
    within -= phase.seconds;
  }
  const first = pattern.phases[0] as BreathPhase;
  return { index: 0, phase: first, remaining: first.seconds, cycles: cycles + 1 };
}

/** Breaths per minute of a pattern (one breath = one cycle). */
export function breathsPerMinute(pattern: Pick<BreathingPattern, 'phases'>): number {
  return Math.round((60 / cycleSeconds(pattern)) * 10) / 10;
}

/** Under 5 minutes of practice earns breathing_short; 5 or more, breathing_long. */
export function breathingActivityKey(practisedSeconds: number): 'breathing_short' | 'breathing_long' {
  return practisedSeconds >= 300 ? 'breathing_long' : 'breathing_short';
}
