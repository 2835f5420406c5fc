import type { Context as HonoContext } from 'hono';
import type { AppEnv } from './types';

/** The peer address of the TCP connection (no proxy headers are trusted). */
export function clientIp(c: HonoContext<AppEnv>): string {
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * The request's headers for reading. On Node they come from the parsed IncomingMessage, which is
 * free; `c.req.raw.headers` would first copy every header into a validated fetch Headers.
 */
export function requestHeaders(c: HonoContext<AppEnv>): Pick<Headers, 'get'> {
  const incoming = c.env?.incoming?.headers;
  if (!incoming) return c.req.raw.headers;
  return {
    get(name: string): string | null {
      const value = incoming[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
