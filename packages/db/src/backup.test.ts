import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, restoreDatabase } from './backup';
import { createDb } from './client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('copies a live WAL database consistently while it is being written, and restores it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-backup-'));
    dirs.push(dir);
    const live = join(dir, 'app.db');
    const handle = createDb({ file: live });
    const insert = handle.sqlite.prepare('insert into auth_failures (scope, key, at) values (?, ?, ?)');
    // One transaction (one fsync) for the 2 000 rows already there: the test is about the writes during the backup.
    handle.sqlite.transaction(() => {
      for (let i = 0; i < 2000; i += 1) insert.run('ip', `k${i}`, i);
    })();

    // Keep writing during the backup.
    let writes = 0;
    const writer = setInterval(() => {
      insert.run('ip', `late${writes}`, writes);
      writes += 1;
    }, 1);
    const report = await backupDatabase(live, join(dir, 'backups', 'copy.db'));
    clearInterval(writer);

    expect(report.ok).toBe(true);
    expect(report.pages).toBeGreaterThan(0);
    expect(existsSync(join(dir, 'backups', 'copy.db-wal'))).toBe(false);
    const copy = new Database(join(dir, 'backups', 'copy.db'), { readonly: true });
    const copied = (copy.prepare('select count(*) as n from auth_failures').get() as { n: number }).n;
    copy.close();
    expect(copied).toBeGreaterThanOrEqual(2000);
    await expect(backupDatabase(live, join(dir, 'backups', 'copy.db'))).rejects.toThrow(/ya existe/);

    // Restore over a damaged target after the server stopped.
    handle.sqlite.prepare('delete from auth_failures').run();
    handle.close();
    const restored = restoreDatabase(join(dir, 'backups', 'copy.db'), live);
    expect(restored.ok).toBe(true);
    const reopened = createDb({ file: live });
    expect((reopened.sqlite.prepare('select count(*) as n from auth_failures').get() as { n: number }).n).toBe(copied);
    reopened.close();
  });
});
