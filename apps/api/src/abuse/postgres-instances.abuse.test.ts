import type { ChildProcess } from 'node:child_process';
import { createPgDb, migratePg, type PgDbHandle } from '@ascenso/db/pg/client';
import { createPgStore } from '@ascenso/db/pg/pg-store';
import type { Store } from '@ascenso/db/store';
import { POSTGRES_SKIP_REASON, testPostgres, withPostgres } from '@ascenso/test-services/postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { createLogger } from '../logger';
import { register } from '../modules/auth/auth.service';
import { DEMO_ACCOUNTS } from '../seed/demo-accounts';
import { startServerProcess } from '../testing/server-process';
import { TEST_DIALECT } from '../testing/test-dialect';
import { MALFORMED_TEXT_MESSAGE } from '../trpc/clean-text';

// Decision 023: two API processes (two stores, two pools) on one PostgreSQL database, started from source with
// DATABASE_URL as `pnpm start` would. The limits live in the database: they hold across the instances with
// no Redis (INSTANCES stays 1 for each: this is the database's part of the guarantee, not a deployment).

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'una frase bastante larga';

// Its processes are PostgreSQL whatever the test dialect: it runs once, in the SQLite project (`api`).
describe.skipIf(POSTGRES_SKIP_REASON ?? TEST_DIALECT === 'postgres')(withPostgres('two API processes on one PostgreSQL database'), () => {
  const children: ChildProcess[] = [];
  let urls: string[] = [];
  let handle: PgDbHandle;
  let store: Store;
  let cookie = '';
  let userId = '';

  beforeAll(async () => {
    const cluster = await testPostgres(inject('ascensoPostgresUrl'));
    handle = createPgDb({ url: cluster.url });
    // The first process migrates and seeds the demo accounts; the second finds both done.
    const env = { DATABASE_URL: cluster.url, QUOTA_JOURNAL_ENTRIES_PER_DAY: '5', AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS: '4' };
    const first = await startServerProcess('/nonexistent/never-used.db', ORIGIN, { env, timeoutMs: 60_000 });
    children.push(first.child);
    const second = await startServerProcess('/nonexistent/never-used.db', ORIGIN, { env, timeoutMs: 60_000 });
    children.push(second.child);
    urls = [first.url, second.url];
    await migratePg(handle.db); // already applied: a no-op under the lock
    store = await createPgStore(handle);
    const deps = createDeps(loadConfig({ LOG_LEVEL: 'silent' }), { store, logger: createLogger('silent') });
    const signedIn = await register(deps, { email: 'vera@ejemplo.es', password: PASSWORD, firstName: 'Vera' }, { ip: '127.0.0.1' });
    cookie = `session=${signedIn.token}`;
    userId = signedIn.user.id;
  }, 120_000);

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await store?.close();
  });

  const post = (url: string, path: string, body: unknown, withCookie = cookie) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, ...(withCookie ? { cookie: withCookie } : {}) },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });

  it('seeded the demo accounts on PostgreSQL once, and a demo person signs in on either instance', async () => {
    expect(await store.repos.users.count()).toBe(DEMO_ACCOUNTS.length + 1);
    for (const url of urls) {
      const answer = await post(url, '/api/auth/login', { email: DEMO_ACCOUNTS[0].email, password: DEMO_ACCOUNTS[0].password }, '');
      expect(answer.status).toBe(200);
    }
  });

  it('40 concurrent completions of a limit-1 activity, split across the instances, award exactly once, with no 5xx', async () => {
    for (let i = 0; i < 40; i += 1) {
      await store.repos.steps.recordEvidence({
        id: crypto.randomUUID(),
        userId,
        activityKey: 'audio_ascenso_daily',
        source: 'listen',
        ref: `pg-attack-${i}`,
        createdAt: new Date(),
      });
    }
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post(urls[i % 2]!, '/api/activity-log', { activity_key: 'audio_ascenso_daily' })));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ stepsEarned: number }>;
    expect(bodies.filter((b) => b.stepsEarned > 0)).toHaveLength(1);
    expect(await store.repos.steps.awardedCompletionCount(userId)).toBe(1);
    expect(await store.repos.steps.total(userId)).toBe(165);
  });

  it('a daily quota of 5 journal entries holds under 20 concurrent creations split across the instances', async () => {
    const entry = (i: number) => ({ json: { mood: 'calma', title: `Entrada ${i}`, body: `Hoy he escrito la entrada ${i}.` } });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => post(urls[i % 2]!, '/api/trpc/journaling.create', entry(i))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
    expect(await store.repos.coaching.recentJournalEntries(userId, 100)).toHaveLength(5);
  });

  it('the sign-in limit (4 wrong passwords per account and address) holds across the instances', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post(urls[i % 2]!, '/api/auth/login', { email: 'vera@ejemplo.es', password: `no es la buena ${i}` }, '')),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
    for (const answer of answers.filter((a) => a.status === 429)) expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too while the limit holds, on both.
    for (const url of urls) expect((await post(url, '/api/auth/login', { email: 'vera@ejemplo.es', password: PASSWORD }, '')).status).toBe(429);
  });

  it('a NUL character, which PostgreSQL cannot store, is a 400 with the envelope, never a 500', async () => {
    const answer = await post(urls[0]!, '/api/auth/login', { email: 'vera\u0000@ejemplo.es', password: PASSWORD }, '');
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: { code: 'VALIDATION', message: MALFORMED_TEXT_MESSAGE } });
    const entry = await post(urls[1]!, '/api/trpc/journaling.create', { json: { mood: 'calma', title: 'Nulo', body: 'Texto con un \u0000 dentro.' } });
    expect(entry.status).toBe(400);
  });
  it('connections the database drops are logged and replaced: both instances keep answering, never with a 500', async () => {
    let stderr = '';
    for (const child of children) child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Both instances have idle pooled connections by now (the tests above used them); the database drops them all,
    // as a restart or a proxy's idle timeout would. Without a pool 'error' listener each process would crash.
    const dropped = await handle.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid() AND state = 'idle'",
    );
    expect(dropped.rowCount).toBeGreaterThanOrEqual(2);
    // Signed-in reads at once, on both: one that lands on a connection the pool has not yet seen die is told to
    // retry (503 BUSY, Retry-After: 1), never 500; the pool opens new connections and the rest succeed.
    const read = (url: string) => fetch(`${url}/api/weekly-review`, { headers: { cookie, origin: ORIGIN }, signal: AbortSignal.timeout(20_000) });
    const answers = await Promise.all(urls.flatMap((url) => [read(url), read(url), read(url)]));
    for (const answer of answers) {
      expect([200, 503], stderr).toContain(answer.status);
      if (answer.status === 503) {
        expect(answer.headers.get('retry-after')).toBe('1');
        expect(await answer.json()).toMatchObject({ error: { code: 'BUSY', message: expect.stringMatching(/base de datos/) as unknown } });
      }
    }
    await expect.poll(() => stderr, { timeout: 10_000 }).toContain('postgres: an idle pooled connection failed');
    for (const child of children) expect(child.exitCode).toBeNull();
    for (const url of urls) expect((await read(url)).status, stderr).toBe(200);
  });
});
