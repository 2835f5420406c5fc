import { appRouter } from '../trpc/app-router';

export type ProcedureKind = 'query' | 'mutation' | 'subscription';

/**
 * Every procedure of the router with its kind, read from the router itself (test support for the
 * authorization matrix and the fuzz tests). tRPC has no public API that lists a router's procedures,
 * so this reads `_def`: the one place allowed to (eslint.config.js), and never imported by production code.
 */
export function listProcedures(): Array<{ path: string; kind: ProcedureKind }> {
  return Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureKind } }>).map(([path, procedure]) => ({
    path,
    kind: procedure._def.type,
  }));
}

/** Calls `path` on a caller with `input` (subscriptions are started and then stopped). */
export async function callPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  let target = caller as Record<string, unknown>;
  const parts = path.split('.');
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  const fn = target[parts.at(-1) as string] as (input: unknown) => Promise<unknown>;
  const result = await fn(input);
  if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
    // Start it (inputs and auth are checked then), read what comes in 20 ms, and let it go: awaiting
    // return() would wait for a next() that may never settle.
    const iterator = (result as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    const first = iterator.next();
    await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 20))]);
    void first.catch(() => {});
    void iterator.return?.()?.catch(() => {});
  }
  return result;
}
