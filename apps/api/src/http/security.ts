import type { MiddlewareHandler } from 'hono';
import { envelope } from './errors';
import type { AppEnv } from './types';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isAllowedOrigin(origin: string | null | undefined, allowed: readonly string[]): boolean {
  return typeof origin === 'string' && allowed.includes(origin);
}

/**
 * CSRF defence: every state-changing request must carry an Origin from the allow-list.
 * (Hono's csrf() only looks at form content types, so JSON would pass it.)
 */
export function originCheck(allowed: readonly string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method) && !isAllowedOrigin(c.req.header('origin'), allowed)) {
      return envelope(c, 403, 'FORBIDDEN_ORIGIN', 'Origen no permitido');
    }
    await next();
  };
}

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // Chakra (emotion) injects <style> elements at run time.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * Request id and security headers on every response. They are defaults: a handler that sets one of
 * them itself (say, Cache-Control on a cacheable audio file under /api) keeps its own value.
 *
 * On Node the headers go straight onto the ServerResponse (`setHeader`), which merges them with the
 * answer's own when it is written; touching `c.res.headers` instead would turn every answer into a
 * full fetch Response with a validated Headers object, a measurable share of a small request's cost.
 * Without a ServerResponse (tests calling `app.request`) they are added to `c.res.headers`.
 */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  const fixed: Array<[string, string]> = [
    ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Permissions-Policy', 'camera=(), geolocation=(), payment=()'],
  ];
  if (options.hsts) fixed.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    const api = c.req.path.startsWith('/api/');
    const outgoing = c.env?.outgoing;
    if (outgoing && typeof outgoing.setHeader === 'function' && !outgoing.headersSent) {
      outgoing.setHeader('X-Request-Id', requestId);
      for (const [name, value] of fixed) outgoing.setHeader(name, value);
      if (api) outgoing.setHeader('Cache-Control', 'no-store');
      await next();
      return;
    }
    await next();
    const headers = c.res.headers;
    const add = (name: string, value: string) => {
      if (!headers.has(name)) headers.set(name, value);
    };
    add('X-Request-Id', requestId);
    for (const [name, value] of fixed) add(name, value);
    if (api) add('Cache-Control', 'no-store');
  };
}
