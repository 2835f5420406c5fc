import type { DomainErrorCode } from '@ascenso/domain/errors';
import { TRPCClientError } from '@trpc/client';

/** What the API puts in `error.data` next to tRPC's own fields (see apps/api error formatter). */
export interface DomainErrorInfo {
  domainCode: DomainErrorCode | null;
  httpStatus: number | null;
  fieldErrors: Record<string, string[]>;
  retryAfterSeconds: number | null;
  /**
   * The server refused the request because the page's Origin is not in its APP_ORIGIN allow-list (403
   * `FORBIDDEN_ORIGIN`, a REST envelope rather than a tRPC error, read from the client error's `meta`).
   */
  originRefused: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const result: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      const strings = messages.filter((message): message is string => typeof message === 'string');
      if (strings.length > 0) result[field] = strings;
    }
  }
  return result;
}

/** The server's origin check answers `{ error: { code: 'FORBIDDEN_ORIGIN', … } }` with status 403. */
function isOriginRefusal(meta: unknown): boolean {
  if (!isRecord(meta)) return false;
  const response = meta.response;
  const status = isRecord(response) && typeof response.status === 'number' ? response.status : null;
  const body = meta.responseJSON;
  const code = isRecord(body) && isRecord(body.error) ? body.error.code : undefined;
  return status === 403 && code === 'FORBIDDEN_ORIGIN';
}

/** Reads the structured part of a tRPC error; anything else (network, unknown) yields nulls. */
export function readDomainError(error: unknown): DomainErrorInfo {
  const info: DomainErrorInfo = {
    domainCode: null,
    httpStatus: null,
    fieldErrors: {},
    retryAfterSeconds: null,
    originRefused: false,
  };
  if (!(error instanceof TRPCClientError)) return info;
  if (isOriginRefusal(error.meta)) {
    info.originRefused = true;
    info.httpStatus = 403;
    return info;
  }
  const data: unknown = error.data;
  if (!isRecord(data)) return info;
  if (typeof data.domainCode === 'string') info.domainCode = data.domainCode as DomainErrorCode;
  if (typeof data.httpStatus === 'number') info.httpStatus = data.httpStatus;
  if (typeof data.retryAfterSeconds === 'number' && Number.isFinite(data.retryAfterSeconds)) {
    info.retryAfterSeconds = data.retryAfterSeconds;
  }
  info.fieldErrors = readFieldErrors(data.fieldErrors);
  return info;
}

/** The API said the thing asked for does not exist (or is not the member's): `NOT_FOUND`. */
export function isNotFound(error: unknown): boolean {
  return readDomainError(error).domainCode === 'NOT_FOUND';
}
