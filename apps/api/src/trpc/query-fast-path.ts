import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { Context } from './context';
import type { ProcedureMeta } from './trpc';

/**
 * The common case of tRPC over HTTP, answered without the fetch adapter: a GET of one or more
 * queries (what `httpLink` and `httpBatchLink` send) that all succeed. The adapter builds a fetch
 * `Request` (headers copied into a `Headers`), two combined abort signals per call, a `Headers` and
 * a `Response` per answer; on this server that was more than half the cost of a small query.
 *
 * The procedures themselves run exactly as through the adapter: same context, same middlewares
 * (session, roles, input and output validation), same transformer. Anything else (a mutation, a
 * subscription, a streamed batch, an unknown path, a parameter the adapter would look at, input that
 * is not JSON, a query marked `abortOnDisconnect` that needs the request's abort signal) is not taken here, and neither is any call that fails: the adapter then answers the
 * whole request, so the error shape, status and `onError` logging stay the adapter's own. Queries do
 * not write, so running a failed batch a second time there is safe.
 */

type Transformer = {
  input: { deserialize: (value: unknown) => unknown };
  output: { serialize: (value: unknown) => unknown };
};

export type QueryCall = { path: string; procedure: AnyTRPCProcedure; input: unknown };

/**
 * What a GET to `/api/trpc/<paths>?<search>` asks for, when it is a plain query call or batch. A batch
 * of more than `maxBatchSize` calls is not taken (the adapter refuses it with 400, its `maxBatchSize`).
 */
export function parseQueryRequest(
  router: AnyTRPCRouter,
  pathPart: string,
  search: string,
  maxBatchSize = Number.POSITIVE_INFINITY,
): { calls: QueryCall[]; batch: boolean } | undefined {
  if (!pathPart) return undefined;
  let batch = false;
  let rawInput: string | undefined;
  if (search) {
    for (const [key, value] of new URLSearchParams(search)) {
      if (key === 'batch' && value === '1' && !batch) batch = true;
      else if (key === 'input' && rawInput === undefined) rawInput = value;
      else return undefined;
    }
  }
  let paths: string[];
  try {
    paths = batch ? decodeURIComponent(pathPart).split(',') : [decodeURIComponent(pathPart)];
  } catch {
    return undefined;
  }
  if (paths.length > maxBatchSize) return undefined;
  let parsed: unknown;
  if (rawInput !== undefined) {
    try {
      parsed = JSON.parse(rawInput);
    } catch {
      return undefined;
    }
  }
  if (batch && parsed !== undefined && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)))
    return undefined;
  const transformer = router._def._config.transformer as Transformer;
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const calls: QueryCall[] = [];
  for (let index = 0; index < paths.length; index += 1) {
    const path = paths[index] as string;
    const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
    if (!procedure || procedure._def.type !== 'query') return undefined;
    // A query that must stop its upstream call when the client leaves needs the adapter's signal.
    if ((procedure._def.meta as ProcedureMeta | undefined)?.abortOnDisconnect) return undefined;
    const serialized = batch ? (parsed as Record<string, unknown> | undefined)?.[String(index)] : parsed;
    let input: unknown;
    try {
      input = serialized === undefined ? undefined : transformer.input.deserialize(serialized);
    } catch {
      return undefined;
    }
    calls.push({ path, procedure, input });
  }
  return { calls, batch };
}

function isDataStream(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Symbol.asyncIterator in value) return true;
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    if (
      typeof inner === 'object' &&
      inner !== null &&
      (typeof (inner as { then?: unknown }).then === 'function' || Symbol.asyncIterator in inner)
    )
      return true;
  }
  return false;
}

/**
 * Runs the calls with `ctx`; the JSON body the adapter would send when every call succeeds, or
 * undefined when one failed (or answered with a stream) and the adapter must answer instead.
 */
export async function runQueryCalls(
  router: AnyTRPCRouter,
  calls: QueryCall[],
  batch: boolean,
  ctx: Context,
): Promise<string | undefined> {
  const transformer = router._def._config.transformer as Transformer;
  let results: unknown[];
  try {
    results = await Promise.all(
      calls.map((call, batchIndex) =>
        // No abort signal: these queries do not read one (see ProcedureMeta.abortOnDisconnect).
        call.procedure({
          path: call.path,
          getRawInput: () => Promise.resolve(call.input),
          ctx,
          type: 'query',
          signal: undefined,
          batchIndex,
        }),
      ),
    );
  } catch {
    return undefined;
  }
  const items: Array<{ result: { data: unknown } }> = [];
  for (const data of results) {
    if (isDataStream(data)) return undefined;
    items.push({ result: { data: transformer.output.serialize(data) } });
  }
  return JSON.stringify(batch ? items : items[0]);
}
