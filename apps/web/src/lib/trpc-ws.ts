import type { AppRouter } from '@ascenso/api/router';
import { createWSClient, wsLink, type TRPCLink } from '@trpc/client';
import superjson from 'superjson';
import { socketPolicy, type SocketPolicy } from './realtime/socket-policy';

/** Same-origin WebSocket endpoint: wss on https, ws otherwise. */
export function webSocketUrl(location: { protocol: string; host: string }): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/api/trpc-ws`;
}

/** The socket closes this long after its last subscription ended (sign-out). */
export const LAZY_CLOSE_MS = 5_000;

export interface RealtimeClientOptions {
  url: () => string;
  policy: SocketPolicy;
  /** Tests pass a fake; the browser's otherwise. */
  WebSocket?: typeof WebSocket;
}

/**
 * The tab's one WebSocket, with tRPC's public options only. Lazy: it opens with the first subscription
 * (only a signed-in user has any) and closes 5 s after the last. Reconnects follow `policy` (spec §4, §9;
 * src/lib/realtime/socket-policy.ts): tRPC retries at once (`retryDelayMs` 0) and every attempt first
 * waits at the policy's gate in `url`; `onOpen`/`onClose` report to it. On a reconnect tRPC resends each
 * subscription with the id of the last event it received, so the server replays what was missed.
 */
export function createRealtimeClient({ url, policy, WebSocket }: RealtimeClientOptions) {
  return createWSClient({
    url: async () => {
      await policy.beforeAttempt();
      return url();
    },
    ...(WebSocket ? { WebSocket } : {}),
    // Not 0: while a subscription is open tRPC re-arms this timer each time it fires (0 would spin).
    lazy: { enabled: true, closeMs: LAZY_CLOSE_MS },
    retryDelayMs: () => 0,
    onOpen: () => policy.opened(),
    onClose: (cause) => policy.closed(cause?.code),
  });
}

/**
 * The link of subscriptions: tRPC over the app's WebSocket. Its own chunk (src/lib/trpc.ts loads it
 * with the first subscription), so the first screen does not wait for it.
 */
export function createWebSocketLink(): TRPCLink<AppRouter> {
  const client = createRealtimeClient({ url: () => webSocketUrl(window.location), policy: socketPolicy });
  return wsLink<AppRouter>({ client, transformer: superjson });
}
