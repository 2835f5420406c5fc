/**
 * Build files (decision 013): `/.vite/manifest.json` and `/assets/*.js.map` were served, handing
 * out the app's module graph and its original sources. In production the server serves neither, nor
 * anything under a dot-folder, by any spelling of the path; it still reads `.vite/` itself to build the
 * app shell. A real server on 127.0.0.1 serves a temporary build folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@ascenso/db/client';
import { createApp } from '../app';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { listen } from '../http/node-server';
import { createLogger } from '../logger';

const MAP = JSON.stringify({
  version: 3,
  sources: ['../../src/features/coaching/secret-source.tsx'],
  sourcesContent: ['export const x = 1;'],
  mappings: '',
});
const MANIFEST = JSON.stringify({ 'src/boot.ts': { file: 'assets/boot-abc123.js', isEntry: true } });
const PAGES = JSON.stringify({
  'visitor:/': { modulepreload: ['assets/landing-abc123.js'], root: '<main>Bienvenida prerenderizada</main>' },
});

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-build-files-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  mkdirSync(join(dir, '.well-hidden'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es"><head><title>Ascenso</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'boot-abc123.js'), 'console.log("ascenso")');
  writeFileSync(join(dir, 'assets', 'boot-abc123.js.map'), MAP);
  writeFileSync(join(dir, 'assets', 'boot-abc123.js.map.gz'), gzipSync(MAP));
  writeFileSync(join(dir, 'assets', 'style-abc123.css.map'), MAP);
  writeFileSync(join(dir, '.vite', 'manifest.json'), MANIFEST);
  writeFileSync(join(dir, '.vite', 'ascenso-pages.json'), PAGES);
  writeFileSync(join(dir, '.well-hidden', 'notes.txt'), 'privado');
  writeFileSync(join(dir, '.env'), 'SECRET=1');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

async function serve(nodeEnv: 'production' | 'development') {
  const config = loadConfig({ NODE_ENV: nodeEnv, LOG_LEVEL: 'silent', APP_ORIGIN: 'http://localhost:3000' });
  const app = createApp(createDeps(config, { dbHandle: createTestDb(), logger: createLogger('silent') }), {
    webDistDir: dir,
  });
  const server = await listen(app.fetch, { port: 0, hostname: '127.0.0.1' });
  stops.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, method = 'GET') => fetch(`${base}${path}`, { method, headers: { 'accept-encoding': 'gzip, br' }, signal: AbortSignal.timeout(5_000) });
}

const HIDDEN = [
  '/.vite/manifest.json',
  '/.vite/ascenso-pages.json',
  '/assets/boot-abc123.js.map',
  '/assets/boot-abc123.js.map.gz',
  '/assets/style-abc123.css.map',
  '/.well-hidden/notes.txt',
  '/.env',
  '/.vite/',
  '/.vite',
  // Other spellings of the same files.
  '/%2evite/manifest.json',
  '/.VITE/manifest.json',
  '/assets/..%2f.vite/manifest.json',
  '/assets/%2e%2e/.vite/manifest.json',
  '/assets/boot-abc123.js%2emap',
  '/assets/BOOT-abc123.JS.MAP',
];

describe('build files in production', () => {
  it.each(HIDDEN)('%s answers the 404 envelope', async (path) => {
    const get = await serve('production');
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
    expect(body.error).toMatchObject({ code: 'NOT_FOUND', message: 'No encontrado' });
    expect(body.error.requestId).toEqual(expect.any(String));
    const head = await get(path, 'HEAD');
    expect(head.status).toBe(404);
  });

  it('still serves the app shell (built from .vite/ascenso-pages.json) and the assets', async () => {
    const get = await serve('production');
    const shell = await get('/');
    expect(shell.status).toBe(200);
    const html = await shell.text();
    expect(html).toContain('<main>Bienvenida prerenderizada</main>');
    expect(html).toContain('id="ascenso-bootstrap"');
    const deepLink = await get('/coaching/chat');
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<html lang="es">');
    const script = await get('/assets/boot-abc123.js');
    expect(script.status).toBe(200);
    expect(await script.text()).toBe('console.log("ascenso")');
  });
});

describe('build files outside production', () => {
  it('serves source maps and .vite/ as before (local debugging of a build)', async () => {
    const get = await serve('development');
    const map = await get('/assets/boot-abc123.js.map');
    expect(map.status).toBe(200);
    expect(await map.json()).toMatchObject({ version: 3 });
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toEqual(JSON.parse(MANIFEST));
  });
});
