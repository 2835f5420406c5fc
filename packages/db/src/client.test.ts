import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, createTestDb, readPragmas } from './client';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('createDb', () => {
  it('creates the folder and file, applies WAL, FULL sync, foreign keys and a busy timeout', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-db-'));
    dirs.push(dir);
    const handle = createDb({ file: join(dir, 'nested', 'app.db') });
    expect(readPragmas(handle.sqlite)).toEqual({
      journalMode: 'wal',
      synchronous: 2,
      foreignKeys: 1,
      busyTimeout: 5000,
    });
    handle.close();
  });

  it('applies the committed migrations once, and again is a no-op', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-db-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    createDb({ file }).close();
    const again = createDb({ file });
    const tables = again.sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['users', 'sessions', 'auth_failures', '__drizzle_migrations']));
    again.close();
  });

  it('enforces foreign keys on the in-memory test database', () => {
    const { sqlite, close } = createTestDb();
    expect(() =>
      sqlite
        .prepare('insert into sessions (id, secret_hash, user_id, created_at, last_verified_at) values (?, ?, ?, ?, ?)')
        .run('s1', Buffer.from('x'), 'no-such-user', 0, 0),
    ).toThrow(/FOREIGN KEY/);
    close();
  });
});
