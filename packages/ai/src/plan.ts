import { ACTIVITY_AREAS, AREA_PATHS, type ActivityArea } from '@ascenso/domain/assessment-evaluation';
import { z } from 'zod';
import type { CoachContext } from './context';
import { yesterdayAndGaps } from './context';

/** The daily plan as structured output: the model never writes HTML; our code renders it. */
export const DailyPlanSchema = z.object({
  intro: z.string().min(1).max(300),
  items: z
    .array(
      z.object({
        area: z.enum(ACTIVITY_AREAS),
        title: z.string().min(1).max(80),
        reason: z.string().min(1).max(200),
        minutes: z.number().int().min(1).max(60),
      }),
    )
    .min(3)
    .max(5),
});
export type DailyPlan = z.infer<typeof DailyPlanSchema>;
export type PlanItem = DailyPlan['items'][number];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** HTML for `plan.content`: escaped text, and links to the app's own areas carrying their class. */
export function renderPlanHtml(plan: DailyPlan): string {
  const items = plan.items
    .map(
      (item) =>
        `<li><a class="${item.area}" href="${AREA_PATHS[item.area]}">${escapeHtml(item.title)}</a> · ${item.minutes} min<br>${escapeHtml(item.reason)}</li>`,
    )
    .join('');
  return `<p>${escapeHtml(plan.intro)}</p><ul>${items}</ul>`;
}

type Candidate = PlanItem & { priority: number };

/**
 * The offline coach's plan: from the profile (time, energy drains, stress, needs), yesterday's
 * completions and what the week skipped. Deterministic for a given context.
 */
export function offlinePlan(context: CoachContext): DailyPlan {
  const p = context.profile;
  const budget = p?.timeAvailability.minutesPerDay ?? 15;
  const { yesterday, untouched } = yesterdayAndGaps(context.ledger);
  const did = (prefix: string) => yesterday.some((k) => k.startsWith(prefix));
  const skipped = (area: ActivityArea) => untouched.includes(area);
  const drains = new Set(p?.energy.drains.map((d) => d.factor) ?? []);
  const candidates: Candidate[] = [];
  const add = (c: Candidate) => candidates.push(c);

  add({
    area: 'meditation',
    title: 'Audio Ascenso del día',
    minutes: 5,
    priority: did('audio_ascenso') ? 3 : 6,
    reason: did('audio_ascenso')
      ? 'Ayer escuchaste el audio: repetirlo hoy consolida el hábito.'
      : 'Empezar con unos minutos de audio te ayuda a ordenar el día antes de que se llene.',
  });
  add({
    area: 'active-breaks',
    title: 'Pausa activa entre reuniones',
    minutes: 2,
    priority: drains.has('meetings') ? 9 : 4,
    reason: drains.has('meetings')
      ? 'Las reuniones te quitan energía: dos minutos de movimiento entre una y otra te ayudan a recuperarla.'
      : 'Levantarte y moverte dos minutos cada par de horas mantiene la energía estable.',
  });
  const stressed = drains.has('pressure') || p?.stressResponse.value === 'abrumado' || p?.stressResponse.value === 'confrontar';
  add({
    area: 'breathing',
    title: 'Respiración 4-7-8',
    minutes: 4,
    priority: stressed ? 8 : did('breathing') ? 3 : 5,
    reason: stressed
      ? 'La presión te resta energía: úsala antes de tu momento más exigente del día.'
      : 'Cuatro minutos de respiración lenta bajan la activación y te devuelven claridad.',
  });
  const reflective = p?.fears.some((f) => ['síndrome-impostor', 'perfeccionismo', 'fracaso'].includes(f.value)) ?? false;
  add({
    area: 'journal',
    title: 'Journaling: ¿qué te dio energía hoy?',
    minutes: 10,
    priority: skipped('journal') ? 7 : reflective ? 6 : 2,
    reason: skipped('journal')
      ? 'Esta semana aún no has escrito: diez minutos al final del día ayudan a ver lo que avanzas.'
      : 'Escribir lo que ha ido bien convierte las dudas en evidencias.',
  });
  const body = p?.supportNeeds.some((s) => s.value === 'bienestar-físico') ?? false;
  add({
    area: 'fitness',
    title: 'Clase corta de movimiento',
    minutes: 12,
    priority: body ? 7 : skipped('fitness') ? 5 : did('fitness') ? 1 : 3,
    reason: skipped('fitness')
      ? 'Esta semana no has hecho ninguna clase: una corta ya mejora la energía y el ánimo.'
      : 'Una clase breve te activa sin robarte la tarde.',
  });
  const commitment = context.openCommitments[0];
  add({
    area: 'coaching',
    title: commitment ? 'Revisa tu compromiso con tu coach' : 'Consulta rápida con tu coach',
    minutes: 5,
    priority: commitment ? 8 : 4,
    reason: commitment
      ? `Te comprometiste a «${commitment.text.slice(0, 120)}». Cuéntale a tu coach cómo va.`
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
  const name = context.firstName || 'coach';
  return {
    intro: `Buenos días, ${name}. Para hoy te propongo ${chosen.length} actividades, unos ${used} minutos en total.`,
    items: chosen.map(({ priority: _p, ...item }) => item),
  };
}
