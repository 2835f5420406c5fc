import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createPgDb } from '@ascenso/db/pg/client';
import { schema as pgSchema } from '@ascenso/db/pg/schema';
import { schema } from '@ascenso/db/schema';
import { POSTGRES_SKIP_REASON, startPostgres, withPostgres, type PostgresCluster } from '@ascenso/test-services/postgres';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_ONLY } from '../testing/test-dialect';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoAccounts } from './demo-accounts';

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const keys = Object.keys(schema) as (keyof typeof schema)[];
const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));

// Decision 023: `pnpm db:copy` on the demo database, seeded the way `pnpm start` seeds an empty database.
// Copies a SQLite file: it runs with the SQLite test app only (SQLITE_ONLY).
describe.skipIf(POSTGRES_SKIP_REASON ?? SQLITE_ONLY)(withPostgres('pnpm db:copy on the demo database'), () => {
  let cluster: PostgresCluster;
  let t: TestApp;
  let folder: string;
  beforeAll(async () => {
    [cluster] = await Promise.all([
      startPostgres(),
      (async () => {
        t = createTestApp({ env: { NODE_ENV: 'development' } });
        expect(await seedDemoAccounts(t.deps)).toBe(true);
        // A signed-in session too, so the bytea column is part of the copy.
        const login = await t.request('/api/auth/login', { body: { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' } });
        expect(login.status).toBe(200);
      })(),
    ]);
    folder = mkdtempSync(join(tmpdir(), 'ascenso-demo-copy-'));
  }, 60_000);
  afterAll(async () => {
    if (folder) rmSync(folder, { recursive: true, force: true });
    await cluster?.stop();
  });

  it('copies every table of the seeded demo: the same row counts, and the same rows read back through each schema', async () => {
    const file = join(folder, 'app.db');
    // The seed's events are marked published in a batch a second later: land the marks before the snapshot.
    await t.deps.outbox.flush();
    writeFileSync(file, t.sqlite.serialize());
    const url = await cluster.createDatabase();

    // The documented command, from the repository root.
    const { stdout } = await run('pnpm', ['--silent', 'db:copy', '--', '--from', file, '--to', url], { cwd: repoRoot });
    expect(stdout).toMatch(new RegExp(`Copiadas \\d+ filas de ${keys.length} tablas`));

    const source = t.sqlite;
    const target = createPgDb({ url });
    try {
      const counts = { sqlite: {} as Record<string, number>, pg: {} as Record<string, number> };
      for (const key of keys) {
        const name = getTableConfig(schema[key]).name;
        counts.sqlite[name] = (source.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n;
        counts.pg[name] = (await target.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${name}"`)).rows[0]!.n;
      }
      expect(counts.pg).toEqual(counts.sqlite);
      // The demo is not empty where it matters.
      for (const name of [
        'users',
        'sessions',
        'activities',
        'activity_completions',
        'step_totals',
        'step_evidence',
        'assessments',
        'conversations',
        'messages',
        'journal_entries',
      ]) {
        expect(counts.sqlite[name], name).toBeGreaterThan(0);
      }

      // A sample of every table (up to 5 rows, the same ones on both sides), compared through the two drizzle schemas.
      for (const key of keys) {
        const all = (
          t.dbHandle.db
            .select()
            .from(schema[key] as SQLiteTable)
            .all() as unknown[]
        ).sort(byJson);
        const sample = all.filter((_, index) => index % Math.max(1, Math.floor(all.length / 5)) === 0).slice(0, 5);
        const copied = ((await target.db.select().from(pgSchema[key] as PgTable)) as unknown[]).sort(byJson);
        for (const row of sample) expect(copied, key).toContainEqual(row);
      }

      // The demo's totals agree: every user's running total equals their ledger plus adjustments, on PostgreSQL.
      const totals = await target.pool.query<{ user_id: string; total_steps: number; ledger: number }>(
        `SELECT t.user_id, t.total_steps, (SELECT coalesce(sum(steps_earned), 0)::int FROM activity_completions c WHERE c.user_id = t.user_id)
           + (SELECT coalesce(sum(steps), 0)::int FROM step_adjustments a WHERE a.user_id = t.user_id) AS ledger FROM step_totals t`,
      );
      expect(totals.rows.length).toBeGreaterThan(0);
      for (const row of totals.rows) expect(row.total_steps).toBe(row.ledger);
    } finally {
      await target.close();
    }
  }, 60_000);
});
