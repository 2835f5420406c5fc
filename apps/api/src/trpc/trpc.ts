import { DomainError } from '@ascenso/domain/errors';
import { initTRPC, TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { transformer } from './transformer';
import { guardSocketCall, guardSubscription } from '../realtime/subscription-guard';
import type { AuthState, Context } from './context';
import { DOMAIN_TO_TRPC, fieldErrorsFrom, publicDetails } from './errors';
import { BATCH_REFUSALS } from '../modules/auth/batching';
import { holdsMalformedText, MALFORMED_TEXT_MESSAGE } from './clean-text';

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const domain = error.cause instanceof DomainError ? error.cause : undefined;
    const details = domain ? publicDetails(domain) : undefined;
    const fieldErrors =
      (details?.fieldErrors as Record<string, string[]> | undefined) ?? (error.code === 'BAD_REQUEST' ? fieldErrorsFrom(error.cause) : undefined);
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Error interno del servidor' : (BATCH_REFUSALS.get(shape.message) ?? shape.message),
      data: {
        ...data,
        domainCode: domain?.code ?? (fieldErrors ? 'VALIDATION' : null),
        fieldErrors: fieldErrors ?? null,
        retryAfterSeconds: typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null,
      },
    };
  },
});

/** A middleware's result with a DomainError thrown by a service turned into its mapped TRPCError (kept as the cause). */
function mapDomainResult<R extends { ok: boolean; error?: { cause?: unknown } }>(result: R): R {
  if (!result.ok && result.error?.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  return result;
}

/** Refuses input holding NUL or a lone surrogate (trpc/clean-text.ts), before any procedure runs. */
async function assertCleanInput(getRawInput: () => Promise<unknown>): Promise<void> {
  if (holdsMalformedText(await getRawInput())) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: MALFORMED_TEXT_MESSAGE, cause: new DomainError('VALIDATION', MALFORMED_TEXT_MESSAGE) });
  }
}

const domainErrors = t.middleware(async ({ ctx, type, getRawInput, next }) => {
  await assertCleanInput(getRawInput);
  return type === 'subscription' ? mapDomainResult(await next()) : guardSocketCall(ctx, async () => mapDomainResult(await next()));
});

function toTRPCError(error: unknown): unknown {
  return error instanceof DomainError ? new TRPCError({ code: DOMAIN_TO_TRPC[error.code], message: error.message, cause: error }) : error;
}

/** Subscriptions fail while streaming, after the middleware ran: map their DomainErrors the same way. */
export async function* mapDomainErrors<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    throw toTRPCError(error);
  }
}

/**
 * A zod schema as a synchronous tRPC validator (tRPC's documented custom-validator form, a function).
 * Given the schema itself, tRPC calls zod's `parseAsync`, about three times the cost of `parse` (16 µs
 * against 5 for the stats answer); none of our schemas is async. Same errors: a bad input is still a
 * BAD_REQUEST with the ZodError as its cause, a bad output still fails the call. Clients see the parsed
 * type as the input type: use it for schemas without transforms or defaults.
 */
export function sync<T extends z.ZodType>(schema: T): (value: unknown) => z.output<T> {
  return (value) => schema.parse(value);
}

/**
 * A resolver's answer checked against `schema` inside the resolver, for hot procedures: tRPC's `.output()`
 * is one more middleware level (two copies of the call options per call). A bad answer fails the call the
 * same way: INTERNAL_SERVER_ERROR ("Error interno del servidor"), the ZodError as its cause.
 */
export function checkedOutput<T extends z.ZodType>(schema: T, value: z.input<T>): z.output<T> {
  try {
    return schema.parse(value);
  } catch (cause) {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Output validation failed', cause });
  }
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(domainErrors);

const unauthorized = () =>
  new TRPCError({
    code: 'UNAUTHORIZED',
    message: 'Necesitas iniciar sesión',
    cause: new DomainError('UNAUTHORIZED', 'Necesitas iniciar sesión'),
  });
const forbidden = () =>
  new TRPCError({
    code: 'FORBIDDEN',
    message: 'No tienes permiso para esto',
    cause: new DomainError('FORBIDDEN', 'No tienes permiso para esto'),
  });

// The role checks and the DomainError mapping share one middleware per procedure kind: every
// middleware level costs tRPC two copies of the call options, and these run on every request.
// Only the narrowed key is passed to next(): tRPC merges it into the context.
export const authedProcedure = t.procedure.use(async ({ ctx, type, signal, getRawInput, next }) => {
  const auth = ctx.auth;
  if (!auth) throw unauthorized();
  await assertCleanInput(getRawInput);
  // Subscriptions hold memory until they end: capped per socket and per user/address (realtime/subscription-guard.ts).
  // `auth` is ctx.auth, checked above: the override only narrows its type. Passed as `ctx`, tRPC would copy
  // the whole context on every call to merge a key that is already there.
  if (type === 'subscription') return guardSubscription(ctx, auth, signal, async () => mapDomainResult(await next<{ auth: AuthState }>({})));
  // Queries and mutations over a WebSocket: capped in flight per socket (same file).
  return guardSocketCall(ctx, async () => mapDomainResult(await next<{ auth: AuthState }>({})));
});

export const adminProcedure = t.procedure.use(async ({ ctx, getRawInput, next }) => {
  const auth = ctx.auth;
  if (!auth) throw unauthorized();
  if (auth.user.role !== 'admin') throw forbidden();
  await assertCleanInput(getRawInput);
  return guardSocketCall(ctx, async () => mapDomainResult(await next({ ctx: { auth } })));
});
