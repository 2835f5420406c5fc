import type { AppRouter } from '@ascenso/api/router';
import { createWSClient, wsLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';

const MAX_RECONNECT_DELAY_MS = 30_000;

/** Same-origin WebSocket endpoint: wss on https, ws otherwise. */
function webSocketUrl(): string {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${window.location.host}/api/trpc-ws`;
}

/**
 * The link of subscriptions: tRPC over the app's WebSocket. Lazy mode: the socket opens only when a
 * subscription starts (i.e. only for a signed-in user) and closes as soon as the last one ends; it
 * reconnects with a backoff of up to 30 s. Its own chunk (src/lib/trpc.ts loads it with the first
 * subscription), so the first screen does not wait for it.
 */
export function createWebSocketLink(): TRPCLink<AppRouter> {
  const client = createWSClient({
    url: webSocketUrl,
    lazy: { enabled: true, closeMs: 0 },
    retryDelayMs: (attempt) => Math.min(1000 * 2 ** attempt, MAX_RECONNECT_DELAY_MS),
  });
  return wsLink<AppRouter>({ client, transformer: superjson });
}
