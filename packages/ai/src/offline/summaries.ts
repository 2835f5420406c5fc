import { phraseOf } from '@ascenso/domain/assessment-phrases';
import type { CoachContext } from '../context';
import type { ChatMessage } from '../provider';
import { extractCommitments, type SessionSummary } from '../session';
import { readConversation } from './engine';
import { count } from './language';
import { GOAL_PHRASES } from './topics';

/** Activity keys in the coach's words, singular and plural, so a count always agrees. */
export const ACTIVITY_NOUNS: Record<string, readonly [string, string]> = {
  active_break: ['pausa activa', 'pausas activas'],
  breathing_short: ['respiración corta', 'respiraciones cortas'],
  breathing_long: ['respiración larga', 'respiraciones largas'],
  audio_ascenso_daily: ['audio del día', 'audios del día'],
  audio_ascenso_archive: ['audio del archivo', 'audios del archivo'],
  journaling: ['entrada de diario', 'entradas de diario'],
  consulta_rapida: ['consulta rápida', 'consultas rápidas'],
  sesion_completa: ['sesión completa', 'sesiones completas'],
  fitness_class_short: ['clase corta', 'clases cortas'],
  fitness_class_medium: ['clase media', 'clases medias'],
  fitness_class_long: ['clase larga', 'clases largas'],
  assessment_completed: ['evaluación', 'evaluaciones'],
};

export function activityCount(key: string, n: number): string {
  const [one, many] = ACTIVITY_NOUNS[key] ?? [key, key];
  return count(n, one, many);
}

const DAYS = ['ningún día', 'un día', 'dos días', 'tres días', 'cuatro días', 'cinco días', 'seis días', 'los siete días'];

export type WeeklySummaryText = { message: string; highlights: string[] };

/** The offline weekly summary: neutral wording (no "activo/activa"), counts that agree in number. */
export function offlineWeeklySummary(context: CoachContext): WeeklySummaryText {
  const totals: Record<string, number> = {};
  for (const day of context.ledger) for (const [key, n] of Object.entries(day.activities)) totals[key] = (totals[key] ?? 0) + n;
  const activeDays = context.ledger.filter((d) => Object.keys(d.activities).length > 0).length;
  const highlights = Object.entries(totals)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([key, n]) => activityCount(key, n));
  const goalValue = context.profile?.goals[0]?.value;
  const goal = goalValue ? phraseOf(GOAL_PHRASES, goalValue) : null;
  const days = DAYS[Math.min(activeDays, 7)] as string;
  const message =
    activeDays === 0
      ? `Esta semana no has registrado actividades, y no pasa nada: cada semana es una oportunidad nueva.${goal ? ` Tu objetivo de ${goal} sigue ahí; empieza por algo de cinco minutos.` : ''}`
      : `Esta semana has practicado ${activeDays === 7 ? days : `${days} de siete`}. ${activeDays >= 4 ? 'Se nota la constancia: sigue así.' : 'Cada pequeño paso cuenta; prueba a sumar un día más la semana que viene.'}${goal ? ` Todo suma para ${goal}.` : ''}`;
  return { message, highlights };
}

/** The offline session summary: the topic in the coach's words (no quotes) and the user's commitments. */
export function offlineSessionSummary(transcript: ChatMessage[]): SessionSummary {
  const userTurns = transcript.filter((m) => m.role === 'user').map((m) => m.content.trim());
  const goal = userTurns[1] ?? userTurns[0] ?? '';
  const extracted = extractCommitments(userTurns[3] ?? userTurns.at(-1) ?? goal);
  const commitments = extracted.length ? extracted : ['Revisar en la próxima sesión cómo ha ido la semana'];
  const topic = readConversation(userTurns.slice(0, 3)).topic;
  const about = topic ? `Sesión sobre ${topic.name}: ` : 'Sesión de coaching: ';
  const summary = `${about}contaste cómo llegabas, fijaste un objetivo, exploraste opciones y cerraste con ${count(commitments.length, 'compromiso', 'compromisos', true)}.`;
  return { summary, commitments };
}
