import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { POSTGRES_SKIP_REASON, testPostgres, withPostgres, type PostgresCluster } from '@ascenso/test-services/postgres';
import { getTableConfig as getPgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDb, type Db, type DbHandle } from '../client';
import { schema } from '../schema';
import { createPgDb, migratePg, type PgDb, type PgDbHandle } from './client';
import { CopyError, copySqliteToPg, tablesInForeignKeyOrder } from './copy';
import { schema as pgSchema } from './schema';

const run = promisify(execFile);
const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(packageRoot, 'node_modules/.bin/tsx');
const script = join(packageRoot, 'scripts/copy-to-pg.ts');

const T0 = new Date('2026-11-20T08:15:30.123Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

/** One or more rows in every table, with every kind of value: dates to the ms, booleans, JSON, a Buffer, NULLs, a fraction. */
function fill(db: Db) {
  const s = schema;
  db.insert(s.users)
    .values([
      {
        id: 'u1',
        email: 'lucia@example.com',
        passwordHash: '$argon2id$v=19$x',
        firstName: 'Lucía',
        lastName: 'Martín',
        role: 'user',
        createdAt: T0,
        updatedAt: at(1),
      },
      {
        id: 'u2',
        email: 'admin@example.com',
        passwordHash: '$argon2id$v=19$y',
        firstName: 'Admin',
        lastName: null,
        role: 'admin',
        addressForm: 'femenino',
        emailVerifiedAt: at(2),
        createdAt: T0,
        updatedAt: T0,
      },
    ])
    .run();
  db.insert(s.sessions)
    .values({ id: 's1', secretHash: Buffer.from([0, 1, 2, 254, 255, 10, 13]), userId: 'u1', createdAt: T0, lastVerifiedAt: at(5) })
    .run();
  db.insert(s.devices)
    .values({ id: 'd1', secretHash: Buffer.from([9, 0, 255]), userId: 'u1', createdAt: T0, lastUsedAt: at(6) })
    .run();
  db.insert(s.passwordResets)
    .values([
      { tokenHash: Buffer.from([1, 2, 3, 0, 250]), userId: 'u1', createdAt: T0, expiresAt: at(30), usedAt: null },
      { tokenHash: Buffer.from([4, 5, 6]), userId: 'u1', createdAt: T0, expiresAt: at(30), usedAt: at(7) },
    ])
    .run();
  db.insert(s.emailVerifications)
    .values([
      { tokenHash: Buffer.from([7, 0, 255, 8]), userId: 'u1', email: 'lucia@example.com', createdAt: T0, expiresAt: at(2880), usedAt: null },
      { tokenHash: Buffer.from([9, 9]), userId: 'u2', email: 'admin@example.com', createdAt: T0, expiresAt: at(2880), usedAt: at(2) },
    ])
    .run();
  db.insert(s.authFailures)
    .values([
      { id: 1, scope: 'login-address', key: '127.0.0.1', at: T0 },
      { id: 2, scope: 'login-account', key: 'lucia@example.com', at: at(1) },
      { id: 7, scope: 'password-user', key: 'u1', at: at(2) },
    ])
    .run();
  db.insert(s.activities)
    .values([
      { key: 'journaling', name: 'Diario', baseSteps: 300, multiplier: 1.25, dailyLimit: 3, icon: 'book', updatedAt: T0 },
      { key: 'breathing_short', name: 'Respiración', baseSteps: 100, dailyLimit: 5, icon: 'wind', updatedAt: T0 },
    ])
    .run();
  db.insert(s.activityCompletions)
    .values([
      {
        id: 'c1',
        userId: 'u1',
        activityKey: 'journaling',
        day: '2026-11-20',
        completedAt: at(3),
        stepsEarned: 375,
        limitReached: false,
        awardSlot: 1,
        durationMinutes: 2.5,
        metadata: { words: 120, mood: 'bien', ok: true, none: null },
        toastShownAt: at(4),
        timezone: 'Europe/Madrid',
      },
      { id: 'c2', userId: 'u1', activityKey: 'breathing_short', day: '2026-11-20', completedAt: at(6), stepsEarned: 0, limitReached: true, awardSlot: null },
    ])
    .run();
  db.insert(s.stepTotals).values({ userId: 'u1', totalSteps: 375 }).run();
  db.insert(s.idempotencyKeys)
    .values({ userId: 'u1', key: 'idem-1', requestHash: 'abc', response: { status: 200, body: { ok: true, list: [1, 2, 3] } }, createdAt: at(3) })
    .run();
  db.insert(s.stepEvidence)
    .values([
      { id: 'e1', userId: 'u1', activityKey: 'journaling', source: 'journal', ref: 'j1', createdAt: at(2), completionId: 'c1', claimedAt: at(3) },
      { id: 'e2', userId: 'u1', activityKey: 'breathing_short', source: 'practice', ref: 'p1', createdAt: at(5) },
    ])
    .run();
  db.insert(s.assessments)
    .values({ id: 'a1', userId: 'u1', version: 'v1', responses: { q1: 3, q2: ['a', 'b'], nested: { x: 'ñ' } }, createdAt: T0 })
    .run();
  db.insert(s.assessmentProgress)
    .values({ userId: 'u2', currentSection: 2, responses: {}, completedSections: [0, 1], lastSavedAt: at(1) })
    .run();
  db.insert(s.conversations)
    .values([
      { id: 'k1', userId: 'u1', kind: 'chat', title: 'Hola', status: 'active', awarded: true, careful: false, createdAt: T0, updatedAt: at(9) },
      {
        id: 'k2',
        userId: 'u1',
        kind: 'session',
        title: 'Sesión',
        status: 'completed',
        stage: 'done',
        summary: 'Resumen',
        coachSnapshot: 'snap',
        careful: true,
        safetyCategory: 'self_harm',
        createdAt: T0,
        updatedAt: T0,
      },
    ])
    .run();
  db.insert(s.messages)
    .values([
      { id: 'm1', conversationId: 'k1', userId: 'u1', role: 'user', content: 'Hola "coach" \\ 😀', createdAt: at(7) },
      {
        id: 'm2',
        conversationId: 'k1',
        userId: 'u1',
        role: 'assistant',
        content: 'Hola',
        replyTo: 'm1',
        stage: 'x',
        flagged: true,
        stopped: true,
        createdAt: at(8),
      },
    ])
    .run();
  db.insert(s.commitments)
    .values({ id: 'co1', userId: 'u1', conversationId: 'k2', text: 'Caminar', status: 'done', createdAt: T0, closedAt: at(60) })
    .run();
  db.insert(s.dailyPlans)
    .values({
      id: 'd1',
      userId: 'u1',
      day: '2026-11-20',
      content: 'Plan',
      items: [{ key: 'journaling', done: false }],
      source: 'offline',
      fallback: true,
      generationCount: 2,
      generatedAt: T0,
    })
    .run();
  db.insert(s.aiUsage).values({ userId: 'u1', day: '2026-11-20', requests: 3, inputTokens: 1000, outputTokens: 250, errors: 1 }).run();
  db.insert(s.journalEntries)
    .values({
      id: 'j1',
      userId: 'u1',
      title: 'Hoy',
      body: 'Texto',
      mood: null,
      prompt: 'p',
      source: 'chat',
      conversationId: 'k1',
      wordCount: 55,
      createdAt: at(2),
    })
    .run();
  db.insert(s.assessmentEvaluations)
    .values({ assessmentId: 'a1', userId: 'u1', content: 'un texto JSON', createdAt: at(1) })
    .run();
  db.insert(s.audioListens)
    .values([
      {
        id: 'l1',
        userId: 'u1',
        meditationId: 'med-1',
        day: '2026-11-20',
        isToday: true,
        startedAt: T0,
        completedAt: at(10),
        awardedAt: at(10),
        servedBytes: 123456,
        fileBytes: 123456,
      },
      { id: 'l2', userId: 'u1', meditationId: 'med-2', day: '2026-11-20', isToday: false, startedAt: at(11) },
    ])
    .run();
  db.insert(s.practiceSessions)
    .values({ id: 'p1', userId: 'u1', kind: 'active_break', ref: 'break-1', plannedSeconds: 120, startedAt: at(4), completionId: null })
    .run();
  db.insert(s.coachNotes)
    .values({ id: 'n1', userId: 'u1', text: 'Le gusta correr', createdAt: T0, updatedAt: at(1) })
    .run();
  db.insert(s.catalogueAudit)
    .values({
      id: 'ca1',
      activityKey: 'journaling',
      adminId: null,
      adminEmail: 'old@example.com',
      before: { baseSteps: 250 },
      after: { baseSteps: 300 },
      at: T0,
    })
    .run();
  db.insert(s.stepAdjustments)
    .values({ id: 'sa1', userId: 'u1', adminId: 'u2', steps: -50, reason: 'Corrección', day: '2026-11-20', at: at(30) })
    .run();
  db.insert(s.adminMailAudit)
    .values({
      id: 'ma1',
      adminId: 'u2',
      adminEmail: 'jefa@example.com',
      userId: 'u1',
      template: 'weekly-summary',
      outboxId: 'o1',
      status: 'stored',
      at: at(31),
    })
    .run();
  db.insert(s.outbox)
    .values({
      id: 'o1',
      userId: null,
      to: 'x@example.com',
      subject: 'Hola',
      template: 'welcome',
      html: '<p>Hola</p>',
      text: 'Hola',
      transport: 'outbox',
      status: 'stored',
      attempts: 0,
      createdAt: T0,
    })
    .run();
  db.insert(s.events)
    .values([
      { seq: 3, userId: 'u1', name: 'activity.completed', payload: { userId: 'u1', nested: { n: 1.5, ok: true } }, createdAt: T0, publishedAt: at(1) },
      { seq: 5, userId: 'u1', name: 'activity.completed', payload: { userId: 'u1' }, createdAt: at(2), publishedAt: null },
    ])
    .run();
  db.insert(s.calendarFeeds)
    .values({ userId: 'u1', tokenHash: 'b'.repeat(43), createdAt: T0, lastFetchedAt: at(3) })
    .run();
  db.insert(s.shares)
    .values({
      id: 'sh1',
      userId: 'u1',
      tokenHash: 'a'.repeat(64),
      include: ['moods', 'steps'],
      journalEntryIds: ['j1'],
      days: 7,
      createdAt: T0,
      expiresAt: at(7 * 24 * 60),
      revokedAt: null,
      viewCount: 3,
      lastViewedAt: at(1),
    })
    .run();
  db.insert(s.shareViews).values({ shareId: 'sh1', minute: T0, count: 3 }).run();
}

const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
const keys = Object.keys(schema) as (keyof typeof schema)[];

async function readPg(db: PgDb, key: keyof typeof schema) {
  return ((await db.select().from(pgSchema[key] as PgTable)) as unknown[]).sort(byJson);
}
const readSqlite = (db: Db, key: keyof typeof schema) =>
  (
    db
      .select()
      .from(schema[key] as SQLiteTable)
      .all() as unknown[]
  ).sort(byJson);

describe('tablesInForeignKeyOrder', () => {
  it('lists every table once, each after the tables its foreign keys point to', () => {
    const order = tablesInForeignKeyOrder();
    expect([...order].sort()).toEqual([...keys].sort());
    const position = new Map(order.map((key, index) => [getTableConfig(schema[key]).name, index]));
    for (const key of order) {
      for (const fk of getTableConfig(schema[key]).foreignKeys) {
        expect(position.get(getTableConfig(fk.reference().foreignTable).name)).toBeLessThanOrEqual(position.get(getTableConfig(schema[key]).name)!);
      }
    }
  });
});

describe.skipIf(POSTGRES_SKIP_REASON)(withPostgres('copySqliteToPg (pnpm db:copy)'), () => {
  let cluster: PostgresCluster;
  let source: DbHandle;
  beforeAll(async () => {
    cluster = await testPostgres(inject('ascensoPostgresUrl'));
    source = createTestDb();
    fill(source.db);
  }, 60_000);
  afterAll(async () => {
    source?.close();
    await cluster?.stop();
  });

  async function freshTarget(): Promise<PgDbHandle> {
    const handle = createPgDb({ url: await cluster.createDatabase(), max: 2 });
    await migratePg(handle.db);
    return handle;
  }

  it('copies every table, every row and every value (read back through drizzle, equal on both sides)', async () => {
    const target = await freshTarget();
    try {
      const report = await copySqliteToPg(source.sqlite, target.db);
      expect(report.tables.map((t) => t.table).sort()).toEqual(keys.map((key) => getTableConfig(schema[key]).name).sort());
      for (const key of keys) {
        const expected = readSqlite(source.db, key);
        expect(expected.length, `the fixture fills ${key}`).toBeGreaterThan(0);
        expect(report.tables.find((t) => t.table === getPgTableConfig(pgSchema[key]).name)?.rows).toBe(expected.length);
        expect(await readPg(target.db, key), key).toEqual(expected);
      }
      // Spot checks of the conversions in the database itself (not only through drizzle).
      const raw = await target.pool.query(
        "SELECT completed_at, limit_reached, metadata->>'mood' AS mood, duration_minutes FROM activity_completions WHERE id = 'c1'",
      );
      expect(raw.rows[0]).toEqual({ completed_at: at(3), limit_reached: false, mood: 'bien', duration_minutes: 2.5 });
      // JSON lands as jsonb values (not as strings holding JSON text).
      const kinds = await target.pool.query(
        "SELECT (SELECT jsonb_typeof(responses) FROM assessments) AS object, (SELECT jsonb_typeof(items) FROM daily_plans) AS array, (SELECT jsonb_typeof(content) FROM assessment_evaluations) AS string, (SELECT metadata IS NULL FROM activity_completions WHERE id = 'c2') AS sql_null",
      );
      expect(kinds.rows[0]).toEqual({ object: 'object', array: 'array', string: 'string', sql_null: true });
      const secret = await target.pool.query("SELECT secret_hash FROM sessions WHERE id = 's1'");
      expect(Buffer.compare(secret.rows[0].secret_hash, Buffer.from([0, 1, 2, 254, 255, 10, 13]))).toBe(0);
    } finally {
      await target.close();
    }
  });

  it('moves the identity sequence past the copied ids: the next auth_failures row gets max(id) + 1', async () => {
    const target = await freshTarget();
    try {
      const report = await copySqliteToPg(source.sqlite, target.db);
      expect(report.sequences).toEqual([
        { table: 'auth_failures', column: 'id', next: 8 },
        { table: 'events', column: 'seq', next: 6 },
      ]);
      const [row] = await target.db.insert(pgSchema.authFailures).values({ scope: 'login-address', key: '10.0.0.1', at: T0 }).returning();
      expect(row?.id).toBe(8);
    } finally {
      await target.close();
    }
  });

  it('copies a table larger than one batch (1 203 rows, read in rowid order in batches of 500), all of it', async () => {
    const big = createTestDb();
    const target = await freshTarget();
    try {
      const rows = Array.from({ length: 1203 }, (_, index) => ({
        id: index * 2 + 1,
        scope: 'login-address' as const,
        key: `10.0.${index >> 8}.${index & 255}`,
        at: at(index),
      }));
      for (let start = 0; start < rows.length; start += 300)
        big.db
          .insert(schema.authFailures)
          .values(rows.slice(start, start + 300))
          .run();
      const report = await copySqliteToPg(big.sqlite, target.db);
      expect(report.tables.find((t) => t.table === 'auth_failures')?.rows).toBe(1203);
      expect(await readPg(target.db, 'authFailures')).toEqual(readSqlite(big.db, 'authFailures'));
      expect(report.sequences).toEqual([
        { table: 'auth_failures', column: 'id', next: 2406 },
        { table: 'events', column: 'seq', next: 1 },
      ]);
    } finally {
      big.close();
      await target.close();
    }
  });

  it('refuses a target that already has rows, and changes nothing in it', async () => {
    const target = await freshTarget();
    try {
      await target.db.insert(pgSchema.activities).values({ key: 'other', name: 'Otra', baseSteps: 1, dailyLimit: 1, icon: 'x', updatedAt: T0 });
      const error = await copySqliteToPg(source.sqlite, target.db).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CopyError);
      expect((error as Error).message).toMatch(/ya tiene datos \(activities\)/);
      expect(await readPg(target.db, 'users')).toEqual([]);
      expect(await readPg(target.db, 'activities')).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('is one transaction: a row PostgreSQL rejects late in the copy leaves the target empty', async () => {
    const bad = createTestDb();
    const target = await freshTarget();
    try {
      fill(bad.db);
      // PostgreSQL refuses NUL characters in text; SQLite stores them. outbox comes after users in the order.
      bad.db
        .insert(schema.outbox)
        .values({
          id: 'o2',
          to: 'y@example.com',
          subject: 'a\u0000b',
          template: 't',
          html: '',
          text: '',
          transport: 'smtp',
          status: 'failed',
          attempts: 3,
          createdAt: T0,
        })
        .run();
      const error = (await copySqliteToPg(bad.sqlite, target.db).catch((e: unknown) => e)) as Error;
      expect(String((error.cause as Error | undefined)?.message ?? error.message)).toMatch(/0x00/);
      for (const key of keys) expect(await readPg(target.db, key), key).toEqual([]);
      // And the source's read snapshot was closed: it can be written again.
      bad.db.insert(schema.coachNotes).values({ id: 'n2', userId: 'u1', text: 'x', createdAt: T0, updatedAt: T0 }).run();
    } finally {
      bad.close();
      await target.close();
    }
  });

  it('pnpm db:copy: copies a SQLite file, then refuses a second copy into the same database with exit 1', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'ascenso-copy-'));
    try {
      const file = join(folder, 'app.db');
      writeFileSync(file, source.sqlite.serialize());
      const url = await cluster.createDatabase();
      const first = await run(tsx, [script, '--', '--from', file, '--to', url], { cwd: packageRoot });
      expect(first.stdout).toMatch(new RegExp(`Copiadas \\d+ filas de ${keys.length} tablas`));
      const check = createPgDb({ url });
      try {
        expect(await readPg(check.db, 'messages')).toEqual(readSqlite(source.db, 'messages'));
      } finally {
        await check.close();
      }
      const second = await run(tsx, [script, '--from', file, '--to', url], { cwd: packageRoot }).catch((e: { code: number; stderr: string }) => e);
      expect(second).toMatchObject({ code: 1 });
      expect((second as { stderr: string }).stderr).toMatch(/ya tiene datos/);

      const missing = await run(tsx, [script, '--from', join(folder, 'nope.db'), '--to', url], { cwd: packageRoot }).catch(
        (e: { code: number; stderr: string }) => e,
      );
      expect(missing).toMatchObject({ code: 1 });
      expect((missing as { stderr: string }).stderr).toMatch(/No existe el fichero SQLite/);
      const usage = await run(tsx, [script, '--from', file], { cwd: packageRoot }).catch((e: { code: number; stderr: string }) => e);
      expect(usage).toMatchObject({ code: 1 });
      expect((usage as { stderr: string }).stderr).toMatch(/Uso: pnpm db:copy/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});
