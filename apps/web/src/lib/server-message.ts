import { TRPCClientError } from '@trpc/client';
import { errorMessage } from './error-messages';
import { readDomainError } from './errors';

/**
 * The copy for a refused practice or listen. The server explains refusals in Spanish (claiming more
 * time than has passed, a class not finished, a listen too short); that sentence is more useful than a
 * generic one, so it is shown as is. Anything else (network, unknown) gets the app's general copy.
 */
export function refusalMessage(error: unknown): string {
  const info = readDomainError(error);
  const firstFieldError = Object.values(info.fieldErrors)[0]?.[0];
  if (firstFieldError) return firstFieldError;
  if (
    error instanceof TRPCClientError &&
    (info.domainCode === 'VALIDATION' || info.domainCode === 'CONFLICT' || info.domainCode === 'NOT_FOUND') &&
    error.message.trim()
  ) {
    return error.message;
  }
  return errorMessage(error);
}

/** True when the server answered with a refusal (4xx) rather than failing or being unreachable. */
export function isRefusal(error: unknown): boolean {
  const status = readDomainError(error).httpStatus;
  return status !== null && status >= 400 && status < 500;
}
