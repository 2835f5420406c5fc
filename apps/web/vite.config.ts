import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/** A build-only plugin; its hooks read the build's output folder (absolute, known once the config is resolved). */
function buildOutputPlugin(name: string, hooks: (outDir: () => string) => Omit<Plugin, 'name' | 'apply' | 'configResolved'>): Plugin {
  let outDir = 'dist';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    ...hooks(() => outDir),
  };
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text file of the build; the API serves
 * them to clients that accept them (apps/api/src/http/static.ts). Source maps are left alone.
 */
function precompress(): Plugin {
  return buildOutputPlugin('ascenso-precompress', (outDir) => ({
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir())) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || file.includes('/.vite/')) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  }));
}

/** Build-manifest chunk (as in dist/.vite/manifest.json). */
type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

/**
 * The first screen of each kind of visitor at `/` (and `/acceso`), by source module: the server
 * (apps/api/src/http/static.ts) adds `<link rel="modulepreload">` for its chunks to the app shell it
 * sends, so they download with the entry instead of after it. Keys: `${audience}:${path}`, audience
 * as apps/api/src/http/web-bootstrap.ts names it.
 */
export const FIRST_SCREENS: Record<string, string[]> = {
  'visitor:/': ['src/features/landing/components/landing-page.tsx'],
  'visitor:/acceso': ['src/features/auth/components/sign-in-page.tsx'],
  'member:/': ['src/app/signed-in-app.tsx', 'src/app/home/home-page.tsx'],
  'pending:/': ['src/app/signed-in-app.tsx', 'src/features/assessment/components/assessment-wizard-page.tsx'],
};

/** Every chunk `keys` import statically (themselves included), minus those in `exclude`. */
export function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[], exclude = new Set<string>()): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    if (!exclude.has(chunk.file)) files.push(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const key of keys) visit(key);
  return files;
}

/** Writes dist/.vite/ascenso-pages.json: per first screen, the chunks to modulepreload (see FIRST_SCREENS). */
function firstScreenPreloads(): Plugin {
  return buildOutputPlugin('ascenso-first-screen-preloads', (outDir) => ({
    writeBundle: {
      order: 'post',
      handler() {
        const manifestPath = join(outDir(), '.vite', 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
        // The entry and the app it imports (src/boot.ts → src/main.tsx): index.html preloads them already.
        const entries = Object.keys(manifest)
          .filter((key) => manifest[key]?.isEntry)
          .flatMap((key) => [key, ...(manifest[key]?.dynamicImports ?? [])]);
        const initial = new Set(staticClosure(manifest, entries));
        const pagesPath = join(outDir(), '.vite', 'ascenso-pages.json');
        const pages: Record<string, { modulepreload: string[]; head?: string; root?: string }> = existsSync(pagesPath)
          ? (JSON.parse(readFileSync(pagesPath, 'utf8')) as Record<string, { modulepreload: string[] }>)
          : {};
        for (const [page, modules] of Object.entries(FIRST_SCREENS)) {
          const missing = modules.filter((m) => !manifest[m]);
          if (missing.length) throw new Error(`[first-screen preloads] not in the build manifest: ${missing.join(', ')}`);
          pages[page] = { ...pages[page], modulepreload: staticClosure(manifest, modules, initial) };
        }
        writeFileSync(pagesPath, `${JSON.stringify(pages, null, 2)}\n`);
      },
    },
  }));
}

/**
 * index.html's entry is src/boot.ts, which imports src/main.tsx (the app) unless the page is the
 * prerendered landing page. This adds `<link rel="modulepreload">` for main's chunk and everything it
 * imports statically, so the app downloads with the entry.
 */
function appPreloads(): Plugin {
  return {
    name: 'ascenso-app-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const main = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!main) throw new Error('[app preloads] no chunk for src/main.tsx');
        const entryImports = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (files.includes(fileName) || entryImports.has(fileName)) return;
          files.push(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(main.fileName);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR build (src/prerender/landing.tsx, run by scripts/prerender.mjs) only renders markup.
  plugins: isSsrBuild ? [react()] : [react(), appPreloads(), precompress(), firstScreenPreloads()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // The API checks the Origin header of every state-changing request and WebSocket upgrade against
    // APP_ORIGIN, so the proxy forwards Host/Origin exactly as the browser sent them (no changeOrigin).
    proxy: {
      // /api/trpc (HTTP) and /api/trpc-ws (WebSocket upgrade) both live under /api.
      '/api': { target: API_TARGET, ws: true },
      // The documented realtime protocol.
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps are written for scripts/check-budget.mjs (which route modules are in the initial chunks)
    // and for debugging a production bundle by hand, but the scripts do not point at them
    // ('hidden': no sourceMappingURL comment) and the API does not serve them in production
    // (apps/api/src/http/static.ts, hideBuildFiles). The SSR builds keep the comment (Node's stack traces).
    sourcemap: isSsrBuild ? true : 'hidden',
    // dist/.vite/manifest.json: scripts/check-budget.mjs reads the entry's static import graph from it.
    manifest: true,
    target: 'es2022',
    // Every browser the app targets (es2022) supports <link rel="modulepreload"> but Safari < 17,
    // where preloads are only a hint anyway: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // @trpc/client declares no "sideEffects" and has none: without this, its WebSocket link
        // (src/lib/trpc-ws.ts, loaded with the first subscription) stays in the first screen's chunks.
        moduleSideEffects: (id: string) => (/[\\/]@trpc[\\/]client[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            // React and the router change rarely: their own long-cached chunk.
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
              priority: 30,
            },
          ],
        },
      },
    },
  },
}));
