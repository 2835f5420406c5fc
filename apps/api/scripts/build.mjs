// Bundles the API into dist/main.js. Workspace packages (TypeScript sources) are inlined; every other
// package stays an import resolved from apps/api/node_modules at run time (native addons included).
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

// API_OUT_DIR (relative to apps/api) lets benchmarks build a private copy while tests use dist/.
const outDir = new URL(`../${process.env.API_OUT_DIR ?? 'dist'}/`, import.meta.url);
rmSync(outDir, { recursive: true, force: true });

const externalizeDependencies = {
  name: 'externalize-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@ascenso/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('main.js', outDir).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalizeDependencies],
});
