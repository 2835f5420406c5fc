import { AssessmentEvaluationSchema, type AssessmentEvaluation } from '@ascenso/domain/assessment-evaluation';
import type { CoachContext } from './context';
import { describeLedger } from './context';
import { DailyPlanSchema, offlinePlan, type DailyPlan } from './plan';
import { z } from 'zod';
import { ACTIVITY_WORDS } from './context';
import { DEFAULT_HISTORY_TOKEN_BUDGET, trimHistory } from './history';
import { buildSystemPrompt, describeProfile, systemMessage, withTurnContext, type CoachMode } from './prompts';
import type { ChatMessage, CoachProvider, StreamEvent, TokenUsage } from './provider';
import { ProviderError, estimatePromptTokens, estimateTokens } from './provider';
import { SessionSummarySchema, extractCommitments, type SessionStage, type SessionSummary } from './session';

export type ReplyRequest = {
  context: CoachContext;
  mode: Exclude<CoachMode, 'plan' | 'evaluation'>;
  /** The conversation so far, oldest first, ending with the user's new message. */
  history: ChatMessage[];
  /** For structured sessions: the phase the user's message answers. */
  stage?: SessionStage;
  signal?: AbortSignal;
  /**
   * The conversation's frozen profile snapshot (`describeProfile` at its first answer, stored with it),
   * so the system message is byte-identical across turns. Taken from `context` when absent.
   */
  profileSnapshot?: string;
  /** A risk screen fired earlier in this conversation: the coach is especially careful. */
  careful?: boolean;
  /** Pseudonymous user id for the provider (`user` / `safety_identifier`). */
  user?: string;
  /** Prompt-cache key (one per conversation). */
  cacheKey?: string;
  /** Token budget of the history sent to the model (≈4 characters per token). */
  historyTokenBudget?: number;
};

/** Generation cap of one coach answer. */
export const REPLY_MAX_OUTPUT_TOKENS = 500;

/**
 * The messages the model gets for a reply: the frozen system message, a history trimmed to the token
 * budget that starts with a user turn, and the latest user message with the per-turn context block
 * (date, stage, week, journal themes, commitments, notes, and the summary of trimmed turns).
 */
export function buildReplyMessages(request: Omit<ReplyRequest, 'signal'>): ChatMessage[] {
  const snapshot = request.profileSnapshot ?? describeProfile(request.context);
  const { messages, summary } = trimHistory(request.history, request.historyTokenBudget ?? DEFAULT_HISTORY_TOKEN_BUDGET);
  const last = messages.at(-1);
  const turns = messages.slice(0, -1);
  const latest: ChatMessage[] = last
    ? [{ role: 'user', content: withTurnContext(last.content, request.context, { stage: request.stage, careful: request.careful, summary }) }]
    : [];
  return [{ role: 'system', content: systemMessage(request.mode, snapshot) }, ...turns, ...latest];
}

const ZERO: TokenUsage = { inputTokens: 0, outputTokens: 0 };

function approx(text: string) {
  return Math.ceil(text.length / 4);
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length ? items[index % items.length] : undefined;
}

/** The offline coach's reply: deterministic, Spanish, grounded in the context, a question at the end. */
export function offlineCoachReply(request: Omit<ReplyRequest, 'signal'>): string {
  const { context, history, mode, stage } = request;
  const p = context.profile;
  const userTurns = history.filter((m) => m.role === 'user');
  const said = userTurns.at(-1)?.content.trim() ?? '';
  const echo = said.length > 140 ? `${said.slice(0, 137).trimEnd()}...` : said;
  const turn = userTurns.length;
  const goal = pick(p?.goals ?? [], turn - 1)?.label.toLowerCase();
  const drain = p?.energy.drains[0]?.label.toLowerCase();
  const strength = pick(p?.strengths ?? [], turn)?.label.toLowerCase();
  const minutes = p?.timeAvailability.minutesPerDay ?? 10;
  const commitment = context.openCommitments[0];

  if (mode === 'journal') {
    const prompts = [
      '¿Qué emoción está más presente ahora mismo y dónde la notas?',
      '¿Qué ha pasado hoy que quieras recordar dentro de un año?',
      '¿Qué te diría alguien que te quiere bien sobre esto?',
      '¿Qué necesitas mañana para que el día sea un poco mejor?',
    ];
    const theme = context.journalThemes[0];
    const opener = turn === 1 && theme ? `Últimamente en tu diario aparece a menudo «${theme}». ` : '';
    return `${opener}Gracias por escribirlo: «${echo}». Quédate un momento con ello. ${pick(prompts, turn - 1)}`;
  }

  if (mode === 'session') {
    switch (stage) {
      case 'check-in':
        return `Gracias, ${context.firstName}. ${commitment ? `Antes de seguir: la última vez te comprometiste a «${commitment.text}». ¿Lo tendremos en cuenta hoy? ` : ''}Para que esta sesión merezca la pena: ¿qué te gustaría tener resuelto o más claro al terminar?`;
      case 'goal':
        return `Entendido: quieres trabajar «${echo}».${goal ? ` Encaja con tu objetivo de ${goal}.` : ''} ¿Qué has probado ya, qué obstáculos aparecen y qué opciones ves, aunque parezcan pequeñas?`;
      case 'exploration':
        return `Veo varias opciones en lo que cuentas.${strength ? ` Tu ${strength} puede ayudarte aquí.` : ''} Con unos ${minutes} minutos al día, ¿qué uno a tres pasos concretos te comprometes a dar esta semana, y cuándo?`;
      case 'commitments':
        // The closing turn: the session ends here, so it asks nothing the user could no longer answer.
        return 'Perfecto. Dejo tus compromisos apuntados y preparo el resumen de la sesión. Has hecho un buen trabajo poniendo en palabras lo que quieres cambiar. La próxima vez empezaremos por cómo te fue con ellos.';
      default:
        return 'La sesión ya está cerrada. Puedes empezar una nueva cuando quieras.';
    }
  }

  if (turn === 1) {
    const memory = commitment
      ? `La última vez te comprometiste a «${commitment.text}»; luego me cuentas cómo fue. `
      : '';
    const link = goal ? ` Me ayuda recordar que uno de tus objetivos es ${goal}.` : '';
    return `${memory}Gracias por contármelo: «${echo}».${link} Antes de proponerte nada, quiero entenderlo mejor: ¿qué es lo que más te preocupa de esto ahora mismo?`;
  }
  if (turn === 2) {
    const week = describeLedger(context.ledger).replace(/^En los últimos 7 días ha/, 'Esta semana has').replace(/ha sumado/, 'has sumado');
    const energy = drain ? ` Sé que ${drain} te resta energía, así que tenlo en cuenta.` : '';
    return `Tiene sentido.${energy} ${week} ¿Qué parte de esta situación depende de ti y cuál no?`;
  }
  return `Te propongo algo pequeño: dedica ${Math.min(minutes, 15)} minutos hoy a dar un primer paso sobre «${echo}»${strength ? ` apoyándote en tu ${strength}` : ''}. ¿Qué paso concreto te comprometes a dar y cuándo lo harás?`;
}

export const WeeklySummarySchema = z.object({
  message: z.string().min(1).max(600),
  highlights: z.array(z.string().min(1).max(160)).max(4),
});
export type WeeklySummary = z.infer<typeof WeeklySummarySchema>;

/** The offline coach's weekly summary, from the ledger, the goals and the open commitments. */
export function offlineWeeklySummary(context: CoachContext): WeeklySummary {
  const totals: Record<string, number> = {};
  for (const day of context.ledger) for (const [key, n] of Object.entries(day.activities)) totals[key] = (totals[key] ?? 0) + n;
  const activeDays = context.ledger.filter((d) => Object.keys(d.activities).length > 0).length;
  const highlights = Object.entries(totals)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([key, n]) => `${n} ${ACTIVITY_WORDS[key] ?? key}`);
  const goal = context.profile?.goals[0]?.label.toLowerCase();
  const message =
    activeDays === 0
      ? `Esta semana no has registrado actividades, y no pasa nada: cada semana es una oportunidad nueva.${goal ? ` Tu objetivo de ${goal} sigue ahí; empieza por algo de cinco minutos.` : ''}`
      : `Has estado activo ${activeDays} de 7 días. ${activeDays >= 4 ? 'Se nota la constancia: sigue así.' : 'Cada pequeño paso cuenta; prueba a sumar un día más la semana que viene.'}${goal ? ` Todo suma hacia tu objetivo de ${goal}.` : ''}`;
  return { message, highlights };
}

export type Coach = ReturnType<typeof createCoach>;

export function createCoach(provider: CoachProvider) {
  const remote = provider.kind === 'openai-compatible';

  return {
    kind: provider.kind,
    model: provider.model,

    /**
     * Streams the coach's answer. Offline: the deterministic coach, streamed word by word. An answer
     * that is empty or only whitespace raises a ProviderError (reason 'empty'), as does a cut stream;
     * every ProviderError carries the call's usage (reported, or estimated from the prompt).
     */
    async *reply(request: ReplyRequest): AsyncIterable<StreamEvent> {
      if (!remote) {
        const text = offlineCoachReply(request);
        for (const piece of text.match(/\S+\s*/g) ?? []) {
          request.signal?.throwIfAborted();
          yield { type: 'delta', text: piece };
        }
        yield { type: 'done', usage: { inputTokens: approx(request.history.map((m) => m.content).join(' ')), outputTokens: approx(text) } };
        return;
      }
      const messages = buildReplyMessages(request);
      let text = '';
      const estimate = (): TokenUsage => ({ inputTokens: estimatePromptTokens(messages), outputTokens: estimateTokens(text) });
      try {
        for await (const event of provider.stream({
          messages,
          maxOutputTokens: REPLY_MAX_OUTPUT_TOKENS,
          signal: request.signal,
          ...(request.user ? { user: request.user } : {}),
          ...(request.cacheKey ? { cacheKey: request.cacheKey } : {}),
        })) {
          if (event.type === 'delta') {
            text += event.text;
            yield event;
            continue;
          }
          if (text.trim() === '') {
            const usage = event.usage.inputTokens > 0 ? event.usage : estimate();
            throw new ProviderError('El proveedor de IA devolvió una respuesta vacía', { reason: 'empty', usage });
          }
          yield event;
        }
      } catch (error) {
        if (error instanceof ProviderError && (!error.usage || error.usage.inputTokens === 0)) error.usage = estimate();
        throw error;
      }
    },

    /**
     * Today's plan as structured data. When the model fails (error, timeout, invalid JSON, an answer
     * that breaks the schema) the offline plan is returned with `fallback: true` and the failed call's
     * usage (reported or estimated), so the UI can say so and the admin dashboard can count it.
     */
    async plan(
      context: CoachContext,
      signal?: AbortSignal,
      options: { user?: string } = {},
    ): Promise<{ plan: DailyPlan; source: 'ai' | 'offline'; usage: TokenUsage; fallback: boolean; error?: ProviderError }> {
      if (remote && provider.completeJson) {
        const messages: ChatMessage[] = [
          { role: 'system', content: buildSystemPrompt(context, 'plan') },
          {
            role: 'user',
            content: withTurnContext(
              'Escribe mi plan de hoy: de 3 a 5 actividades reales de la app (con su nombre exacto), cada una con el motivo en una frase y sus minutos; que quepan en mi tiempo disponible.',
              context,
            ),
          },
        ];
        try {
          const { value, usage } = await provider.completeJson(
            { messages, maxOutputTokens: 700, signal, ...(options.user ? { user: options.user } : {}) },
            { name: 'daily_plan', schema: DailyPlanSchema },
          );
          return { plan: value, source: 'ai', usage, fallback: false };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          const usage = error.usage && error.usage.inputTokens > 0 ? error.usage : { inputTokens: estimatePromptTokens(messages), outputTokens: 0 };
          return { plan: offlinePlan(context), source: 'offline', usage, fallback: true, error };
        }
      }
      return { plan: offlinePlan(context), source: 'offline', usage: ZERO, fallback: false };
    },

    /** Closes a structured session: a summary and the commitments the next session starts from. */
    async summarizeSession(context: CoachContext, transcript: ChatMessage[], signal?: AbortSignal): Promise<SessionSummary & { usage: TokenUsage }> {
      if (remote && provider.completeJson) {
        try {
          const { value, usage } = await provider.completeJson(
            {
              messages: [
                { role: 'system', content: buildSystemPrompt(context, 'session') },
                ...transcript.slice(-30),
                { role: 'user', content: 'Resume la sesión en un párrafo y enumera de 1 a 3 compromisos concretos que he asumido.' },
              ],
              maxOutputTokens: 500,
              signal,
            },
            { name: 'session_summary', schema: SessionSummarySchema },
          );
          return { ...value, usage };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
        }
      }
      const userTurns = transcript.filter((m) => m.role === 'user').map((m) => m.content.trim());
      const goal = userTurns[1] ?? userTurns[0] ?? '';
      const commitments = extractCommitments(userTurns[3] ?? userTurns.at(-1) ?? goal);
      const summary = `Llegaste contando: «${(userTurns[0] ?? '').slice(0, 160)}». Quisiste trabajar «${goal.slice(0, 160)}», exploraste opciones y cerraste con ${commitments.length} ${commitments.length === 1 ? 'compromiso' : 'compromisos'}.`;
      return { summary, commitments: commitments.length ? commitments : ['Revisar en la próxima sesión cómo ha ido la semana'], usage: ZERO };
    },

    /** A personal weekly summary for e-mail: a short message and up to four highlights. */
    async weeklySummary(context: CoachContext, signal?: AbortSignal): Promise<WeeklySummary & { usage: TokenUsage; source: 'ai' | 'offline' }> {
      if (remote && provider.completeJson) {
        try {
          const { value, usage } = await provider.completeJson(
            {
              messages: [
                { role: 'system', content: buildSystemPrompt(context, 'chat') },
                { role: 'user', content: 'Escribe mi resumen semanal para un correo: un mensaje cálido y concreto de 2 a 4 frases y hasta 4 logros de la semana.' },
              ],
              maxOutputTokens: 500,
              signal,
            },
            { name: 'weekly_summary', schema: WeeklySummarySchema },
          );
          return { ...value, usage, source: 'ai' };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
        }
      }
      return { ...offlineWeeklySummary(context), usage: ZERO, source: 'offline' };
    },

    /** The coach's written evaluation of the assessment, when an AI server is configured. */
    async evaluate(context: CoachContext, signal?: AbortSignal): Promise<{ evaluation: AssessmentEvaluation; usage: TokenUsage } | null> {
      if (!remote || !provider.completeJson) return null;
      try {
        const { value, usage } = await provider.completeJson(
          {
            messages: [
              { role: 'system', content: buildSystemPrompt(context, 'evaluation') },
              { role: 'user', content: 'Escribe la evaluación de mi perfil: titular, resumen, secciones y recomendaciones de actividades de la app.' },
            ],
            maxOutputTokens: 900,
            signal,
          },
          { name: 'assessment_evaluation', schema: AssessmentEvaluationSchema },
        );
        return { evaluation: value, usage };
      } catch (error) {
        if (error instanceof ProviderError) return null;
        throw error;
      }
    },
  };
}
