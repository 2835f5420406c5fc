// Prerenders the landing page into dist/.vite/ascenso-pages.json ("visitor:/".root), which the API
// serves inside <div id="root"> to signed-out visitors on `/` (apps/api/src/http/static.ts).
// Runs after `vite build` and `vite build --ssr src/prerender/landing.tsx --outDir dist-prerender`.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(webRoot, 'dist-prerender', 'landing.js');
const pagesPath = join(webRoot, 'dist', '.vite', 'ascenso-pages.json');
if (!existsSync(serverEntry) || !existsSync(pagesPath)) {
  console.error('[prerender] build first: vite build && vite build --ssr src/prerender/landing.tsx --outDir dist-prerender');
  process.exit(1);
}

const { renderLanding } = await import(pathToFileURL(serverEntry).href);
const root = renderLanding();
if (!root.includes('id="contenido"') || !root.includes('<style data-emotion')) {
  console.error('[prerender] the landing page markup looks wrong (no main landmark or no styles)');
  process.exit(1);
}
const pages = JSON.parse(readFileSync(pagesPath, 'utf8'));
pages['visitor:/'] = { ...pages['visitor:/'], root };
writeFileSync(pagesPath, `${JSON.stringify(pages, null, 2)}\n`);
rmSync(join(webRoot, 'dist-prerender'), { recursive: true, force: true });
console.log(`[prerender] landing page: ${(root.length / 1000).toFixed(1)} KB of markup and styles`);
