import { ACTIVE_BREAKS, breakSeconds } from '@ascenso/domain/active-breaks';
import { BREATHING_PATTERNS, type BreathingPattern } from '@ascenso/domain/breathing';
import { FITNESS_CLASSES, classMinutes } from '@ascenso/domain/fitness';
import { promptForDay } from '@ascenso/domain/journal';
import { meditationForDay } from '@ascenso/domain/meditations';
import { greetingFor, timeOfDay } from '@ascenso/domain/time-of-day';
import type { CoachContext } from '../context';
import { yesterdayAndGaps } from '../context';
import type { DailyPlan, PlanItem } from '../plan';
import { count, minutes } from './language';

/**
 * The offline daily plan. Every item is a real piece of the catalogue with its real length (today's
 * audio is `meditationForDay(today)`), the greeting fits the user's local hour, and yesterday's
 * activity is named and used ("Ayer hiciste una pausa activa; hoy…"). Deterministic for a context.
 */
type Candidate = PlanItem & { priority: number };

const YESTERDAY: Record<string, readonly [string, string]> = {
  active_break: ['hiciste una pausa activa', 'hiciste varias pausas activas'],
  breathing_short: ['practicaste la respiración', 'practicaste la respiración'],
  breathing_long: ['practicaste la respiración', 'practicaste la respiración'],
  audio_ascenso_daily: ['escuchaste el audio del día', 'escuchaste el audio del día'],
  audio_ascenso_archive: ['escuchaste un audio del archivo', 'escuchaste varios audios del archivo'],
  journaling: ['escribiste en tu diario', 'escribiste en tu diario'],
  consulta_rapida: ['hablaste con tu coach', 'hablaste con tu coach'],
  sesion_completa: ['hiciste una sesión de coaching', 'hiciste una sesión de coaching'],
  fitness_class_short: ['hiciste una clase de movimiento', 'hiciste varias clases de movimiento'],
  fitness_class_medium: ['hiciste una clase de movimiento', 'hiciste varias clases de movimiento'],
  fitness_class_long: ['hiciste una clase de movimiento', 'hiciste varias clases de movimiento'],
  assessment_completed: ['completaste tu evaluación', 'completaste tu evaluación'],
};

const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
const pattern = (id: string) => BREATHING_PATTERNS.find((p) => p.id === id) as BreathingPattern;

/** "Ayer hiciste una pausa activa y escuchaste el audio del día" from yesterday's ledger row. */
export function yesterdayPhrase(context: CoachContext): string | null {
  const day = context.ledger.at(-2);
  if (!day) return null;
  const phrases: string[] = [];
  for (const [key, n] of Object.entries(day.activities).sort((a, b) => b[1] - a[1])) {
    const words = YESTERDAY[key];
    const phrase = words ? (n > 1 ? words[1] : words[0]) : undefined;
    if (phrase && !phrases.includes(phrase)) phrases.push(phrase);
  }
  if (phrases.length === 0) return null;
  return `Ayer ${phrases.slice(0, 2).join(' y ')}`;
}

export function guidedPlan(context: CoachContext): DailyPlan {
  const p = context.profile;
  const budget = p?.timeAvailability.minutesPerDay ?? 15;
  const part = context.localHour === undefined ? null : timeOfDay(context.localHour);
  const { yesterday, untouched } = yesterdayAndGaps(context.ledger);
  const did = (prefix: string) => yesterday.some((k) => k.startsWith(prefix));
  const drains = new Set(p?.energy.drains.map((d) => d.factor) ?? []);
  const candidates: Candidate[] = [];
  const add = (c: Candidate) => candidates.push({ ...c, title: clip(c.title, 80), reason: clip(c.reason, 200) });

  // Today's audio, with its own title and length.
  const audio = meditationForDay(context.today);
  const bedtime = audio.theme === 'descanso' && audio.id === 'antes-de-dormir' && part !== 'noche';
  add({
    area: 'meditation',
    title: `Audio del día: ${audio.title}`,
    minutes: Math.max(1, Math.round(audio.durationSeconds / 60)),
    priority: did('audio_ascenso_daily') ? 5 : 6,
    reason: bedtime
      ? `${audio.description} Guárdalo para esta noche.`
      : did('audio_ascenso_daily')
        ? `Ayer escuchaste el audio del día; hoy toca otro. ${audio.description}`
        : audio.description,
  });

  const meetings = drains.has('meetings');
  const brk = ACTIVE_BREAKS.find((b) => b.tag === (meetings ? 'espalda' : 'cuello')) ?? ACTIVE_BREAKS[0];
  if (brk) {
    add({
      area: 'active-breaks',
      title: `Pausa activa: ${brk.title}`,
      minutes: Math.max(1, Math.round(breakSeconds(brk) / 60)),
      priority: meetings ? 9 : did('active_break') ? 3 : 4,
      reason: did('active_break')
        ? `Ayer ya hiciste una pausa activa; hoy repítela para que se vuelva costumbre. ${brk.description}`
        : meetings
          ? `Las reuniones te restan energía: dos minutos de movimiento entre una y otra te ayudan a recuperarla. ${brk.description}`
          : `Moverte un par de minutos cada dos horas mantiene la energía estable. ${brk.description}`,
    });
  }

  const stressed = drains.has('pressure') || p?.stressResponse.value === 'abrumado' || p?.stressResponse.value === 'confrontar';
  const breath = part === 'noche' ? pattern('4-7-8') : stressed ? pattern('cuadrada') : pattern('coherente');
  add({
    area: 'breathing',
    title: breath.name,
    minutes: breath.defaultMinutes,
    priority: stressed ? 8 : did('breathing') ? 3 : 5,
    reason: did('breathing')
      ? `Ayer practicaste la respiración; hoy, otra serie corta. ${breath.purpose}`
      : stressed
        ? `La presión y los plazos te restan energía. ${breath.purpose}`
        : breath.purpose,
  });

  const reflective = p?.fears.some((f) => ['síndrome-impostor', 'perfeccionismo', 'fracaso'].includes(f.value)) ?? false;
  add({
    area: 'journal',
    title: 'Diario guiado',
    minutes: budget <= 10 ? 5 : 10,
    priority: untouched.includes('journal') ? 7 : did('journaling') ? 2 : reflective ? 6 : 3,
    reason: untouched.includes('journal')
      ? `Esta semana aún no has escrito. La pregunta de hoy: ${promptForDay(context.today)}`
      : did('journaling')
        ? `Ayer escribiste en tu diario; hoy, unas líneas para seguir el hilo. La pregunta: ${promptForDay(context.today)}`
        : `La pregunta de hoy: ${promptForDay(context.today)}`,
  });

  const shortest = [...FITNESS_CLASSES].sort((a, b) => classMinutes(a) - classMinutes(b))[0];
  if (shortest) {
    const body = p?.supportNeeds.some((s) => s.value === 'bienestar-físico') ?? false;
    add({
      area: 'fitness',
      title: `Clase: ${shortest.title}`,
      minutes: classMinutes(shortest),
      priority: did('fitness') ? 1 : body ? 7 : untouched.includes('fitness') ? 5 : 3,
      reason: did('fitness')
        ? `Ayer hiciste una clase; hoy basta con algo suave. ${shortest.description}`
        : untouched.includes('fitness')
          ? `Esta semana no has hecho ninguna clase: una corta ya mejora la energía y el ánimo. ${shortest.description}`
          : shortest.description,
    });
  }

  const commitment = context.openCommitments[0];
  add({
    area: 'coaching',
    title: commitment ? 'Revisa tu compromiso con tu coach' : 'Consulta rápida con tu coach',
    minutes: 5,
    priority: commitment ? 8 : did('consulta_rapida') || did('sesion_completa') ? 2 : 4,
    reason: commitment
      ? `Tu compromiso: ${clip(commitment.text, 120)}. Cuéntale a tu coach cómo va.`
      : did('consulta_rapida') || did('sesion_completa')
        ? 'Ayer hablaste con tu coach; hoy, cinco minutos para ver cómo sigue.'
        : 'Cinco minutos para decidir cuál es hoy tu prioridad número uno.',
  });

  const ranked = [...candidates].sort((a, b) => b.priority - a.priority || a.minutes - b.minutes);
  const chosen: Candidate[] = [];
  let used = 0;
  for (const c of ranked) {
    if (chosen.length >= 5) break;
    if (chosen.length < 3 || used + c.minutes <= budget) {
      chosen.push(c);
      used += c.minutes;
    }
  }
  const greeting = context.localHour === undefined ? 'Hola' : greetingFor(context.localHour);
  const name = context.firstName ? `, ${context.firstName}` : '';
  const before = yesterdayPhrase(context);
  const offer = `te propongo ${count(chosen.length, 'actividad', 'actividades')}, unos ${minutes(used)} en total.`;
  const intro = before ? `${greeting}${name}. ${before}; hoy ${offer}` : `${greeting}${name}. Para hoy ${offer}`;
  return { intro: clip(intro, 300), items: chosen.map(({ priority: _p, ...item }) => item) };
}

/**
 * The plan while careful mode lasts (72 hours after a crisis message, decision 032): nothing to achieve,
 * three gentle practices of the catalogue with their real lengths (a calming breath, today's audio or a
 * calm one at night, a soft stretch), and no coaching goals, classes or commitments. The helplines lead
 * the card (the API sends them beside the plan); the model is not asked.
 */
export function carefulPlan(context: Pick<CoachContext, 'firstName' | 'localHour' | 'today'>): DailyPlan {
  const part = context.localHour === undefined ? null : timeOfDay(context.localHour);
  const breath = part === 'noche' ? pattern('4-7-8') : pattern('coherente');
  const audio = meditationForDay(context.today);
  const stretch = ACTIVE_BREAKS.find((b) => b.tag === 'cuello') ?? ACTIVE_BREAKS[0];
  const items: PlanItem[] = [
    {
      area: 'breathing',
      title: breath.name,
      minutes: breath.defaultMinutes,
      reason: clip(`Unos minutos para que el cuerpo se calme, a tu ritmo. ${breath.purpose}`, 200),
    },
    {
      area: 'meditation',
      title: clip(`Audio del día: ${audio.title}`, 80),
      minutes: Math.max(1, Math.round(audio.durationSeconds / 60)),
      reason: clip(`Solo escuchar, sin tener que hacer nada bien. ${audio.description}`, 200),
    },
  ];
  if (stretch) {
    items.push({
      area: 'active-breaks',
      title: clip(`Estiramiento suave: ${stretch.title}`, 80),
      minutes: Math.max(1, Math.round(breakSeconds(stretch) / 60)),
      reason: clip(`Mover un poco el cuerpo ayuda a soltar tensión. Para si algo molesta. ${stretch.description}`, 200),
    });
  }
  const name = context.firstName ? `, ${context.firstName}` : '';
  return {
    intro: `Hola${name}. Hoy no hay nada que rendir ni que conseguir: solo cuidarte un poco. Si en algún momento lo necesitas, pide ayuda; no tienes que pasar por esto a solas.`,
    items,
  };
}
