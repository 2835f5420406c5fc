import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { POSTGRES_SKIP_REASON, testPostgres, withPostgres, type PostgresCluster } from '@ascenso/test-services/postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb } from '../client';
import { createPgDb, DEFAULT_PG_MIGRATIONS_FOLDER, migratePg, MIGRATION_LOCK_KEY } from './client';

const journal = JSON.parse(readFileSync(join(DEFAULT_PG_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };

async function appliedMigrations(url: string): Promise<{ hash: string; times: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ hash: string; times: number }>(
      'SELECT hash, count(*)::int AS times FROM drizzle.__drizzle_migrations GROUP BY hash ORDER BY min(id)',
    );
    return rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres('migratePg'), () => {
  let cluster: PostgresCluster;
  beforeAll(async () => {
    cluster = await testPostgres(inject('ascensoPostgresUrl'));
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('4 migrators started together on a fresh database all succeed, and each migration is applied once', async () => {
    const url = await cluster.createDatabase();
    const handles = Array.from({ length: 4 }, () => createPgDb({ url, max: 2 }));
    try {
      const results = await Promise.allSettled(handles.map((handle) => migratePg(handle.db)));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
      const applied = await appliedMigrations(url);
      expect(applied).toHaveLength(journal.entries.length);
      expect(applied.every((row) => row.times === 1)).toBe(true);
      // The schema is there and usable.
      const [{ count }] = (await handles[0]!.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM users')).rows as [{ count: number }];
      expect(count).toBe(0);
      // The lock is released: nobody holds it any more.
      const locks = await handles[0]!.pool.query(
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [MIGRATION_LOCK_KEY],
      );
      expect(locks.rowCount).toBe(0);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
    }
  });

  it('waits while another instance holds the migration lock, then finds the work done', async () => {
    const url = await cluster.createDatabase();
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    const handle = createPgDb({ url, max: 1 });
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      let finished = false;
      const migrating = migratePg(handle.pool).then(() => {
        finished = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(finished).toBe(false);
      const before = await holder.query("SELECT to_regclass('public.users') AS users");
      expect(before.rows[0].users).toBeNull();
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await migrating;
      expect(finished).toBe(true);
      // A second run (the next instance to start) applies nothing and succeeds.
      await migratePg(handle.db);
      expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
    } finally {
      await holder.end();
      await handle.close();
    }
  });

  it('a failing migration rejects, releases the lock and leaves the pool usable', async () => {
    const url = await cluster.createDatabase();
    const handle = createPgDb({ url, max: 1 });
    try {
      await expect(migratePg(handle.db, { migrationsFolder: join(DEFAULT_PG_MIGRATIONS_FOLDER, 'no-such-folder') })).rejects.toThrow();
      const locks = await handle.pool.query(
        "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [MIGRATION_LOCK_KEY],
      );
      expect(locks.rowCount).toBe(0);
      await migratePg(handle.db);
      expect(await appliedMigrations(url)).toHaveLength(journal.entries.length);
    } finally {
      await handle.close();
    }
  });

  it('the migrated PostgreSQL database has the same tables, columns and indexes as the migrated SQLite one', async () => {
    const url = await cluster.createDatabase();
    const handle = createPgDb({ url });
    const sqlite = createTestDb();
    try {
      await migratePg(handle.db);
      const pgColumns = await handle.pool.query<{ table_name: string; column_name: string; is_nullable: string }>(
        "SELECT table_name, column_name, is_nullable FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name",
      );
      const sqliteTables = sqlite.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name")
        .all() as { name: string }[];
      const sqliteColumns = sqliteTables
        .flatMap(({ name }) =>
          (sqlite.sqlite.prepare(`SELECT name, "notnull" AS nn, pk FROM pragma_table_info(?)`).all(name) as { name: string; nn: number; pk: number }[]).map(
            (column) => `${name}.${column.name} ${column.nn || column.pk ? 'NOT NULL' : 'NULL'}`,
          ),
        )
        .sort();
      expect(pgColumns.rows.map((row) => `${row.table_name}.${row.column_name} ${row.is_nullable === 'NO' ? 'NOT NULL' : 'NULL'}`).sort()).toEqual(
        sqliteColumns,
      );

      // Indexes by name (primary keys aside: SQLite names them sqlite_autoindex_*), with their uniqueness.
      const pgIndexes = await handle.pool.query<{ indexname: string; indexdef: string }>(
        "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT LIKE '%\\_pkey' AND indexname NOT LIKE '%\\_pk'",
      );
      const sqliteIndexes = sqlite.sqlite.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'").all() as {
        name: string;
        sql: string;
      }[];
      const pgUnique = await handle.pool.query<{ conname: string }>("SELECT conname FROM pg_constraint WHERE contype = 'u'");
      const label = (name: string, unique: boolean, partial: boolean) => `${name}${unique ? ' UNIQUE' : ''}${partial ? ' PARTIAL' : ''}`;
      expect(
        pgIndexes.rows
          .map((row) =>
            label(row.indexname, /CREATE UNIQUE/.test(row.indexdef) || pgUnique.rows.some((c) => c.conname === row.indexname), / WHERE /.test(row.indexdef)),
          )
          .sort(),
      ).toEqual(sqliteIndexes.map((row) => label(row.name, /CREATE UNIQUE/.test(row.sql), / WHERE /.test(row.sql))).sort());
    } finally {
      sqlite.close();
      await handle.close();
    }
  });
});
