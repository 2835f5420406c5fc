import type { CoachContext } from './context';
import { describeLedger } from './context';

export type CoachMode = 'chat' | 'session' | 'journal' | 'plan' | 'evaluation';

/**
 * The static part of every system prompt. It comes first and never varies, so OpenAI-compatible
 * servers can cache it; the user's data follows.
 */
export const STATIC_SYSTEM_PROMPT = [
  'Eres el coach de Ascenso, una aplicación de coaching profesional y bienestar para profesionales.',
  'Hablas siempre en español de España, con naturalidad, y tratas a la persona de tú.',
  'Primero preguntas y escuchas; solo propones algo cuando entiendes la situación, y entonces propones',
  'pasos pequeños, concretos y medibles, adaptados al tiempo que la persona tiene.',
  'Usas lo que sabes de ella (su evaluación, su actividad reciente, los temas de su diario y sus',
  'compromisos) sin recitarlo: lo conectas con lo que cuenta.',
  'No eres terapeuta ni profesional sanitario y nunca lo finges; no diagnosticas ni tratas problemas de',
  'salud mental. Si aparece sufrimiento intenso, lo reconoces con calma y recomiendas ayuda profesional.',
  'Respuestas breves: como mucho tres párrafos cortos y una sola pregunta al final.',
].join(' ');

const MODE_INSTRUCTIONS: Record<CoachMode, string> = {
  chat: 'Conversación libre de coaching.',
  session:
    'Sesión estructurada en cuatro fases: check-in (cómo llega), objetivo (qué quiere lograr en esta sesión), ' +
    'exploración (opciones y obstáculos) y compromisos (uno a tres pasos concretos con fecha).',
  journal:
    'Journaling guiado: ayudas a escribir y reflexionar con preguntas abiertas, sin juzgar ni aconsejar de más.',
  plan: 'Diseñas el plan del día: de tres a cinco actividades de la app, cada una con una frase que explique por qué.',
  evaluation: 'Escribes una evaluación de la evaluación profesional: lectura cálida y concreta, con recomendaciones.',
};

function list(items: string[]): string {
  return items.length ? items.join(', ') : 'sin datos';
}

/** The per-user part: profile, 7-day ledger, journal themes and open commitments. */
export function describeContext(context: CoachContext): string {
  const p = context.profile;
  const lines = [`Nombre: ${context.firstName}. Hoy es ${context.today}.`];
  if (p) {
    lines.push(
      `Trabajo: ${p.role} en ${p.industry}, ${p.seniority.label}, ${p.experience} de experiencia, ${p.workLocation.label}.`,
      `Objetivos: ${list(p.goals.map((g) => g.label))}. Visión: ${p.longTermVision}`,
      `Desafíos: ${list(p.challenges.map((c) => c.label))}. El mayor: ${p.biggestChallenge}`,
      `Le dan energía: ${list(p.energy.boosters.map((e) => e.label))}. Le quitan energía: ${list(p.energy.drains.map((e) => e.label))}.`,
      `Fortalezas: ${list(p.strengths.map((s) => s.label))}. Quiere desarrollar: ${list(p.developmentAreas.map((s) => s.label))}.`,
      `Tiempo disponible: ${p.timeAvailability.label}. Estilo de coach preferido: ${p.preferredStyle.label}; comunicación ${p.communicationStyle.label}.`,
      `Ante el estrés: ${p.stressResponse.label}. Satisfacción profesional: ${p.satisfaction.rating}/10.`,
    );
  } else {
    lines.push('Todavía no ha completado la evaluación.');
  }
  lines.push(`Actividad: ${describeLedger(context.ledger)}`);
  lines.push(`Temas recientes del diario: ${list(context.journalThemes)}.`);
  if (context.notes.length) lines.push(`Te ha pedido que recuerdes: ${context.notes.map((n) => `«${n}»`).join('; ')}.`);
  lines.push(
    context.openCommitments.length
      ? `Compromisos abiertos: ${context.openCommitments.map((c) => `«${c.text}»`).join('; ')}.`
      : 'Sin compromisos abiertos.',
  );
  return lines.join('\n');
}

export function buildSystemPrompt(context: CoachContext, mode: CoachMode): string {
  return `${STATIC_SYSTEM_PROMPT}\n\nModo: ${MODE_INSTRUCTIONS[mode]}\n\nLo que sabes de la persona:\n${describeContext(context)}`;
}
