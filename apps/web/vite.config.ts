import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

// The API checks the Origin header of every state-changing request and WebSocket upgrade against
// APP_ORIGIN, so the proxy forwards Host/Origin exactly as the browser sent them (no changeOrigin).
/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text file of the build; the API serves
 * them to clients that accept them (apps/api/src/http/static.ts). Source maps are left alone.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ascenso-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file) || file.includes('/.vite/')) continue;
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
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
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-budget.mjs reads the entry's static import graph from it.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
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
});
