import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
};

/**
 * Serves the built web app: files under `root` (hashed assets cached for a year) and, for any other
 * GET outside /api and /ws, index.html so the client router can render the route (history fallback).
 */
export function serveWebApp(root: string): MiddlewareHandler<AppEnv> {
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : undefined;
  const base = normalize(root + sep);

  return async (c, next) => {
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.req.path.startsWith('/api/') || c.req.path === '/ws') {
      return next();
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(c.req.path);
    } catch {
      decoded = '/';
    }
    const candidate = normalize(join(root, decoded));
    if (candidate.startsWith(base) && candidate !== indexPath) {
      try {
        const stat = statSync(candidate);
        if (stat.isFile()) {
          const type = TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream';
          const immutable = decoded.startsWith('/assets/');
          return c.body(readFileSync(candidate), 200, {
            'Content-Type': type,
            'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          });
        }
      } catch {
        // not a file: fall through to the app shell
      }
    }
    if (!indexHtml) return next();
    if (extname(decoded) !== '' && !decoded.endsWith('.html')) return next();
    return c.body(indexHtml, 200, { 'Content-Type': TYPES['.html'] ?? 'text/html', 'Cache-Control': 'no-cache' });
  };
}
