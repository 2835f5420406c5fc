import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseInUseError, lockDatabaseFile } from './instance-lock';

const dir = mkdtempSync(join(tmpdir(), 'ascenso-instance-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another process holding the lock of `databasePath` until it is killed; resolves once it holds it. */
function holder(databasePath: string) {
  const code = `import('./src/instance-lock.ts').then(({ lockDatabaseFile }) => { lockDatabaseFile(${JSON.stringify(databasePath)}); console.log('held'); setInterval(() => {}, 1000); })`;
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', code], { cwd: join(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
  const held = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('held') && resolve());
    child.once('exit', (exitCode) => reject(new Error(`holder exited with ${exitCode}`)));
  });
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, held, gone };
}

describe('lockDatabaseFile: one server per SQLite file (decision 035)', () => {
  it('refuses a second holder with a Spanish message naming REDIS_URL, and is given back by release', () => {
    const databasePath = join(dir, 'a', 'app.db');
    const lock = lockDatabaseFile(databasePath);
    expect(lock.path).toBe(`${databasePath}.lock`);
    expect(() => lockDatabaseFile(databasePath)).toThrow(DatabaseInUseError);
    expect(() => lockDatabaseFile(databasePath)).toThrow(/REDIS_URL/);
    // Another file is free.
    lockDatabaseFile(join(dir, 'a', 'otra.db')).release();
    lock.release();
    lock.release();
    lockDatabaseFile(databasePath).release();
  });

  it('holds against another process, and goes with it when it is killed with SIGKILL', async () => {
    const databasePath = join(dir, 'b', 'app.db');
    const other = holder(databasePath);
    try {
      await other.held;
      expect(() => lockDatabaseFile(databasePath)).toThrow(DatabaseInUseError);
    } finally {
      other.child.kill('SIGKILL');
    }
    await other.gone;
    const lock = lockDatabaseFile(databasePath);
    lock.release();
  }, 30_000);
});
