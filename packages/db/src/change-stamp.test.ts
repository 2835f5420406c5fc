import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedUntilChange } from './change-stamp';
import { createDb, type DbHandle } from './client';
import { createAdminRepository } from './repositories/admin';
import { createStepsRepository } from './repositories/steps';

const dirs: string[] = [];
const handles: DbHandle[] = [];
afterEach(() => {
  for (const handle of handles.splice(0)) handle.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function open(file: string) {
  const handle = createDb({ file });
  handles.push(handle);
  return handle;
}

function tempFile() {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-stamp-'));
  dirs.push(dir);
  return join(dir, 'app.db');
}

const definition: ActivityDefinition = {
  key: 'breathing_short',
  name: 'Respiración corta',
  baseSteps: 10,
  multiplier: 1,
  dailyLimit: 3,
  icon: 'wind',
};

describe('cachedUntilChange', () => {
  it('loads once while nothing is written, again after a write on the same connection', () => {
    const { sqlite } = open(tempFile());
    sqlite.exec('CREATE TABLE t (v INTEGER)');
    let loads = 0;
    const read = cachedUntilChange(sqlite, () => {
      loads += 1;
      return sqlite.prepare('SELECT count(*) AS n FROM t').get() as { n: number };
    });
    expect(read().n).toBe(0);
    expect(read().n).toBe(0);
    expect(loads).toBe(1);
    sqlite.prepare('INSERT INTO t VALUES (1)').run();
    expect(read().n).toBe(1);
    expect(loads).toBe(2);
  });

  it('sees a commit made by another connection (another server process)', () => {
    const file = tempFile();
    const a = open(file);
    const b = open(file);
    a.sqlite.exec('CREATE TABLE t (v INTEGER)');
    const read = cachedUntilChange(a.sqlite, () => (a.sqlite.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n);
    expect(read()).toBe(0);
    b.sqlite.prepare('INSERT INTO t VALUES (1)').run();
    expect(read()).toBe(1);
  });

  it('does not keep what it read inside a transaction that is then rolled back', () => {
    const { sqlite } = open(tempFile());
    sqlite.exec('CREATE TABLE t (v INTEGER)');
    const read = cachedUntilChange(sqlite, () => (sqlite.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n);
    expect(() =>
      sqlite.transaction(() => {
        sqlite.prepare('INSERT INTO t VALUES (1)').run();
        expect(read()).toBe(1);
        throw new Error('rollback');
      })(),
    ).toThrow('rollback');
    expect(read()).toBe(0);
  });
});

describe('the cached activity catalogue', () => {
  it('follows admin edits, from this connection and from another one', () => {
    const file = tempFile();
    const a = open(file);
    const b = open(file);
    const steps = createStepsRepository(a.db);
    steps.seedCatalogue([definition], new Date('2026-11-23T10:00:00Z'));
    expect(steps.listActivities().map((row) => row.dailyLimit)).toEqual([3]);
    expect(steps.listActivities()).toBe(steps.listActivities());

    createAdminRepository(a.db).updateActivity('breathing_short', { name: 'Respirar', baseSteps: 12, multiplier: 1, dailyLimit: 4 }, new Date());
    expect(steps.listActivities()[0]).toMatchObject({ name: 'Respirar', dailyLimit: 4 });

    createAdminRepository(b.db).updateActivity('breathing_short', { name: 'Respirar', baseSteps: 12, multiplier: 1, dailyLimit: 5 }, new Date());
    expect(steps.listActivities()[0]?.dailyLimit).toBe(5);
    expect(Object.isFrozen(steps.listActivities()[0])).toBe(true);
  });
});
