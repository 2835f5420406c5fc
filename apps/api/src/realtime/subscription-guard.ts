import { DomainError } from '@ascenso/domain/errors';
import { TRPCError } from '@trpc/server';
import type { AuthState, Context } from '../trpc/context';
import { connectionQuotaFor, quotaRefusalMessage } from './connection-quota';

/**
 * Live subscriptions per WebSocket. The key is the socket's own AuthState object: the upgrade handler
 * creates one per socket, hands it to tRPC's createContext, and tRPC's middlewares pass it on unchanged.
 */
const socketBudgets = new WeakMap<AuthState, { open: number; inFlight: number }>();

/** Starts counting the subscriptions and calls of a new socket (called once per upgrade). */
export function trackSocketSubscriptions(auth: AuthState) {
  socketBudgets.set(auth, { open: 0, inFlight: 0 });
}

function budgetOf(auth: AuthState) {
  let budget = socketBudgets.get(auth);
  if (!budget) {
    budget = { open: 0, inFlight: 0 };
    socketBudgets.set(auth, budget);
  }
  return budget;
}

/** Live subscriptions of the socket whose context holds `auth` (tests, metrics). */
export function openSubscriptions(auth: AuthState): number {
  return socketBudgets.get(auth)?.open ?? 0;
}

function tooMany(message: string, retryAfterSeconds?: number) {
  const details = retryAfterSeconds === undefined ? undefined : { retryAfterSeconds };
  return new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message,
    cause: new DomainError('RATE_LIMITED', message, details),
  });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* releasing<T>(source: AsyncIterable<T>, release: () => void): AsyncGenerator<T> {
  try {
    yield* source;
  } finally {
    release();
  }
}

/**
 * Runs a subscription procedure only within the caps (docs/ARCHITECTURE.md "Realtime"):
 * - over WebSocket, at most `subscriptionsPerSocket` live subscriptions per socket; one more gets
 *   TOO_MANY_REQUESTS and the socket and its other subscriptions carry on;
 * - over HTTP (tRPC's SSE streams), each stream counts as a connection of its user and address, under
 *   the same caps as sockets.
 * The slot is freed when the subscription ends, whichever way: the client stops it or goes away
 * (`signal` aborts), or the procedure's iterable finishes or throws.
 */
export async function guardSubscription<R extends { ok: boolean }>(
  ctx: Context,
  auth: AuthState,
  signal: AbortSignal | undefined,
  next: () => Promise<R>,
): Promise<R> {
  let release: () => void;
  if (ctx.transport === 'ws') {
    const budget = budgetOf(auth);
    const limit = ctx.deps.config.realtime.subscriptionsPerSocket;
    if (budget.open >= limit) {
      throw tooMany(`Has abierto demasiadas suscripciones en esta conexión (máximo ${limit}). Cierra alguna antes de abrir otra.`);
    }
    budget.open += 1;
    const held = budget;
    let done = false;
    release = () => {
      if (done) return;
      done = true;
      held.open -= 1;
    };
  } else {
    const grant = await connectionQuotaFor(ctx.deps).acquire({ userId: auth.user.id, address: ctx.ip });
    if (!grant.ok) throw tooMany(quotaRefusalMessage(grant), grant.retryAfterSeconds);
    release = grant.release;
  }
  signal?.addEventListener('abort', release, { once: true });
  let result: R;
  try {
    result = await next();
  } catch (error) {
    release();
    throw error;
  }
  if (!result.ok) {
    release();
    return result;
  }
  const data = (result as { data?: unknown }).data;
  if (isAsyncIterable(data)) return { ...result, data: releasing(data, release) };
  return result;
}

/**
 * Runs a query or mutation of a WebSocket within the socket's cap of calls running at once
 * (`callsInFlight`, docs/ARCHITECTURE.md "Realtime"): a client that sends calls faster than it reads the
 * answers cannot make the server hold more than that many results for it. One more gets
 * TOO_MANY_REQUESTS (a short answer) and the socket carries on. HTTP calls pass straight through: a
 * request holds its own connection, and its batch is capped by the adapter's `maxBatchSize`.
 */
export async function guardSocketCall<R>(ctx: Context, next: () => Promise<R>): Promise<R> {
  if (ctx.transport !== 'ws' || !ctx.auth) return next();
  const budget = budgetOf(ctx.auth);
  const limit = ctx.deps.config.realtime.callsInFlight;
  if (budget.inFlight >= limit) {
    throw tooMany(`Esta conexión tiene demasiadas peticiones en curso (máximo ${limit}). Espera a sus respuestas antes de enviar más.`);
  }
  budget.inFlight += 1;
  try {
    return await next();
  } finally {
    budget.inFlight -= 1;
  }
}

/** Queries and mutations running on the socket whose context holds `auth` (tests, metrics). */
export function callsInFlight(auth: AuthState): number {
  return socketBudgets.get(auth)?.inFlight ?? 0;
}
