import type { DomainError, DomainErrorCode } from '@ascenso/domain/errors';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';

/** The one table from domain error codes to transport codes (HTTP status follows from the tRPC code). */
export const DOMAIN_TO_TRPC: Record<DomainErrorCode, TRPC_ERROR_CODE_KEY> = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'CONFLICT',
  WEAK_PASSWORD: 'BAD_REQUEST',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  DAILY_LIMIT_REACHED: 'TOO_MANY_REQUESTS',
  IDEMPOTENCY_MISMATCH: 'UNPROCESSABLE_CONTENT',
  AI_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  BUSY: 'SERVICE_UNAVAILABLE',
  // tRPC has no 410: NOT_FOUND there, 410 on the REST paths (http/errors.ts).
  LINK_GONE: 'NOT_FOUND',
};

type IssueLike = { path: ReadonlyArray<PropertyKey | { key: PropertyKey }>; message: string };

function hasIssues(value: unknown): value is { issues: IssueLike[] } {
  return typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);
}

/** `{ "firstName": ["Escribe tu nombre"] }` from zod / standard-schema issues. */
export function fieldErrorsFrom(cause: unknown): Record<string, string[]> | undefined {
  if (!hasIssues(cause)) return undefined;
  const out: Record<string, string[]> = {};
  for (const issue of cause.issues) {
    const key = issue.path.map((p) => (typeof p === 'object' && p !== null ? String(p.key) : String(p))).join('.') || '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/** Data the web app and REST clients may rely on, besides the code and message. */
export function publicDetails(error: DomainError): Record<string, unknown> | undefined {
  return error.details;
}
