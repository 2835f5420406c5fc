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
 * Vitest support: two API processes on one fresh SQLite file and a person registered in it, for the
 * suite that calls it; the processes are killed and the file removed after it. The object is filled
 * in by `beforeAll`, so read it inside tests only. The processes share a throwaway Redis, as two
 * instances must (without REDIS_URL the second refuses the file: decision 035), so call it inside
 * `describeWithRedis`.
 */
export function useTwoServerProcesses(options: { origin: string; name: string; email: string; firstName: string }): TwoProcesses {
  const two = {} as TwoProcesses;
  const children: ChildProcess[] = [];
  let dir: string | undefined;
  let deps: ReturnType<typeof createDeps> | undefined;
  let handle: DbHandle | undefined;
  let redis: RedisService | undefined;
  beforeAll(async () => {
    redis = await startRedis();
    dir = mkdtempSync(join(tmpdir(), `ascenso-${options.name}-`));
    const databasePath = join(dir, 'app.db');
    handle = createDb({ file: databasePath });
    deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), {
      dbHandle: handle,
      logger: createLogger('silent'),
    });
    const signedIn = await register(deps, { email: options.email, password: 'una frase bastante larga', firstName: options.firstName }, { ip: '127.0.0.1' });
    // Confirmed, as test-app's registerUser does: shares and the calendar feed need it (decision 038).
    await deps.repos.users.markEmailVerified(signedIn.user.id, options.email, new Date());
    const env = { REDIS_URL: redis.url, INSTANCES: '2' };
    const started = await Promise.all([startServerProcess(databasePath, options.origin, { env }), startServerProcess(databasePath, options.origin, { env })]);
    for (const s of started) children.push(s.child);
    Object.assign(two, {
      urls: started.map((s) => s.url),
      cookie: `session=${signedIn.token}`,
      userId: signedIn.user.id,
      db: handle.sqlite,
    });
  }, 60_000);
  afterAll(async () => {
    await deps?.store.close();
    for (const child of children) child.kill('SIGKILL');
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return two;
}
