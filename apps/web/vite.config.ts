import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

// The API checks the Origin header of every state-changing request and WebSocket upgrade against
// APP_ORIGIN, so the proxy forwards Host/Origin exactly as the browser sent them (no changeOrigin).
export default defineConfig({
  plugins: [react()],
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
            // Chakra UI + Emotion + Ark/Zag (the design system).
            {
              name: 'vendor-ui',
              test: /node_modules[\\/](@chakra-ui|@emotion|@ark-ui|@zag-js|@floating-ui|@internationalized|@pandacss|@swc|stylis|hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]/,
              priority: 20,
            },
            // Data layer: TanStack Query, tRPC client, superjson.
            {
              name: 'vendor-data',
              test: /node_modules[\\/](@tanstack|@trpc|superjson|copy-anything|is-what)[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
