import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { TEST_ORIGIN } from '../testing/test-app';
import type { AppRouter } from './app-router';

/**
 * Test support: a tRPC client over the API's WebSocket (/api/trpc-ws), signed in with `cookie`. Its close is
 * pushed onto `stops`, which the test file runs after each test.
 */
export function trpcOverWebSocket(wsUrl: string, cookie: string, stops: Array<() => unknown>) {
  class CookieWebSocket extends WebSocket {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols, { headers: { cookie, origin: TEST_ORIGIN } });
    }
  }
  const wsClient = createWSClient({ url: `${wsUrl}/api/trpc-ws`, WebSocket: CookieWebSocket as never });
  stops.push(() => wsClient.close());
  return createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
}
