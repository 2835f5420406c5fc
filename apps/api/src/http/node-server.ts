import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, shorter than what clients
 * and proxies keep a pooled connection for (nginx's upstream keepalive and most load balancers: 60 s;
 * Playwright's and undici's pools: until closed). A client that reuses a pooled connection just as the
 * server drops it gets ECONNRESET on a request the server never saw. With the server's timeout longer
 * than the peers', the peer is the one to drop an idle connection, and it never reuses one it dropped.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
/** Must exceed the keep-alive timeout, or Node may cut a kept-alive connection while its next request's headers arrive. */
export const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

/** Starts the app on Node with the connection timeouts above; resolves once it listens. */
type FetchCallback = Parameters<typeof serve>[0]['fetch'];

export function listen(fetch: FetchCallback, options: { port: number; hostname: string }): Promise<Server> {
  return new Promise<Server>((resolve, reject) => {
    const server = serve({ fetch, port: options.port, hostname: options.hostname }, () => resolve(server)) as Server;
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    server.headersTimeout = HEADERS_TIMEOUT_MS;
    server.once('error', reject);
  });
}
