import type { Context as HonoContext } from 'hono';
import type { Deps } from '../deps';
import { createRequestContext, type Context } from '../trpc/context';
import { clientIp } from './client-ip';
import type { AppEnv } from './types';

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

/**
 * The procedures' context for an HTTP request: the session from its cookie, its address and request
 * id. Set-Cookie lines the context issues (an hourly session refresh) go to `responseHeaders`.
 */
export function requestContext(deps: Deps, c: HonoContext<AppEnv>, responseHeaders: Pick<Headers, 'append'>): Promise<Context> {
  return createRequestContext(deps, {
    headers: requestHeaders(c),
    responseHeaders,
    ip: clientIp(c, deps.config.trustProxy),
    requestId: c.get('requestId'),
  });
}
