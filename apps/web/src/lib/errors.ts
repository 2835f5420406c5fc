import type { DomainErrorCode } from '@ascenso/domain/errors';
import { TRPCClientError } from '@trpc/client';

/** What the API puts in `error.data` next to tRPC's own fields (see apps/api error formatter). */
export interface DomainErrorInfo {
  domainCode: DomainErrorCode | null;
  httpStatus: number | null;
  fieldErrors: Record<string, string[]>;
  retryAfterSeconds: number | null;
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

/** Reads the structured part of a tRPC error; anything else (network, unknown) yields nulls. */
export function readDomainError(error: unknown): DomainErrorInfo {
  const info: DomainErrorInfo = { domainCode: null, httpStatus: null, fieldErrors: {}, retryAfterSeconds: null };
  if (!(error instanceof TRPCClientError)) return info;
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
