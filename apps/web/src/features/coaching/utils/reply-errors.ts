import { errorMessage } from '#lib/error-messages';
import { readDomainError } from '#lib/errors';

/** Shown while the answer has not started after this long (the server gives up at 15 s). */
export const SLOW_REPLY_MS = 6_000;

export const SLOW_REPLY_MESSAGE = 'Tu coach está tardando un poco más de lo normal…';
export const DAILY_BUDGET_MESSAGE = 'Has llegado al límite diario de uso de tu coach con IA. Mañana podrás seguir.';
export const SAME_CONVERSATION_MESSAGE = 'Tu coach ya está respondiendo en esta conversación. Espera a que termine o detén la respuesta.';

/**
 * The per-user model limits as the user reads them: the daily token budget (its wait runs to the
 * local midnight, hours away) or the short ones (calls per minute, answers in progress at once).
 */
export function modelLimitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds !== null && retryAfterSeconds >= 3600) return DAILY_BUDGET_MESSAGE;
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds ?? 30));
  return `Tu coach necesita un respiro: has hecho muchas peticiones seguidas o tienes varias respuestas en curso. Vuelve a intentarlo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
}

/** Spanish copy for a failed `coaching.reply`: the model failed or timed out, or a model limit. */
export function coachReplyErrorMessage(error: unknown): string {
  const info = readDomainError(error);
  if (info.domainCode === 'RATE_LIMITED') return modelLimitMessage(info.retryAfterSeconds);
  if (info.domainCode === 'CONFLICT') return SAME_CONVERSATION_MESSAGE;
  return errorMessage(error, 'coach-reply');
}
