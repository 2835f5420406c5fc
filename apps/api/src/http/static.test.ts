import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '@ascenso/db/client';
import { createApp } from '../app';
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
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function app() {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  return createApp(createDeps(config, { dbHandle: createTestDb(), logger: createLogger('silent') }), { webDistDir: dir });
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
});
