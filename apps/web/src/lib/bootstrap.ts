import type { BootstrapQuery, BootstrapState, FirstScreenQueryPath } from '@ascenso/domain/bootstrap';
import type { AppRouter } from '@ascenso/api/router';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

/**
 * What the server knows when it sends the app shell (apps/api/src/http/web-bootstrap.ts, shape and
 * query list in packages/domain/src/bootstrap.ts): answers to the queries the first screen needs
 * (`auth.me`, the assessment status, Home's data...), in tRPC's wire format (superjson). It is a
 * `<script type="application/json">` (never executed; the server escapes `<`, `>`, `&`, U+2028/2029).
 * Missing under the Vite dev server: the app then asks as usual.
 */
export type { BootstrapQuery, BootstrapState };

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

/**
 * The query key of each first-screen query, as @trpc/tanstack-react-query makes it
 * (`trpc.<path>.queryKey()`): the key the screens' own `trpc.<path>.queryOptions()` use. A path added to
 * the domain's list without a key here fails the typecheck.
 */
const QUERY_KEYS: Record<FirstScreenQueryPath, (trpc: TRPCOptionsProxy<AppRouter>) => QueryKey> = {
  'auth.me': (trpc) => trpc.auth.me.queryKey(),
  'assessment.status': (trpc) => trpc.assessment.status.queryKey(),
  'activities.stats': (trpc) => trpc.activities.stats.queryKey(),
  'voice.capability': (trpc) => trpc.voice.capability.queryKey(),
  'meditations.today': (trpc) => trpc.meditations.today.queryKey(),
  'dailyPlan.today': (trpc) => trpc.dailyPlan.today.queryKey(),
  'assessment.profile': (trpc) => trpc.assessment.profile.queryKey(),
  'activities.catalogue': (trpc) => trpc.activities.catalogue.queryKey(),
  'assessment.resultsNotice': (trpc) => trpc.assessment.resultsNotice.queryKey(),
};

function isFirstScreenPath(path: string): path is FirstScreenQueryPath {
  return Object.hasOwn(QUERY_KEYS, path);
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

/**
 * Stores every bootstrap answer in the query cache (fresh now, like an answer just received), under
 * the key tRPC's options proxy gives it. Paths that are not first-screen queries are ignored.
 */
export function seedQueryCache(queryClient: QueryClient, client: TRPCClient<AppRouter>, state: BootstrapState | undefined): void {
  const trpc = createTRPCOptionsProxy<AppRouter>({ client, queryClient });
  for (const { path } of state?.queries ?? []) {
    if (!isFirstScreenPath(path)) continue;
    const data = bootstrapData(state, path);
    if (data !== undefined) queryClient.setQueryData(QUERY_KEYS[path](trpc), data);
  }
}

let initial: BootstrapState | undefined | null = null;

/** The page's bootstrap, read from the document once. */
export function takeInitialBootstrap(): BootstrapState | undefined {
  if (initial === null) initial = typeof document === 'undefined' ? undefined : readBootstrap();
  return initial;
}
