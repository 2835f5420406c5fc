import type { AppRouter } from '@ascenso/api/router';
import { createWSClient, wsLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
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
 * `abandon()` closes it for good (its held attempt fails, so tRPC stops retrying).
 */
export function createRealtimeClient({ url, policy, WebSocket }: RealtimeClientOptions) {
  let abandoned = false;
  let abandon!: (reason: Error) => void;
  const whenAbandoned = new Promise<never>((_, reject) => {
    abandon = reject;
  });
  whenAbandoned.catch(() => undefined);
  const client = createWSClient({
    url: async () => {
      if (abandoned) throw new Error('socket abandoned');
      await Promise.race([policy.beforeAttempt(), whenAbandoned]);
      return url();
    },
    ...(WebSocket ? { WebSocket } : {}),
    // Not 0: while a subscription is open tRPC re-arms this timer each time it fires (0 would spin).
    lazy: { enabled: true, closeMs: LAZY_CLOSE_MS },
    retryDelayMs: () => 0,
    onOpen: () => {
      if (!abandoned) policy.opened();
    },
    onClose: (cause) => {
      if (!abandoned) policy.closed(cause?.code);
    },
  });
  return {
    client,
    abandon: () => {
      if (abandoned) return;
      abandoned = true;
      void client.close(); // stops tRPC's retries first, then the held attempt fails
      abandon(new Error('socket abandoned'));
    },
  };
}

/**
 * The link of subscriptions over the tab's socket. When the server ends the session on it (4401/4403)
 * that socket is abandoned (its subscriptions end with the signed-in app that owned them), and the next
 * subscription, after signing in again, gets a new one.
 */
export function createSocketLink(options: RealtimeClientOptions): TRPCLink<AppRouter> {
  let current: { abandon: () => void; link: TRPCLink<AppRouter> } | null = null;
  options.policy.onSessionEnded(() => {
    current?.abandon();
    current = null;
  });
  return (runtime) =>
    ({ op }) =>
      observable((observer) => {
        if (!current) {
          const { client, abandon } = createRealtimeClient(options);
          current = { abandon, link: wsLink<AppRouter>({ client, transformer: superjson }) };
        }
        return current
          .link(runtime)({
            op,
            next: () => {
              throw new Error('the socket link is a terminating link');
            },
          })
          .subscribe(observer);
      });
}

/**
 * The link of subscriptions: tRPC over the app's WebSocket. Its own chunk (src/lib/trpc.ts loads it
 * with the first subscription), so the first screen does not wait for it.
 */
export function createWebSocketLink(): TRPCLink<AppRouter> {
  return createSocketLink({ url: () => webSocketUrl(window.location), policy: socketPolicy });
}
