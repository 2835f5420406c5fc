import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createDb, type DbHandle } from '@ascenso/db/client';
import { startRedis, type RedisService } from '@ascenso/test-services/redis';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { register } from '../modules/auth/auth.service';
import { startServerProcess } from './server-process';

export type ProcessScratch = {
  /** The suite's throwaway Redis. */
  redisUrl: string;
  /** A fresh folder for the suite's database file, removed after it. */
  dir: string;
  /**
   * Starts an API process on `databasePath` (`startServerProcess`) as one of two instances sharing the suite's
   * Redis (`REDIS_URL`, `INSTANCES=2`; `env` adds or overrides); it is killed after the suite if it still runs.
   */
  startServer(databasePath: string, origin: string, options?: { env?: Record<string, string>; timeoutMs?: number }): ReturnType<typeof startServerProcess>;
};

/**
 * Vitest support for suites that run two API instances (processes, or instances in this process) on one
 * SQLite file: a throwaway Redis, which they must share (without REDIS_URL the second refuses the file:
 * decision 035), and a fresh folder for the file; the processes started through it are killed, the Redis
 * stopped and the folder removed after the suite. The object is filled in by `beforeAll`, so read it inside tests only, and call it
 * inside `describeWithRedis`.
 */
export function useProcessScratch(name: string): ProcessScratch {
  const children: ChildProcess[] = [];
  let redis: RedisService | undefined;
  const scratch = {
    async startServer(databasePath, origin, options = {}) {
      const env = { REDIS_URL: scratch.redisUrl, INSTANCES: '2', ...options.env };
      const started = await startServerProcess(databasePath, origin, { ...options, env });
      children.push(started.child);
      return started;
    },
  } as ProcessScratch;
  beforeAll(async () => {
    redis = await startRedis();
    Object.assign(scratch, { redisUrl: redis.url, dir: mkdtempSync(join(tmpdir(), `ascenso-${name}-`)) });
  }, 20_000);
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await redis?.stop();
    if (scratch.dir) rmSync(scratch.dir, { recursive: true, force: true });
  });
  return scratch;
}

export type TwoProcesses = {
  /** The two API processes' base URLs, both on the same SQLite file. */
  urls: string[];
  /** The session cookie and id of the person registered for the suite. */
  cookie: string;
  userId: string;
  /** This process's own handle on the same file, to arrange and check rows directly. */
  db: DbHandle['sqlite'];
};

/**
 * Vitest support: two API processes on one fresh SQLite file (`useProcessScratch`) and a person registered
 * in it, for the suite that calls it; the processes are killed and the file removed after it. The object is
 * filled in by `beforeAll`, so read it inside tests only, and call it inside `describeWithRedis`.
 */
export function useTwoServerProcesses(options: { origin: string; name: string; email: string; firstName: string }): TwoProcesses {
  const two = {} as TwoProcesses;
  const scratch = useProcessScratch(options.name);
  let deps: ReturnType<typeof createDeps> | undefined;
  beforeAll(async () => {
    const databasePath = join(scratch.dir, 'app.db');
    const handle = createDb({ file: databasePath });
    deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), {
      dbHandle: handle,
      logger: createLogger('silent'),
    });
    const signedIn = await register(deps, { email: options.email, password: 'una frase bastante larga', firstName: options.firstName }, { ip: '127.0.0.1' });
    // Confirmed, as test-app's registerUser does: shares and the calendar feed need it (decision 038).
    await deps.repos.users.markEmailVerified(signedIn.user.id, options.email, new Date());
    const started = await Promise.all([scratch.startServer(databasePath, options.origin), scratch.startServer(databasePath, options.origin)]);
    Object.assign(two, {
      urls: started.map((s) => s.url),
      cookie: `session=${signedIn.token}`,
      userId: signedIn.user.id,
      db: handle.sqlite,
    });
  }, 60_000);
  afterAll(async () => {
    await deps?.store.close();
  });
  return two;
}
