import type { QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';

/**
 * What the server knows when it sends the app shell (apps/api/src/http/web-bootstrap.ts): answers to
 * the queries the first screen needs (`auth.me`, the assessment status, Home's data...), in tRPC's
 * wire format (superjson). It is a `<script type="application/json">` (never executed; the server
 * escapes `<`, `>`, `&`, U+2028/2029). Missing under the Vite dev server: the app then asks as usual.
 */
export type BootstrapQuery = { path: string; data: unknown };
export type BootstrapState = { v: 1; queries: BootstrapQuery[] };

export const BOOTSTRAP_ELEMENT_ID = 'ascenso-bootstrap';

/** The parsed bootstrap, or undefined when absent or malformed (never throws). */
export function readBootstrap(doc: Document = document): BootstrapState | undefined {
  const text = doc.getElementById(BOOTSTRAP_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Partial<BootstrapState> | null;
    if (value?.v !== 1 || !Array.isArray(value.queries)) return undefined;
    return {
      v: 1,
      queries: value.queries.filter((q): q is BootstrapQuery => typeof q?.path === 'string' && 'data' in q),
    };
  } catch {
    return undefined;
  }
}

/** The query key @trpc/tanstack-react-query gives `trpc.<path>.queryOptions()` without input. */
export function trpcQueryKey(path: string): [string[], { type: 'query' }] {
  return [path.split('.'), { type: 'query' }];
}

/** The decoded answer for `path`, or undefined when the bootstrap does not have it. */
export function bootstrapData<T = unknown>(state: BootstrapState | undefined, path: string): T | undefined {
  const query = state?.queries.find((q) => q.path === path);
  if (!query) return undefined;
  try {
    return superjson.deserialize(query.data as Parameters<typeof superjson.deserialize>[0]) as T;
  } catch {
    return undefined;
  }
}

/** Stores every bootstrap answer in the query cache (fresh now, like an answer just received). */
export function seedQueryCache(queryClient: QueryClient, state: BootstrapState | undefined): void {
  for (const { path } of state?.queries ?? []) {
    const data = bootstrapData(state, path);
    if (data !== undefined) queryClient.setQueryData(trpcQueryKey(path), data);
  }
}

let initial: BootstrapState | undefined | null = null;

/** The page's bootstrap, read from the document once. */
export function takeInitialBootstrap(): BootstrapState | undefined {
  if (initial === null) initial = typeof document === 'undefined' ? undefined : readBootstrap();
  return initial;
}
