import type { AppRouter } from '@ascenso/api/router';
import { createTRPCClient, createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import superjson from 'superjson';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const MAX_RECONNECT_DELAY_MS = 30_000;

/** Same-origin WebSocket endpoint: wss on https, ws otherwise. */
function webSocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/trpc-ws`;
}

export function createAppTRPCClient() {
  const http = httpBatchLink<AppRouter>({ url: '/api/trpc', transformer: superjson });
  // Rendering on the server (src/prerender/member-home.tsx) nothing is fetched and there is no
  // WebSocket (Node 20): the client is never called there.
  if (typeof WebSocket === 'undefined') return createTRPCClient<AppRouter>({ links: [http] });
  // Lazy mode: the socket opens only when a subscription starts (i.e. only for a signed-in user)
  // and closes as soon as the last subscription ends.
  const wsClient = createWSClient({
    url: webSocketUrl,
    lazy: { enabled: true, closeMs: 0 },
    retryDelayMs: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RECONNECT_DELAY_MS),
  });

  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink<AppRouter>({ client: wsClient, transformer: superjson }),
        false: http,
      }),
    ],
  });
}

export type AppTRPCClient = ReturnType<typeof createAppTRPCClient>;
