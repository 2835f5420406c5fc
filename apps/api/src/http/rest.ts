import { DomainError } from '@ascenso/domain/errors';
import { TRPCError } from '@trpc/server';
import type { Handler, Context as HonoContext } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { Deps } from '../deps';
import { holdsMalformedText, MALFORMED_TEXT_MESSAGE } from '../trpc/clean-text';
import type { Context } from '../trpc/context';
import { createCaller } from '../trpc/app-router';
import { readJsonBody } from './errors';
import { requestContext } from './request-meta';
import type { AppEnv } from './types';

export type Caller = ReturnType<typeof createCaller>;

/**
 * Runs a REST shim against the same tRPC procedures (createCaller), so validation, auth and output
 * schemas have one source. Set-Cookie lines the procedure issued are copied to the response.
 */
export async function withCaller(deps: Deps, c: HonoContext<AppEnv>, run: (caller: Caller) => Promise<Response>): Promise<Response> {
  const cookies: string[] = [];
  const ctx = await requestContext(deps, c, { append: (_name, value) => cookies.push(value) });
  const response = await run(createCaller(ctx));
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * A procedure's input as a REST shim hands it over: the procedure's own input schema (exported beside its
 * router) and who may call it — `member` for `authedProcedure`, `anyone` for `publicProcedure`.
 */
export type ProcedureInput<S extends z.ZodType> = { schema: S; caller: 'anyone' | 'member' };

/**
 * `withCaller` for a procedure that takes a body (decision 040): the body is checked against the procedure's
 * input schema before the call, so the shim hands the procedure a value of its input type (no cast). The
 * checks run in the procedure's own order (trpc/trpc.ts): the session for a member's procedure, then the
 * clean-text rule, then the schema; each refusal is the error the procedure would throw, so the REST answer
 * (status and envelope, http/errors.ts) is the same as when the procedure refused the body itself. The
 * procedure still validates its input as on every transport.
 */
export async function withInput<S extends z.ZodType>(
  deps: Deps,
  c: HonoContext<AppEnv>,
  input: ProcedureInput<S>,
  body: unknown,
  run: (caller: Caller, input: z.input<S>) => Promise<Response>,
): Promise<Response> {
  const cookies: string[] = [];
  const ctx = await requestContext(deps, c, { append: (_name, value) => cookies.push(value) });
  assertInput(ctx, input, body);
  const response = await run(createCaller(ctx), body);
  for (const cookie of cookies) response.headers.append('set-cookie', cookie);
  return response;
}

/**
 * The route of the most common shim with a body: the request's JSON body, checked as the procedure's input
 * (`withInput`), handed to one procedure call whose result is the answer, as JSON with `status`.
 */
export function jsonBodyRoute<S extends z.ZodType>(
  deps: Deps,
  input: ProcedureInput<S>,
  status: ContentfulStatusCode,
  call: (caller: Caller, input: z.input<S>) => Promise<unknown>,
): Handler<AppEnv> {
  return async (c) => {
    const body = await readJsonBody(c);
    return withInput(deps, c, input, body, async (caller, checked) => c.json(await call(caller, checked), status));
  };
}

function assertInput<S extends z.ZodType>(ctx: Context, input: ProcedureInput<S>, body: unknown): asserts body is z.input<S> {
  if (input.caller === 'member' && !ctx.auth) throw new DomainError('UNAUTHORIZED', 'Necesitas iniciar sesión');
  if (holdsMalformedText(body)) throw new DomainError('VALIDATION', MALFORMED_TEXT_MESSAGE);
  const checked = input.schema.safeParse(body);
  // tRPC's own refusal of an input: BAD_REQUEST with the issues as its cause (the envelope lists them by field).
  if (!checked.success) throw new TRPCError({ code: 'BAD_REQUEST', message: 'Input validation failed', cause: checked.error });
}
