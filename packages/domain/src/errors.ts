/**
 * One error type for rule failures. Services throw it; the API maps `code` to a transport status
 * (see apps/api/src/trpc/errors.ts) and the web app maps it to Spanish copy.
 */
export const DOMAIN_ERROR_CODES = [
  'VALIDATION',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'WEAK_PASSWORD',
  'RATE_LIMITED',
  'DAILY_LIMIT_REACHED',
  'IDEMPOTENCY_MISMATCH',
  'AI_UNAVAILABLE',
  'BUSY',
  /** A one-time link that was used, has expired or never existed (REST: 410 Gone). */
  'LINK_GONE',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(code: DomainErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(value: unknown): value is DomainError {
  return value instanceof DomainError;
}
