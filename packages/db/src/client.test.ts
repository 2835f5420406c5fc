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
    expect(readPragmas(handle.sqlite)).toEqual({ journalMode: 'wal', synchronous: 2, foreignKeys: 1, busyTimeout: 5000 });
    handle.close();
  });

  it('applies the committed migrations once, and again is a no-op', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-db-'));
    dirs.push(dir);
    const file = join(dir, 'app.db');
    createDb({ file }).close();
    const again = createDb({ file });
    const tables = again.sqlite
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all();
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

describe('background WAL checkpoints', () => {
  it('turn automatic checkpoints off on the connection and checkpoint from a worker thread', async () => {
    const { mkdtempSync, rmSync, statSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'ascenso-checkpoint-'));
    const file = join(dir, 'app.db');
    const handle = createDb({ file, backgroundCheckpoint: { intervalMs: 50 } });
    try {
      expect(Number(handle.sqlite.pragma('wal_autocheckpoint', { simple: true }))).toBe(0);
      handle.sqlite.exec('CREATE TABLE filler (body TEXT)');
      const insert = handle.sqlite.prepare('INSERT INTO filler (body) VALUES (?)');
      for (let i = 0; i < 300; i += 1) insert.run('x'.repeat(4000));
      // With automatic checkpoints off, only the worker copies the WAL into the database file.
      const written = 300 * 4000;
      const deadline = Date.now() + 10_000;
      while (statSync(file).size < written && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(file).size).toBeGreaterThanOrEqual(written);
      expect(handle.sqlite.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 300 });
    } finally {
      handle.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves in-memory databases alone', () => {
    const handle = createDb({ file: ':memory:', backgroundCheckpoint: { intervalMs: 50 } });
    expect(Number(handle.sqlite.pragma('wal_autocheckpoint', { simple: true }))).toBe(1000);
    handle.close();
  });
});
