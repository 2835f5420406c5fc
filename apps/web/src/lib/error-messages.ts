import { COACH_MESSAGE_MAX_LENGTH } from '@ascenso/domain/coaching';
import type { DomainErrorCode } from '@ascenso/domain/errors';
import { CONNECTION_ERROR_MESSAGE } from './connection-error';
import { readDomainError } from './errors';

export { CONNECTION_ERROR_MESSAGE };

/** A request refused by the server's Origin check (APP_ORIGIN): the page was opened at another address. */
export const ORIGIN_REFUSED_MESSAGE =
  'Esta página se ha abierto desde una dirección no permitida. Ábrela desde la dirección de Ascenso (por ejemplo, http://localhost:3000) y vuelve a intentarlo.';

/**
 * The one place where API error codes become Spanish copy. Components never read error messages;
 * they ask for the copy of `error.data.domainCode`.
 */
// LINK_GONE has its own screen (the password reset page), with its own words.
const MESSAGES: Record<Exclude<DomainErrorCode, 'LINK_GONE'>, string> = {
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
  return (code && code !== 'LINK_GONE' && MESSAGES[code]) || CONNECTION_ERROR_MESSAGE;
}

/** "Demasiados intentos. Vuelve a intentarlo en N minutos." (singular for one minute). */
export function rateLimitMessage(retryAfterSeconds: number | null): string {
  if (retryAfterSeconds === null || retryAfterSeconds <= 0) return MESSAGES.RATE_LIMITED;
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Demasiados intentos. Vuelve a intentarlo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

/**
 * Where an error happened, for screens whose copy must be more specific than the general table (the
 * codes stay the same; only the words change). `fallback` covers unknown errors and network failures.
 */
export type ErrorContext = 'coach-reply' | 'coach-send' | 'coach-start' | 'finish-session' | 'journal-save' | 'note-save' | 'plan';

const COACH_UNAVAILABLE = 'Tu coach no ha podido responder ahora.';
const SAFETY_PAUSE = 'Esta conversación está en pausa por tu seguridad. Puedes empezar una nueva cuando quieras.';

const CONTEXT_MESSAGES: Record<ErrorContext, Partial<Record<DomainErrorCode | 'fallback', string>>> = {
  'coach-reply': {
    AI_UNAVAILABLE: COACH_UNAVAILABLE,
    BUSY: COACH_UNAVAILABLE,
    NOT_FOUND: 'No encontramos este mensaje en la conversación.',
    fallback: COACH_UNAVAILABLE,
  },
  'coach-send': {
    FORBIDDEN: SAFETY_PAUSE,
    CONFLICT: 'Esta conversación ya no admite más mensajes. Empieza una nueva para seguir.',
    VALIDATION: `Escribe un mensaje de hasta ${COACH_MESSAGE_MAX_LENGTH} caracteres.`,
    DAILY_LIMIT_REACHED: 'Has llegado al máximo de mensajes por hoy. Mañana podrás seguir hablando con tu coach.',
    NOT_FOUND: 'No encontramos esta conversación.',
    fallback: 'No hemos podido enviar tu mensaje. Inténtalo de nuevo.',
  },
  'coach-start': {
    DAILY_LIMIT_REACHED: 'Has llegado al máximo de conversaciones nuevas por hoy. Puedes seguir una de las que ya tienes, o empezar otra mañana.',
    fallback: 'No hemos podido empezar la conversación. Inténtalo de nuevo.',
  },
  'finish-session': {
    VALIDATION: 'Cuéntale algo más a tu coach antes de cerrar la sesión.',
    FORBIDDEN: 'Esta sesión se ha pausado por tu seguridad.',
    AI_UNAVAILABLE: 'Tu coach no ha podido preparar el resumen ahora. Inténtalo de nuevo en unos minutos.',
  },
  'journal-save': {
    VALIDATION: 'Escribe algo antes de guardar la entrada.',
    CONFLICT: 'Esta entrada ya está guardada en tu diario.',
    FORBIDDEN: SAFETY_PAUSE,
    DAILY_LIMIT_REACHED: 'Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.',
  },
  'note-save': {
    DAILY_LIMIT_REACHED: 'Has llegado al máximo de notas por hoy. Mañana podrás añadir más.',
  },
  plan: {
    RATE_LIMITED: 'Ya has regenerado tu plan varias veces hoy. Mañana tendrás uno nuevo.',
  },
};

/** Spanish copy for any error thrown by a tRPC call (optionally worded for the screen it happened on). */
export function errorMessage(error: unknown, context?: ErrorContext): string {
  const info = readDomainError(error);
  if (info.originRefused) return ORIGIN_REFUSED_MESSAGE;
  if (context) {
    // A journal entry the server finds too long says so in its body's field error (the server's copy).
    const body = info.fieldErrors.body?.[0];
    if (context === 'journal-save' && info.domainCode === 'VALIDATION' && body) return body;
    const copy = CONTEXT_MESSAGES[context];
    const specific = (info.domainCode && copy[info.domainCode]) || (info.domainCode === null ? copy.fallback : undefined);
    if (specific) return specific;
  }
  if (info.domainCode === 'RATE_LIMITED') return rateLimitMessage(info.retryAfterSeconds);
  return messageForCode(info.domainCode);
}
