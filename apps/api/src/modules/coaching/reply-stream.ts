import { ProviderError, type StreamEvent, type TokenUsage } from '@ascenso/ai/provider';
import { describeProfile } from '@ascenso/ai/prompts';
import type { CoachContext } from '@ascenso/ai/context';
import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import type { ConversationRow } from '@ascenso/db/schema/coaching';
import type { Deps } from '../../deps';

/** What the user reads when the model failed; "Reintentar" asks the model again. */
export const MODEL_FAILED_MESSAGE = 'Tu coach no ha podido responder ahora. Inténtalo de nuevo.';
export const MODEL_TIMEOUT_MESSAGE = 'Tu coach está tardando demasiado en responder. Inténtalo de nuevo.';

export type GuardOptions = {
  /** Aborted by the caller (the client left or pressed "Detener"): not a failure. */
  upstream: AbortController;
  firstTokenTimeoutMs: number;
  timeoutMs: number;
};

/**
 * Reads a model stream with a first-token timeout and an overall timeout. When one fires, the upstream
 * request is aborted and a ProviderError (reason 'timeout') is raised, even if the provider does not
 * react to the abort (the pending read is abandoned, not awaited).
 */
export async function* guardModelStream(source: AsyncIterable<StreamEvent>, options: GuardOptions): AsyncGenerator<StreamEvent> {
  const iterator = source[Symbol.asyncIterator]();
  let timedOut: ProviderError | null = null;
  let fire: ((error: ProviderError) => void) | null = null;
  const timeout = new Promise<never>((_, reject) => {
    fire = reject;
  });
  timeout.catch(() => {});
  const trip = (message: string) => () => {
    timedOut = new ProviderError(message, { reason: 'timeout' });
    options.upstream.abort(timedOut);
    fire?.(timedOut);
  };
  let firstToken: ReturnType<typeof setTimeout> | null = setTimeout(trip('El modelo no empezó a responder a tiempo'), options.firstTokenTimeoutMs);
  const overall = setTimeout(trip('El modelo no terminó de responder a tiempo'), options.timeoutMs);
  let completed = false;
  try {
    for (;;) {
      const next = await Promise.race([iterator.next(), timeout]);
      if (next.done) {
        completed = true;
        return;
      }
      if (firstToken && next.value.type === 'delta' && next.value.text.trim() !== '') {
        clearTimeout(firstToken);
        firstToken = null;
      }
      yield next.value;
    }
  } catch (error) {
    throw timedOut ?? error;
  } finally {
    if (firstToken) clearTimeout(firstToken);
    clearTimeout(overall);
    // A hung provider may never settle its pending read: close it without waiting.
    if (!completed) void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}

/** Usage of a failed call: what the provider reported, else the estimate the coach attached. */
export function failedUsage(error: unknown, fallback: TokenUsage = { inputTokens: 0, outputTokens: 0 }): TokenUsage {
  return error instanceof ProviderError && error.usage ? error.usage : fallback;
}

/** Records a failed model call: its tokens and one error for the day (and a plan fallback if so). */
export function recordFailedCall(deps: Deps, user: { id: string; timezone: string }, usage: TokenUsage, planFallback = false): Promise<void> {
  return deps.repos.coaching.addFailedUsage(user.id, localDay(deps.clock(), user.timezone), usage, planFallback);
}

/** The Spanish error the user sees for a failed model call. */
export function modelFailure(error: unknown): DomainError {
  const timeout = error instanceof ProviderError && error.reason === 'timeout';
  return new DomainError('AI_UNAVAILABLE', timeout ? MODEL_TIMEOUT_MESSAGE : MODEL_FAILED_MESSAGE, {
    reason: error instanceof ProviderError ? (error.reason ?? 'error') : 'error',
  });
}

/**
 * The profile snapshot the conversation's system message is built from: taken at its first answer,
 * stored with it, and read back on every later turn, so the system message is byte-identical across
 * the conversation even after a new assessment or an award changes the context.
 */
export async function frozenProfileSnapshot(deps: Deps, conversation: Pick<ConversationRow, 'id' | 'coachSnapshot'>, context: CoachContext): Promise<string> {
  if (conversation.coachSnapshot) return conversation.coachSnapshot;
  return deps.repos.coaching.setCoachSnapshot(conversation.id, describeProfile(context));
}
