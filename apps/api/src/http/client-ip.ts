import type { IncomingHttpHeaders } from 'node:http';
import { isIP } from 'node:net';
import type { Context as HonoContext } from 'hono';
import type { AppEnv } from './types';

/** What the address is read from: a Node request (HTTP or WebSocket upgrade), or the tests' stand-in. */
export type AddressSource = { headers?: IncomingHttpHeaders | undefined; socket?: { remoteAddress?: string | undefined } | undefined };

/**
 * The client's address, which the per-address limits (sign-in, registration, sockets) count.
 *
 * `trustedProxies` is TRUST_PROXY: how many reverse proxies of ours stand in front of this process, each
 * appending the address it got the request from to X-Forwarded-For (nginx's `$proxy_add_x_forwarded_for`,
 * deploy/nginx/ascenso.conf). With 0 (the default) the TCP peer is the client and X-Forwarded-For is
 * ignored: anyone can send it. With N the client is the N-th entry from the right: the right-most address
 * no proxy of ours vouches for, the one the outermost proxy saw. Entries further left were written by
 * the client and are never used, so a forged X-Forwarded-For cannot change the address. A request with
 * fewer entries than N, or a non-address in that place, did not come through the proxies as configured:
 * its TCP peer is used.
 */
export function addressOf(source: AddressSource | undefined, trustedProxies: number): string {
  const peer = source?.socket?.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return peer;
  const header = source?.headers?.['x-forwarded-for'];
  if (header === undefined) return peer;
  // Node joins repeated X-Forwarded-For lines with ", ": one list either way.
  const hops = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  const client = hops[hops.length - trustedProxies];
  return client !== undefined && isIP(client) !== 0 ? client : peer;
}

/** The client address of an HTTP request (see `addressOf`; `trustedProxies` is `config.trustProxy`). */
export function clientIp(c: HonoContext<AppEnv>, trustedProxies: number): string {
  return addressOf(c.env?.incoming, trustedProxies);
}
