import { AssessmentEvaluationSchema, type AssessmentEvaluation } from '@ascenso/domain/assessment-evaluation';
import type { CoachContext } from './context';
import { DailyPlanSchema, offlinePlan, type DailyPlan } from './plan';
import { z } from 'zod';
import { DEFAULT_HISTORY_TOKEN_BUDGET, trimHistory } from './history';
import { buildSystemPrompt, describeProfile, systemMessage, withTurnContext, type CoachMode } from './prompts';
import type { ChatMessage, CoachProvider, StreamEvent, TokenUsage } from './provider';
import { ProviderError, estimatePromptTokens, estimateTokens } from './provider';
import { offlineSessionSummary, offlineWeeklySummary as guidedWeeklySummary } from './offline/summaries';
import { guidedReply } from './offline/engine';
import { SessionSummarySchema, type SessionStage, type SessionSummary } from './session';
import type { RiskCategory } from './safety/categories';

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
  /** The risk families that fired in it, most urgent first (careful mode reminds of their helplines). */
  carefulFamilies?: readonly RiskCategory[];
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
    ? [
        {
          role: 'user',
          content: withTurnContext(last.content, request.context, {
            stage: request.stage,
            careful: request.careful,
            carefulFamilies: request.carefulFamilies,
            summary,
          }),
        },
      ]
    : [];
  return [{ role: 'system', content: systemMessage(request.mode, snapshot) }, ...turns, ...latest];
}

const ZERO: TokenUsage = { inputTokens: 0, outputTokens: 0 };

function approx(text: string) {
  return Math.ceil(text.length / 4);
}

/**
 * The offline coach's reply: the guided engine in ./offline (a motivational-interviewing arc worked out
 * from the history, topic-specific suggestions, agreement by the user's form of address, no echo).
 */
export function offlineCoachReply(request: Omit<ReplyRequest, 'signal'>): string {
  return guidedReply({
    context: request.context,
    mode: request.mode,
    history: request.history,
    stage: request.stage,
    careful: request.careful,
    carefulFamilies: request.carefulFamilies,
  });
}

export const WeeklySummarySchema = z.object({
  message: z.string().min(1).max(600),
  highlights: z.array(z.string().min(1).max(160)).max(4),
});
export type WeeklySummary = z.infer<typeof WeeklySummarySchema>;

/** The offline coach's weekly summary: neutral wording, counts that agree in number (./offline). */
export function offlineWeeklySummary(context: CoachContext): WeeklySummary {
  return guidedWeeklySummary(context);
}

export type Coach = ReturnType<typeof createCoach>;

/** A request for one structured answer: the user's instruction, an output budget, and the JSON schema. */
type JsonAsk<T> = { instruction: string; maxOutputTokens: number; name: string; schema: z.ZodType<T> };

const WEEKLY_SUMMARY_ASK: JsonAsk<WeeklySummary> = {
  instruction: 'Escribe mi resumen semanal para un correo: un mensaje cálido y concreto de 2 a 4 frases y hasta 4 logros de la semana.',
  maxOutputTokens: 500,
  name: 'weekly_summary',
  schema: WeeklySummarySchema,
};

const EVALUATION_ASK: JsonAsk<AssessmentEvaluation> = {
  instruction: 'Escribe la evaluación de mi perfil: titular, resumen, secciones y recomendaciones de actividades de la app.',
  maxOutputTokens: 900,
  name: 'assessment_evaluation',
  schema: AssessmentEvaluationSchema,
};

export function createCoach(provider: CoachProvider) {
  const remote = provider.kind === 'openai-compatible';
  /** One structured answer: the system prompt of `mode`, the single instruction of `ask`, its JSON schema. */
  const askForJson = <T>(context: CoachContext, mode: CoachMode, ask: JsonAsk<T>, signal: AbortSignal | undefined) => {
    if (!provider.completeJson) throw new ProviderError('El proveedor de IA no admite respuestas estructuradas', { reason: 'unsupported' });
    const messages: ChatMessage[] = [
      { role: 'system', content: buildSystemPrompt(context, mode) },
      { role: 'user', content: ask.instruction },
    ];
    return provider.completeJson({ messages, maxOutputTokens: ask.maxOutputTokens, signal }, { name: ask.name, schema: ask.schema });
  };

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
        yield {
          type: 'done',
          usage: { inputTokens: approx(request.history.map((m) => m.content).join(' ')), outputTokens: approx(text) },
        };
        return;
      }
      const messages = buildReplyMessages(request);
      let text = '';
      const estimate = (): TokenUsage => ({
        inputTokens: estimatePromptTokens(messages),
        outputTokens: estimateTokens(text),
      });
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
    ): Promise<{
      plan: DailyPlan;
      source: 'ai' | 'offline';
      usage: TokenUsage;
      fallback: boolean;
      error?: ProviderError;
    }> {
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

    /**
     * Closes a structured session: a summary and the commitments the next session starts from. The
     * transcript is trimmed like a reply's history (starting with a user turn); when the model fails,
     * the offline summary is returned with `failedUsage` (reported or estimated) for the ledger.
     */
    async summarizeSession(
      context: CoachContext,
      transcript: ChatMessage[],
      signal?: AbortSignal,
      options: { user?: string; historyTokenBudget?: number } = {},
    ): Promise<SessionSummary & { usage: TokenUsage; failedUsage?: TokenUsage }> {
      if (remote && provider.completeJson) {
        const { messages: turns, summary } = trimHistory(transcript, options.historyTokenBudget ?? DEFAULT_HISTORY_TOKEN_BUDGET);
        const ask = 'Resume la sesión en un párrafo y enumera de 1 a 3 compromisos concretos que he asumido.';
        const messages: ChatMessage[] = [
          { role: 'system', content: buildSystemPrompt(context, 'session') },
          ...turns,
          {
            role: 'user',
            content: summary ? `[Contexto de la app: resumen de la parte anterior de la sesión: ${summary}]\n\n${ask}` : ask,
          },
        ];
        try {
          const { value, usage } = await provider.completeJson(
            { messages, maxOutputTokens: 500, signal, ...(options.user ? { user: options.user } : {}) },
            { name: 'session_summary', schema: SessionSummarySchema },
          );
          return { ...value, usage };
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          const failedUsage = error.usage && error.usage.inputTokens > 0 ? error.usage : { inputTokens: estimatePromptTokens(messages), outputTokens: 0 };
          return { ...offlineSessionSummary(transcript), usage: ZERO, failedUsage };
        }
      }
      return { ...offlineSessionSummary(transcript), usage: ZERO };
    },

    /** A personal weekly summary for e-mail: a short message and up to four highlights. */
    async weeklySummary(context: CoachContext, signal?: AbortSignal): Promise<WeeklySummary & { usage: TokenUsage; source: 'ai' | 'offline' }> {
      if (remote && provider.completeJson) {
        try {
          const { value, usage } = await askForJson(context, 'chat', WEEKLY_SUMMARY_ASK, signal);
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
        const { value, usage } = await askForJson(context, 'evaluation', EVALUATION_ASK, signal);
        return { evaluation: value, usage };
      } catch (error) {
        if (error instanceof ProviderError) return null;
        throw error;
      }
    },
  };
}
