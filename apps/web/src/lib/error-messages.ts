import type { DomainErrorCode } from '@ascenso/domain/errors';
import { readDomainError } from './errors';

/** Shown for network failures and for any error the app does not recognise. */
export const CONNECTION_ERROR_MESSAGE = 'No hemos podido conectar. Inténtalo de nuevo.';

/**
 * The one place where API error codes become Spanish copy. Components never read error messages;
 * they ask for the copy of `error.data.domainCode`.
 */
const MESSAGES: Record<DomainErrorCode, string> = {
  VALIDATION: 'Revisa los campos marcados.',
  UNAUTHORIZED: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  INVALID_CREDENTIALS: 'Correo o contraseña incorrectos.',
  FORBIDDEN: 'No tienes permiso para hacer esto.',
  NOT_FOUND: 'No hemos encontrado lo que buscabas.',
  CONFLICT: 'Alguien ha hecho un cambio a la vez que tú. Vuelve a intentarlo.',
  EMAIL_TAKEN: 'Ya existe una cuenta con ese correo. Inicia sesión o usa otro correo.',
  WEAK_PASSWORD: 'Esa contraseña es demasiado común; elige otra.',
  RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo.',
  DAILY_LIMIT_REACHED: 'Ya has alcanzado el límite de hoy para esta actividad.',
  IDEMPOTENCY_MISMATCH: 'Esta acción ya se registró con otros datos.',
  AI_UNAVAILABLE: 'El coach no está disponible ahora mismo. Inténtalo de nuevo en unos minutos.',
  BUSY: 'Hay mucha actividad en este momento. Inténtalo de nuevo en unos segundos.',
};

export function messageForCode(code: DomainErrorCode | null): string {
  return (code && MESSAGES[code]) || CONNECTION_ERROR_MESSAGE;
}

/** "Demasiados intentos. Vuelve a intentarlo en N minutos." (singular for one minute). */
export function rateLimitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null || retryAfterSeconds <= 0) return MESSAGES.RATE_LIMITED;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Demasiados intentos. Vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/** Spanish copy for any error thrown by a tRPC call. */
export function errorMessage(error: unknown): string {
  const info = readDomainError(error);
  if (info.domainCode === 'RATE_LIMITED') return rateLimitMessage(info.retryAfterSeconds);
  return messageForCode(info.domainCode);
}
