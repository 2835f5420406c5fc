import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { POSTGRES_SKIP_REASON, startPostgres, withPostgres } from '@ascenso/test-services/postgres';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createPgTestDb } from './test-db';

// tooling/test-services/postgres.ts: the throwaway cluster the PostgreSQL suites run on.
const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(packageRoot, 'node_modules/.bin/tsx');
const probe = "import('@ascenso/test-services/postgres').then((m) => console.log(JSON.stringify(m.POSTGRES_SKIP_REASON)))";

describe('test cluster without PostgreSQL', () => {
  const env = (extra: Record<string, string>) => {
    const base: Record<string, string | undefined> = { ...process.env };
    delete base.CI;
    return { ...base, ASCENSO_PG_BINDIR: '/nonexistent-postgres-bin', ...extra };
  };

  it('gives a skip reason outside CI', async () => {
    const { stdout } = await run(tsx, ['-e', probe], { cwd: packageRoot, env: env({}) });
    expect(JSON.parse(stdout)).toMatch(/^PostgreSQL is not installed/);
  });

  it('fails clearly in CI instead of skipping', async () => {
    const error = await run(tsx, ['-e', probe], { cwd: packageRoot, env: env({ CI: 'true' }) }).catch((e: { code: number; stderr: string }) => e);
    expect(error).toMatchObject({ code: 1 });
    expect((error as { stderr: string }).stderr).toMatch(/CI is set and PostgreSQL is not installed.*cannot be skipped in CI/);
  });
});

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres('startPostgres'), () => {
  it('listens on 127.0.0.1 only, keeps its socket in its folder, runs without fsync, and stop() removes everything', async () => {
    const cluster = await startPostgres();
    const url = new URL(cluster.url);
    expect(url.hostname).toBe('127.0.0.1');
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const show = async (name: string): Promise<string> => String(((await client.query(`SHOW ${name}`)).rows[0] as Record<string, string>)[name]);
    const settings = {
      listen: await show('listen_addresses'),
      fsync: await show('fsync'),
      socket: await show('unix_socket_directories'),
      dataDirectory: await show('data_directory'),
    };
    await client.end();
    expect(settings.listen).toBe('127.0.0.1');
    expect(settings.fsync).toBe('off');
    expect(dirname(settings.dataDirectory)).toBe(settings.socket);
    expect(existsSync(join(settings.socket, `.s.PGSQL.${url.port}`))).toBe(true);

    const second = await cluster.createDatabase();
    expect(new URL(second).pathname).not.toBe(url.pathname);

    await cluster.stop();
    expect(existsSync(settings.socket)).toBe(false);
    const after = new pg.Client({ connectionString: cluster.url });
    await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
    await cluster.stop(); // twice is harmless
  }, 60_000);

  it('createPgTestDb: a migrated database on the shared cluster, or on a cluster of its own that close() stops', async () => {
    const shared = await createPgTestDb({ sharedUrl: inject('ascensoPostgresUrl') });
    const own = await createPgTestDb();
    try {
      for (const handle of [shared, own]) {
        expect((await handle.pool.query('SELECT count(*)::int AS n FROM users')).rows[0]).toEqual({ n: 0 });
      }
      expect(new URL(shared.url).port).toBe(new URL(inject('ascensoPostgresUrl') ?? shared.url).port);
      expect(new URL(own.url).port).not.toBe(new URL(shared.url).port);
    } finally {
      await shared.close();
      await own.close();
    }
    const after = new pg.Client({ connectionString: own.url });
    await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
  }, 60_000);
});
