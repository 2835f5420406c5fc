import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@ascenso/db/client';
import { createApp } from '../app';
import { isBuildFile } from './static';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="es"><title>Ascenso</title></html>');
  writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
  // Big enough to compress; the build writes .br and .gz siblings for it.
  writeFileSync(join(dir, 'assets', 'big-abc123.js'), BIG_JS);
  writeFileSync(join(dir, 'assets', 'big-abc123.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(join(dir, 'assets', 'big-abc123.js.gz'), gzipSync(BIG_JS));
  // No siblings: gzipped by the server.
  writeFileSync(join(dir, 'assets', 'plain-abc123.css'), BIG_CSS);
});

const BIG_JS = `export const words = ${JSON.stringify('ascenso '.repeat(400))};\n`;
const BIG_CSS = `body { color: black; }\n`.repeat(100);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function app() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return createApp(createDeps(config, { dbHandle: createTestDb(), logger: createLogger('silent') }), {
    webDistDir: dir,
  });
}

describe('serving the built web app', () => {
  it('serves hashed assets with a long cache', async () => {
    const response = await app().request('/assets/app-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/javascript');
    expect(response.headers.get('cache-control')).toContain('immutable');
  });

  it.each(['/', '/acceso', '/coaching/chat', '/una/ruta/desconocida'])('falls back to index.html for %s', async (path) => {
    const response = await app().request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<html lang="es">');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('does not fall back for API paths, missing files with an extension, or traversal', async () => {
    expect((await app().request('/api/nada')).status).toBe(404);
    expect((await app().request('/assets/missing.js')).status).toBe(404);
    const traversal = await app().request('/..%2f..%2fetc%2fpasswd');
    expect(await traversal.text()).not.toContain('root:');
  });

  it('sends the precompressed brotli or gzip file the client accepts, else the file as is', async () => {
    const br = await app().request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(BIG_JS);

    const gzip = await app().request('/assets/big-abc123.js', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(BIG_JS);

    const identity = await app().request('/assets/big-abc123.js');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(BIG_JS);
  });

  it('gzips a text file without precompressed siblings, and the app shell', async () => {
    const css = await app().request('/assets/plain-abc123.css', { headers: { 'accept-encoding': 'gzip' } });
    expect(css.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await css.arrayBuffer())).toString()).toBe(BIG_CSS);

    const small = await app().request('/favicon.svg', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();

    const shell = await app().request('/coaching', { headers: { 'accept-encoding': 'gzip' } });
    expect(shell.headers.get('content-encoding')).toBe('gzip');
    expect(shell.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(gunzipSync(Buffer.from(await shell.arrayBuffer())).toString()).toContain('<html lang="es">');
  });
});

describe('isBuildFile (what production does not serve)', () => {
  it.each([
    ['/.vite/manifest.json', true],
    ['/assets/app-abc123.js.map', true],
    ['/assets/app-abc123.js.map.br', true],
    ['/assets/app-abc123.css.MAP', true],
    ['/a/.hidden/b.txt', true],
    ['/.env', true],
    ['/assets/app-abc123.js', false],
    ['/assets/mapa-abc123.js', false],
    ['/favicon.svg', false],
    ['/coaching/chat', false],
    ['/', false],
  ])('%s → %s', (path, hidden) => {
    expect(isBuildFile(path)).toBe(hidden);
  });
});
