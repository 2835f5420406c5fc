import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../deps';
import { loadConfig } from '../../env';
import { createLogger } from '../../logger';
import { register } from '../auth/auth.service';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const ORIGIN = 'http://localhost:3999';
const children: ChildProcess[] = [];
let dir: string;
let cookie: string;
let userId: string;
let urls: string[];

function startServer(databasePath: string): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: { PATH: process.env.PATH, DATABASE_PATH: databasePath, PORT: '0', APP_ORIGIN: ORIGIN, LOG_LEVEL: 'info', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/"msg":"listening","url":"(http:\/\/[^"]+)"/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-two-processes-'));
  const databasePath = join(dir, 'app.db');
  const deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), { logger: createLogger('silent') });
  const signedIn = await register(deps, { email: 'dos@ejemplo.es', password: 'una frase bastante larga', firstName: 'Dos' }, { ip: '127.0.0.1' });
  cookie = `session=${signedIn.token}`;
  userId = signedIn.user.id;
  deps.dbHandle.close();
  urls = (await Promise.all([startServer(databasePath), startServer(databasePath)])).map((s) => s.url);
}, 60_000);

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/activity-log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, ...headers },
    body: JSON.stringify(body),
  });
}

describe('two server processes on one database file', () => {
  it('award a 1-per-day activity exactly once under 40 concurrent completions, with no 5xx', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(urls[i % 2] ?? '', { activity_key: 'sesion_completa' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{ stepsEarned: number; totalSteps: number }>;
    expect(bodies.filter((b) => b.stepsEarned > 0)).toHaveLength(1);
    expect(Math.max(...bodies.map((b) => b.totalSteps))).toBe(1250);
  });

  it('replay one Idempotency-Key across both processes', async () => {
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(urls[i % 2] ?? '', { activity_key: 'active_break' }, { 'idempotency-key': 'cross-process-key-1' })),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(texts).size).toBe(1);
    const stats = await fetch(`${urls[0]}/api/activity-log/users/${userId}/activity-stats`, { headers: { cookie } });
    const { stats: s } = (await stats.json()) as { stats: { byActivity: Array<{ activityKey: string; todayCount: number }> } };
    expect(s.byActivity.find((a) => a.activityKey === 'active_break')?.todayCount).toBe(1);
  });
});
