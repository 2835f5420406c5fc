import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startServerProcess } from '../testing/server-process';
import { TEST_DIALECT } from '../testing/test-dialect';

// Finding: two server processes on one SQLite file without Redis each kept their own in-memory limits
// (share views: 60 a minute instead of 30). Now the second refuses to start, naming REDIS_URL (decision 035).
// Real processes (src/main.ts, as `pnpm start` runs it) on SQLite whatever the suite's dialect.

const ORIGIN = 'http://localhost:3996';

describe.skipIf(TEST_DIALECT !== 'sqlite')('one server process per SQLite file without Redis', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-one-process-'));
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const start = async (databasePath: string) => {
    const started = await startServerProcess(databasePath, ORIGIN, { timeoutMs: 45_000 });
    children.push(started.child);
    return started;
  };
  const exited = (child: ChildProcess) =>
    new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

  it('a second process on the same file refuses to start, naming REDIS_URL, and the first keeps serving', async () => {
    const databasePath = join(dir, 'compartida.db');
    const first = await start(databasePath);
    const refused = await start(databasePath).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refused).toMatch(/server exited with 1/);
    expect(refused).toContain('Otro proceso de Ascenso ya está usando la base de datos');
    expect(refused).toContain('REDIS_URL');
    expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
  }, 120_000);

  it('the lock goes with the process: a clean stop or a kill -9 gives the file back to the next start at once', async () => {
    const databasePath = join(dir, 'relevo.db');
    const first = await start(databasePath);
    first.child.kill('SIGTERM');
    await exited(first.child);
    expect({ code: first.child.exitCode, signal: first.child.signalCode }).toEqual({ code: 0, signal: null });

    const second = await start(databasePath);
    second.child.kill('SIGKILL');
    await exited(second.child);

    const third = await start(databasePath);
    expect((await fetch(`${third.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
