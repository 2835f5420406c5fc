import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeps, type Deps } from '../../apps/api/src/deps';
import { loadConfig } from '../../apps/api/src/env';
import { createLogger } from '../../apps/api/src/logger';
import { register } from '../../apps/api/src/modules/auth/auth.service';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server; BENCH_SERVER_ENTRY points at another build (e.g. apps/api/.bench-dist/main.js). */
export const SERVER_ENTRY = resolve(ROOT, process.env.BENCH_SERVER_ENTRY ?? 'apps/api/dist/main.js');
export const ORIGIN = 'http://localhost:39999';

export function requireBuild() {
  if (!existsSync(SERVER_ENTRY)) throw new Error('Build first: pnpm build (the benches run the built server).');
}

export type RunningServer = {
  url: string;
  port: number;
  child: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
};

/** A benchmarked server's environment: production mode on an ephemeral port of 127.0.0.1, plus `env`. */
export function serverEnv(env: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    PORT: '0',
    HOST: '127.0.0.1',
    APP_ORIGIN: ORIGIN,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // No settings file: a contributor's own .env must not change what is measured.
    ENV_FILE: '',
    ...env,
  };
}

/** Starts the built server on an ephemeral port of 127.0.0.1 (optionally pinned to a CPU). */
export function startServer(env: Record<string, string>, cpu?: number): Promise<RunningServer> {
  requireBuild();
  // BENCH_NODE_ARGS, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof', profiles the server under load.
  const args = [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), SERVER_ENTRY];
  const command = cpu !== undefined && existsSync('/usr/bin/taskset') ? 'taskset' : process.execPath;
  const finalArgs = command === 'taskset' ? ['-c', String(cpu), process.execPath, ...args] : args;
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, finalArgs, {
      // Every bench client speaks from 127.0.0.1: the per-address socket cap (50) would refuse bench (c)'s 1 000 sockets.
      env: serverEnv({ WS_MAX_SOCKETS_PER_ADDRESS: '100000', ...env }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /"msg":"listening","url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        const port = Number(match[1]);
        resolvePromise({
          url: `http://127.0.0.1:${port}`,
          port,
          child,
          stop: (signal = 'SIGTERM') =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill(signal);
            }),
        });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}):\n${output}`));
    });
  });
}

/** Creates the database file with one user and returns that user's session cookie. */
export async function prepareDatabase(file: string, count = 1): Promise<Array<{ userId: string; cookie: string }>> {
  const deps = createDeps(loadConfig({ DATABASE_PATH: file, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), {
    logger: createLogger('silent'),
  });
  const users: Array<{ userId: string; cookie: string }> = [];
  const passwordHash = await deps.passwords.hash('una frase bastante larga');
  const first = await register(deps, { email: 'bench0@ascenso.local', password: 'una frase bastante larga', firstName: 'Bench' }, { ip: '127.0.0.1' });
  users.push({ userId: first.user.id, cookie: `__Host-session=${first.token}` });
  for (let i = 1; i < count; i += 1) {
    // Bulk users share one hash; sessions are created through the real service.
    const id = crypto.randomUUID();
    const now = new Date();
    await deps.repos.users.insert({
      id,
      email: `bench${i}@ascenso.local`,
      passwordHash,
      firstName: `Bench${i}`,
      lastName: null,
      role: 'user',
      timezone: 'Europe/Madrid',
      createdAt: now,
      updatedAt: now,
    });
    const { createSession } = await import('../../apps/api/src/modules/auth/auth.service');
    const session = await createSession(deps, id);
    users.push({ userId: id, cookie: `__Host-session=${session.token}` });
  }
  await deps.store.close();
  return users;
}

/** Inserts the benches' single user `u1` (UTC) straight through the repository, without registration. */
export async function insertBenchUser(deps: Deps): Promise<void> {
  const now = new Date();
  await deps.repos.users.insert({
    id: 'u1',
    email: 'b@x.es',
    passwordHash: 'x',
    firstName: 'B',
    lastName: null,
    role: 'user',
    timezone: 'UTC',
    createdAt: now,
    updatedAt: now,
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] as number;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function report(title: string, rows: Array<[string, string | number]>) {
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(48)} ${typeof v === 'number' ? v.toFixed(3) : v}`);
}
