import type { AppRouter } from '@ascenso/api/router';
import { createTRPCClient, httpBatchLink, httpLink, splitLink, TRPCClientError, type OperationLink, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import superjson from 'superjson';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * A terminating link loaded on its first operation: every operation waits for it, then goes through
 * it; one that is cancelled meanwhile never starts; a failed load fails the operation (and the next one
 * tries again).
 */
export function lazyLink(load: () => Promise<TRPCLink<AppRouter>>): TRPCLink<AppRouter> {
  return (runtime) => {
    let loading: Promise<OperationLink<AppRouter>> | undefined;
    return ({ op }) =>
      observable((observer) => {
        let inner: Unsubscribable | undefined;
        let closed = false;
        loading ??= load().then(
          (link) => link(runtime),
          (error: unknown) => {
            loading = undefined;
            throw error;
          },
        );
        loading.then(
          (operationLink) => {
            if (closed) return;
            inner = operationLink({
              op,
              next: () => {
                throw new Error('the lazy link is a terminating link');
              },
            }).subscribe(observer);
          },
          (error: unknown) => {
            if (!closed) observer.error(TRPCClientError.from(error instanceof Error ? error : new Error(String(error))));
          },
        );
        return () => {
          closed = true;
          inner?.unsubscribe();
        };
      });
  };
}

/**
 * Most calls in a batch; the server refuses batches over its TRPC_MAX_BATCH_SIZE (20) with 400, so the
 * client stays well below it.
 */
export const MAX_BATCH_ITEMS = 10;

/**
 * `auth.*` calls (sign-in, registration, password change, `auth.me`…) always go alone: the server
 * refuses any batch that names one (docs/decisions/012-sign-in-limits.md).
 */
export function sentAlone(path: string): boolean {
  return path.startsWith('auth.');
}

/** HTTP for queries and mutations: `auth.*` unbatched, the rest batched (at most MAX_BATCH_ITEMS); superjson on both. */
export function httpLinks(url = '/api/trpc', fetchImpl?: typeof fetch): TRPCLink<AppRouter> {
  const fetchOption = fetchImpl ? { fetch: fetchImpl } : {};
  return splitLink({
    condition: (op) => sentAlone(op.path),
    true: httpLink<AppRouter>({ url, transformer: superjson, ...fetchOption }),
    false: httpBatchLink<AppRouter>({ url, transformer: superjson, maxItems: MAX_BATCH_ITEMS, ...fetchOption }),
  });
}

export function createAppTRPCClient() {
  const http = httpLinks();
  // Outside a browser (Home's render worker, tests under Node 20) there is no WebSocket, and nothing is
  // fetched there: HTTP only.
  if (typeof WebSocket === 'undefined') return createTRPCClient<AppRouter>({ links: [http] });
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // Subscriptions go over the WebSocket (src/lib/trpc-ws.ts), loaded with the first one.
        true: lazyLink(() => import('./trpc-ws').then((module) => module.createWebSocketLink())),
        false: http,
      }),
    ],
  });
}

export type AppTRPCClient = ReturnType<typeof createAppTRPCClient>;
