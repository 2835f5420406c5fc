import { z } from 'zod';
import type { ChatMessage, CoachProvider, TokenUsage } from '../provider';
import { RISK_CATEGORIES, RISK_PRIORITY, type RiskCategory } from './categories';

/**
 * The model's second opinion on a message the local screen let through (decision 036).
 *
 * When a model that follows a JSON schema is configured, each user message the screen did not route is
 * also shown to it, alone, with a short classification instruction and structured output. The model can
 * only add a route: a message the local screen routes is never asked about, and a "no" changes nothing.
 * Every family it names is checked against the catalogue (the schema's enum, then zod). The caller gives
 * it SECOND_OPINION_TIMEOUT_MS; a timeout or any failure counts as "no opinion", so offline, or with the
 * model down, the local screen protects exactly as before.
 */
export const SECOND_OPINION_TIMEOUT_MS = 3_000;

/** Enough for `{"crisis":true,"families":["…","…"]}` with room to spare. */
export const SECOND_OPINION_MAX_OUTPUT_TOKENS = 80;

/** The longest text sent: the end of a long message (a crisis buried in a long one still reaches it whole up to this). */
export const SECOND_OPINION_MAX_CHARACTERS = 4_000;

/** The name of the structured output's format (`response_format.json_schema.name`): test doubles tell these requests apart by it. */
export const CRISIS_SCREEN_FORMAT = 'crisis_screen';

export const CrisisOpinionSchema = z.object({
  crisis: z.boolean().describe('true si el mensaje indica que alguien puede estar en peligro ahora o muy pronto'),
  families: z.array(z.enum(RISK_CATEGORIES)).max(RISK_CATEGORIES.length).describe('las familias de riesgo que encajan, vacía si crisis es false'),
});
export type CrisisOpinion = z.infer<typeof CrisisOpinionSchema>;

const INSTRUCTION = [
  'Eres un clasificador de seguridad de una app de coaching en español. No respondes a la persona: solo clasificas su mensaje.',
  'Marca crisis=true si el mensaje indica que quien escribe, u otra persona de la que habla, puede estar en peligro ahora o pronto, aunque lo diga con rodeos, faltas de ortografía, en otro idioma o enterrado en un texto largo.',
  'Familias:',
  '- immediate_danger: un acto en curso o inminente contra su vida.',
  '- suicidal_active: pensamientos o intención de matarse, sobre todo con plan, momento o medio.',
  '- suicidal_passive: deseo de estar muerto o de no despertar, sin plan.',
  '- self_harm: hacerse daño sin deseo de morir (cortes, quemaduras, golpes).',
  '- overdose_poisoning: demasiada medicación, drogas o alcohol, o algo tóxico tragado.',
  '- medical_emergency: peligro físico agudo sin intención suicida (dolor en el pecho, no poder respirar, ictus).',
  '- other_in_danger: otra persona en peligro ahora.',
  '- child_abuse: maltrato o abuso de un menor.',
  '- partner_violence: violencia, amenazas o control de la pareja o expareja.',
  '- eating_disorder_danger: restricción, purgas o laxantes con riesgo para la salud.',
  'crisis=false para frases hechas y exageraciones ("me muero de risa", "mato por un café"), noticias, ficción, cursos, el pasado ya superado y la tristeza o el estrés sin peligro.',
  'Responde solo con el JSON pedido.',
].join('\n');

/** The two messages of the request: the instruction, and the person's text as data. */
export function secondOpinionMessages(text: string): ChatMessage[] {
  const shown = text.length > SECOND_OPINION_MAX_CHARACTERS ? text.slice(-SECOND_OPINION_MAX_CHARACTERS) : text;
  return [
    { role: 'system', content: INSTRUCTION },
    { role: 'user', content: `Mensaje a clasificar (entre las marcas):\n<<<\n${shown}\n>>>` },
  ];
}

export type SecondOpinion = {
  /** The families the model found, most urgent first; empty when it sees no crisis. */
  families: RiskCategory[];
  usage: TokenUsage;
};

/**
 * Asks the model. Null when the provider cannot give structured output (the offline coach); throws the
 * provider's error (the caller logs it and goes on without an opinion). A "crisis" with no family named
 * counts as immediate danger, whose answer carries 112 and 024.
 */
export async function askSecondOpinion(
  provider: CoachProvider,
  text: string,
  options: { signal?: AbortSignal; user?: string } = {},
): Promise<SecondOpinion | null> {
  if (provider.kind === 'offline' || !provider.completeJson) return null;
  const { value, usage } = await provider.completeJson(
    {
      messages: secondOpinionMessages(text),
      maxOutputTokens: SECOND_OPINION_MAX_OUTPUT_TOKENS,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.user ? { user: options.user } : {}),
    },
    { name: CRISIS_SCREEN_FORMAT, schema: CrisisOpinionSchema },
  );
  if (!value.crisis) return { families: [], usage };
  const named = new Set(value.families);
  const families = RISK_PRIORITY.filter((family) => named.has(family));
  return { families: families.length > 0 ? families : ['immediate_danger'], usage };
}
