import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './free-port';
import { renderNginxConfig } from './nginx';
import { POSTGRES_SKIP_REASON, startPostgres } from './postgres';
import { redisAvailability, startRedis } from './redis';
import { toneWav } from './wav';

const ours = (prefix: string) => new Set(readdirSync(tmpdir()).filter((name) => name.startsWith(prefix)));
const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('freePort', () => {
  it('gives a port on 127.0.0.1 that a server can bind at once', async () => {
    const port = await freePort();
    expect(port).toBeGreaterThan(0);
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('renderNginxConfig', () => {
  const template = join(import.meta.dirname, '../../deploy/nginx/ascenso.conf');

  it('renders the shipped site with the given addresses, every path inside its folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-nginx-test-'));
    scratch.push(dir);
    const main = renderNginxConfig(dir, { template, listen: '127.0.0.1:1234', upstreams: ['127.0.0.1:2001', '127.0.0.1:2002'], workerConnections: 64 });
    const site = readFileSync(join(dir, 'ascenso.conf'), 'utf8');
    expect(site).toContain('127.0.0.1:1234');
    expect(site).toContain('127.0.0.1:2001');
    expect(site).toContain('127.0.0.1:2002');
    expect(site).not.toMatch(/\$\{ASCENSO_/);
    const text = readFileSync(main, 'utf8');
    expect(text).toContain('worker_connections 64;');
    for (const path of text.match(/\/\S+(?=;)/g) ?? []) expect(path.startsWith(dir)).toBe(true);
    const nginx = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
    if (existsSync(nginx)) execFileSync(nginx, ['-t', '-q', '-p', `${dir}/`, '-c', main, '-e', join(dir, 'e.log')]);
  });

  it('refuses a template with a placeholder it does not know', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-nginx-test-'));
    scratch.push(dir);
    writeFileSync(join(dir, 'site.conf'), 'server { listen ${ASCENSO_LISTEN}; set $x ${ASCENSO_OTRO}; }');
    expect(() => renderNginxConfig(dir, { template: join(dir, 'site.conf'), listen: '127.0.0.1:1', upstreams: ['a', 'b'], workerConnections: 8 })).toThrow(
      /placeholder was left unrendered/,
    );
  });
});

describe('startRedis', () => {
  it.skipIf(!redisAvailability().available)('answers PING, and stop() ends the server and removes its folder', async () => {
    // Its own folder only: another checkout's suite may be starting and stopping servers beside this one.
    const before = ours('ascenso-redis-');
    const redis = await startRedis();
    expect(before.has(basename(redis.folder))).toBe(false);
    expect(existsSync(redis.folder)).toBe(true);
    expect(redis.url).toBe(`redis://127.0.0.1:${redis.port}`);
    const pong = execFileSync(process.env.REDIS_CLI ?? '/usr/bin/redis-cli', ['-u', redis.url, 'PING'], { encoding: 'utf8' });
    expect(pong.trim()).toBe('PONG');
    await redis.stop();
    await redis.stop();
    expect(await listening(redis.port)).toBe(false);
    expect(existsSync(redis.folder)).toBe(false);
  });
});

describe('startPostgres', () => {
  it.skipIf(POSTGRES_SKIP_REASON !== null)('gives a database that answers, and stop() ends the cluster and removes its folder', async () => {
    const before = ours('ascenso-pg-');
    const cluster = await startPostgres();
    const folder = cluster.folder ?? '';
    expect(folder).not.toBe('');
    expect(before.has(basename(folder))).toBe(false);
    expect(existsSync(folder)).toBe(true);
    const { port } = new URL(cluster.url);
    expect(await listening(Number(port))).toBe(true);
    const second = await cluster.createDatabase();
    expect(second).not.toBe(cluster.url);
    await cluster.stop();
    expect(await listening(Number(port))).toBe(false);
    expect(existsSync(folder)).toBe(false);
  });
});

describe('toneWav', () => {
  it('is a RIFF/WAVE file of the asked length', () => {
    const wav = toneWav(2, { rate: 8_000 });
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(wav.readUInt32LE(40)).toBe(2 * 8_000 * 2);
    expect(wav.length).toBe(44 + 2 * 8_000 * 2);
  });
});
