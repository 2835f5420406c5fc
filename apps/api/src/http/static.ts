import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BootstrapState, RenderedPage } from '@ascenso/domain/bootstrap';
import type { Context, MiddlewareHandler } from 'hono';
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

/** Text types worth compressing (images, fonts and audio are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);
const MIN_COMPRESS_BYTES = 1024;

type Encoding = 'br' | 'gzip';
/** What readFileSync returns (zlib's results are typed more loosely but are the same). */
type Body = Buffer<ArrayBuffer>;

/** The encodings the client accepts, best first (q=0 refuses one). */
function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  return (['br', 'gzip'] as const).filter((e) => accepted.has(e) || (accepted.has('*') && e === 'gzip'));
}

/**
 * What the server knows about the visitor when it sends the app shell (see `serveWebApp`'s
 * `bootstrap` option): the state the web app would otherwise fetch before its first render.
 */
export type WebBootstrap = {
  /**
   * Who the page is for: selects the route chunks to modulepreload and the prerendered markup from the
   * build's `.vite/ascenso-pages.json` (key `${audience}:${path}`), e.g. "visitor" or "member".
   */
  audience: string;
  /** Plain JSON, injected as `<script id="ascenso-bootstrap" type="application/json">` (escaped). */
  state: BootstrapState;
  /** Set-Cookie lines produced while reading the session (e.g. the hourly refresh). */
  setCookies?: string[];
  /**
   * A member's Home rendered on the server for this request (apps/api/src/http/home-renderer.ts): its
   * markup is sent inside `<div id="root" data-page="server">` (the app starts as usual and hydrates
   * it), its styles at the end of `<head>`.
   */
  serverPage?: RenderedPage;
};

/** index.html's `<link rel="modulepreload">` tags, each with its line's indentation and line break. */
const MODULEPRELOAD_TAG = /[ \t]*<link\b[^>]*\brel="modulepreload"[^>]*>\n?/g;

export type ServeWebAppOptions = {
  /** Reads the visitor's state for the app shell; without it index.html is sent as built. */
  bootstrap?: (c: Context<AppEnv>) => Promise<WebBootstrap> | WebBootstrap;
  /**
   * Production: the build's own files are not public. Source maps (`*.map`) and anything under a
   * dot-folder (`/.vite/manifest.json`, `/.vite/ascenso-pages.json`) answer 404 like a missing file;
   * this server still reads `.vite/` itself for the app shell.
   */
  hideBuildFiles?: boolean;
};

/** A source map (also its precompressed siblings) or a path with a dot-segment (`/.vite/…`, `/a/.b`). */
export function isBuildFile(decodedPath: string): boolean {
  return (
    /\.map(\.(br|gz))?$/i.test(decodedPath) || decodedPath.split(/[\\/]/).some((segment) => segment.startsWith('.') && segment !== '.' && segment !== '..')
  );
}

/** Per page of the build (`${audience}:${path}`): chunks to modulepreload and prerendered markup. */
type PageBuild = { modulepreload?: string[]; head?: string; root?: string };

/**
 * JSON that is safe inside an HTML `<script>` element whatever the strings hold: `<`, `>` and `&`
 * (no `</script>`, no `<!--`) and U+2028/U+2029 are written as \u escapes, which JSON.parse reads back.
 */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value) ?? 'null').replace(/[<>&\u2028\u2029]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Attribute-safe text (file names from the build manifest). */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function readPages(root: string): Record<string, PageBuild> {
  try {
    return JSON.parse(readFileSync(join(root, '.vite', 'ascenso-pages.json'), 'utf8')) as Record<string, PageBuild>;
  } catch {
    return {};
  }
}

/**
 * index.html for one visitor: the bootstrap state and the page's modulepreloads at the end of <head>,
 * and inside `<div id="root">` either the page's build-time markup (`data-page="static"`: the landing
 * page, on which the app does not start, so index.html's modulepreloads are listed in
 * `<script id="ascenso-preload">` for prefetching instead) or the markup rendered for this request
 * (`serverPage`, `data-page="server"`: no modulepreloads, the app starts once the page has been painted
 * and hydrates it; its styles come after the bootstrap, at the end of `<head>`).
 */
export function renderShell(indexHtml: string, state: BootstrapState, page: PageBuild | undefined, serverPage?: RenderedPage): string {
  const pagePreloads = (page?.modulepreload ?? []).map((file) => `/${file.replace(/^\//, '')}`);
  let html = indexHtml;
  let head = page?.head ?? '';
  if (page?.root) {
    // Prerendered: the page is complete as HTML and the app does not start on it (apps/web/src/boot.ts),
    // so the app's chunks are not modulepreloaded; boot.ts prefetches this list once the page is idle.
    const deferred: string[] = [];
    html = html.replace(MODULEPRELOAD_TAG, (tag) => {
      const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
      if (href) deferred.push(href);
      return '';
    });
    head += `<script id="ascenso-preload" type="application/json">${jsonForScript(deferred)}</script>`;
    html = html.replace('<div id="root"></div>', () => `<div id="root" data-page="static">${page.root}</div>`);
  } else if (serverPage) {
    // The markup is the page. The app's chunks are not modulepreloaded: boot.ts imports them once the
    // page has been painted, so that no script download competes with the first paint.
    html = html.replace(MODULEPRELOAD_TAG, '');
    html = html.replace('<div id="root"></div>', () => `<div id="root" data-page="server">${serverPage.root}</div>`);
  } else {
    head += pagePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`).join('');
  }
  head += `<script id="ascenso-bootstrap" type="application/json">${jsonForScript(state)}</script>`;
  if (serverPage) head += serverPage.head;
  return html.replace('</head>', () => `${head}</head>`);
}

/**
 * Serves the built web app: files under `root` (hashed assets cached for a year) and, for any other
 * GET outside /api and /ws, index.html so the client router can render the route (history fallback).
 *
 * Text files are sent compressed when the client accepts it: the build writes `.br` and `.gz` next
 * to each asset (apps/web/vite.config.ts) and those are served as they are; a file without them is
 * gzipped once and kept in memory. Responses then carry `Content-Encoding` and `Vary: Accept-Encoding`.
 */
export function serveWebApp(root: string, options: ServeWebAppOptions = {}): MiddlewareHandler<AppEnv> {
  const indexPath = join(root, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : undefined;
  const indexText = indexHtml?.toString('utf8');
  const pages = readPages(root);
  const indexGzip = indexHtml ? (gzipSync(indexHtml, { level: 9 }) as Body) : undefined;
  const base = normalize(root + sep);
  const gzipCache = new Map<string, { mtimeMs: number; body: Body }>();

  /** The body to send for `file` and its Content-Encoding (undefined: identity). */
  function encoded(file: string, mtimeMs: number, size: number, accept: Encoding[]): { body: Body; encoding?: Encoding } {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase()) || size < MIN_COMPRESS_BYTES) return { body: readFileSync(file) };
    for (const encoding of accept) {
      const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      try {
        if (statSync(sibling).mtimeMs >= mtimeMs) return { body: readFileSync(sibling), encoding };
      } catch {
        // no precompressed sibling
      }
    }
    if (!accept.includes('gzip')) return { body: readFileSync(file) };
    const cached = gzipCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return { body: cached.body, encoding: 'gzip' };
    const body = gzipSync(readFileSync(file)) as Body;
    gzipCache.set(file, { mtimeMs, body });
    return { body, encoding: 'gzip' };
  }

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
    // Not served, not even as the app shell: the 404 envelope, as for a missing file.
    if (options.hideBuildFiles && (isBuildFile(decoded) || isBuildFile(candidate.slice(base.length)))) return next();
    if (candidate.startsWith(base) && candidate !== indexPath) {
      try {
        const stat = statSync(candidate);
        if (stat.isFile()) {
          const type = TYPES[extname(candidate).toLowerCase()] ?? 'application/octet-stream';
          const immutable = decoded.startsWith('/assets/');
          const { body, encoding } = encoded(candidate, stat.mtimeMs, stat.size, acceptedEncodings(c.req.header('accept-encoding')));
          const headers: Record<string, string> = {
            'Content-Type': type,
            'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
          };
          if (COMPRESSIBLE.has(extname(candidate).toLowerCase())) headers.Vary = 'Accept-Encoding';
          if (encoding) headers['Content-Encoding'] = encoding;
          return c.body(body, 200, headers);
        }
      } catch {
        // not a file: fall through to the app shell
      }
    }
    if (!indexHtml) return next();
    if (extname(decoded) !== '' && !decoded.endsWith('.html')) return next();
    if (options.bootstrap && indexText !== undefined) {
      // Personal: never stored by shared caches, never reused for another cookie.
      const bootstrap = await options.bootstrap(c);
      const html = Buffer.from(renderShell(indexText, bootstrap.state, pages[`${bootstrap.audience}:${c.req.path}`], bootstrap.serverPage));
      const gzip = acceptedEncodings(c.req.header('accept-encoding')).includes('gzip');
      for (const cookie of bootstrap.setCookies ?? []) c.header('Set-Cookie', cookie, { append: true });
      const headers: Record<string, string> = {
        'Content-Type': TYPES['.html'] ?? 'text/html',
        'Cache-Control': 'private, no-store',
        Vary: 'Accept-Encoding, Cookie',
      };
      if (gzip) headers['Content-Encoding'] = 'gzip';
      return c.body(gzip ? (gzipSync(html, { level: 6 }) as Body) : (html as Body), 200, headers);
    }
    const gzip = indexGzip && acceptedEncodings(c.req.header('accept-encoding')).includes('gzip');
    const headers: Record<string, string> = {
      'Content-Type': TYPES['.html'] ?? 'text/html',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    return c.body(gzip ? indexGzip : indexHtml, 200, headers);
  };
}
