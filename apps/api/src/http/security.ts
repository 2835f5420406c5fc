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

/** Request id and security headers on every response. */
export function securityHeaders(options: { hsts: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    await next();
    const headers = c.res.headers;
    headers.set('X-Request-Id', requestId);
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
    headers.set('Permissions-Policy', 'camera=(), geolocation=(), payment=()');
    if (options.hsts) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (c.req.path.startsWith('/api/')) headers.set('Cache-Control', 'no-store');
  };
}
