import { CONNECTION_ERROR_MESSAGE, ORIGIN_REFUSED_MESSAGE, messageForCode, rateLimitMessage } from './error-messages';
import { readDomainError } from './errors';

export interface AuthFormErrors {
  /** Shown in the form-level alert (role="alert"). */
  formError: string | null;
  /** Shown under each field, keyed by field name. */
  fieldErrors: Record<string, string>;
}

/**
 * Decides where an `auth.login` / `auth.register` failure is shown: beside a field (validation,
 * e-mail already taken, weak password) or in the form-level alert (credentials, rate limit, network).
 * Only `error.data.domainCode` is read; messages are never string-matched.
 */
export type AuthFormOptions = {
  /** Added after a refusal's wait, e.g. the sign-in form's way out («…o restablece tu contraseña»). */
  rateLimitHint?: string;
};

export function authFormErrors(error: unknown, fields: readonly string[], options: AuthFormOptions = {}): AuthFormErrors {
  const info = readDomainError(error);
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(info.fieldErrors)) {
    const first = messages[0];
    if (first && fields.includes(field)) fieldErrors[field] = first;
  }

  switch (info.domainCode) {
    case 'INVALID_CREDENTIALS':
      return { formError: messageForCode('INVALID_CREDENTIALS'), fieldErrors: {} };
    case 'RATE_LIMITED':
      return { formError: authRateLimitMessage(info.retryAfterSeconds) + (options.rateLimitHint ? ` ${options.rateLimitHint}` : ''), fieldErrors: {} };
    case 'EMAIL_TAKEN':
      return { formError: null, fieldErrors: { email: messageForCode('EMAIL_TAKEN') } };
    case 'WEAK_PASSWORD':
      return { formError: null, fieldErrors: { password: fieldErrors.password ?? messageForCode('WEAK_PASSWORD') } };
    case 'VALIDATION':
      return Object.keys(fieldErrors).length > 0 ? { formError: null, fieldErrors } : { formError: messageForCode('VALIDATION'), fieldErrors: {} };
    case null:
      return { formError: info.originRefused ? ORIGIN_REFUSED_MESSAGE : CONNECTION_ERROR_MESSAGE, fieldErrors: {} };
    default:
      return { formError: messageForCode(info.domainCode), fieldErrors };
  }
}

/**
 * The wait of a refused sign-in or registration: minutes for the attempt limits (up to a day), seconds
 * when the server is only busy with this connection's earlier requests (Retry-After of a few seconds).
 */
export function authRateLimitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds !== null && retryAfterSeconds > 0 && retryAfterSeconds < 60) {
    const seconds = Math.ceil(retryAfterSeconds);
    return `Hay demasiadas peticiones desde tu conexión. Vuelve a intentarlo en ${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}.`;
  }
  if (retryAfterSeconds !== null && retryAfterSeconds >= 2 * 60 * 60) {
    const hours = Math.ceil(retryAfterSeconds / 3600);
    return `Demasiados intentos. Vuelve a intentarlo en ${hours} horas.`;
  }
  return rateLimitMessage(retryAfterSeconds);
}

/** Client-side check with the same zod schema the procedure uses: first message per field. */
export function issuesToFieldErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in result)) result[field] = issue.message;
  }
  return result;
}

/** The same record without `key` (used to clear a field's error as soon as it is edited). */
export function withoutKey(record: Record<string, string>, key: string): Record<string, string> {
  if (!(key in record)) return record;
  const copy = { ...record };
  delete copy[key];
  return copy;
}
