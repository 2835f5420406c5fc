import { DomainError } from '@ascenso/domain/errors';
import { initTRPC, TRPCError } from '@trpc/server';
import { transformer } from './transformer';
import type { Context } from './context';
import { DOMAIN_TO_TRPC, fieldErrorsFrom, publicDetails } from './errors';

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const domain = error.cause instanceof DomainError ? error.cause : undefined;
    const details = domain ? publicDetails(domain) : undefined;
    const fieldErrors =
      (details?.fieldErrors as Record<string, string[]> | undefined) ??
      (error.code === 'BAD_REQUEST' ? fieldErrorsFrom(error.cause) : undefined);
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? 'Error interno del servidor' : shape.message,
      data: {
        ...data,
        domainCode: domain?.code ?? (fieldErrors ? 'VALIDATION' : null),
        fieldErrors: fieldErrors ?? null,
        retryAfterSeconds: typeof details?.retryAfterSeconds === 'number' ? details.retryAfterSeconds : null,
      },
    };
  },
});

/** Turns a DomainError thrown by a service into the mapped TRPCError (keeping it as the cause). */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) throw toTRPCError(result.error.cause);
  return result;
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.use(domainErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.auth) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'Necesitas iniciar sesión',
      cause: new DomainError('UNAUTHORIZED', 'Necesitas iniciar sesión'),
    });
  }
  // Only the narrowed key: tRPC merges it into the context (spreading the whole context here costs a copy per call).
  return next({ ctx: { auth: ctx.auth } });
});

export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.auth.user.role !== 'admin') {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'No tienes permiso para esto',
      cause: new DomainError('FORBIDDEN', 'No tienes permiso para esto'),
    });
  }
  return next();
});
