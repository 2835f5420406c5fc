/**
 * The hot repository calls (decision 039, step 9), per call, through the Store as the services call them:
 * a session lookup and a session touch (every authenticated request), a stats read (the running total,
 * today's rows per activity and the catalogue, as `activities.stats` asks them), an award (the completion
 * path's calls in one transaction serialised on the user: limit count, highest slot, insert, running total,
 * event) and the outbox relay's claim. The baseline, measured in the same run on the same database, is the
 * driver alone doing one round trip for the session row (node-postgres with a named statement, or a prepared
 * better-sqlite3 statement): each figure is also given as a ratio to it.
 *
 * With `REPOS_HOT_BASE=<another checkout>` (e.g. `git worktree add /tmp/base <commit>` and its own `pnpm
 * install --offline`), the same calls also run through that checkout's Store, on a database of its own in
 * the same cluster (or file folder), interleaved round by round with this checkout's: "base" against "this".
 *
 *   pnpm --filter @ascenso/bench exec tsx src/repos-hot.ts [postgres|sqlite|both] [calls] [rounds]
 *
 * With a base, the goal is that no call of this checkout is slower than the base's (median ratio of the
 * rounds ≤ 1.15, the machine's noise); it exits 1 otherwise. Run it under `flock /tmp/ascenso-heavy.lock` on
 * the shared machine. It measures latency per call with one sequential caller, not capacity. The PostgreSQL
 * cluster is the tests' throwaway one (no fsync).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import type * as SqliteClient from '@ascenso/db/client';
import type * as PgClient from '@ascenso/db/pg/client';
import type * as PgStore from '@ascenso/db/pg/pg-store';
import type * as SqliteStore from '@ascenso/db/sqlite-store';
import type { Store } from '@ascenso/db/store';
import { createDatabase, startPostgres } from '../../tooling/test-services/postgres';
import { ROOT, median } from './lib';
import { cpuSeconds } from './load/stack';

type Dialect = 'postgres' | 'sqlite';
const which = process.argv[2] ?? 'both';
const CALLS = Number(process.argv[3] ?? 2000);
const ROUNDS = Number(process.argv[4] ?? 7);
const BASE = process.env.REPOS_HOT_BASE ? resolve(process.env.REPOS_HOT_BASE) : undefined;
/** The goal against a base: no call slower than this ratio (the rest is this machine's noise). */
const SLOWER = 1.15;
const slower: string[] = [];

type Modules = {
  pgClient: typeof PgClient;
  pgStore: typeof PgStore;
  client: typeof SqliteClient;
  sqliteStore: typeof SqliteStore;
};

/** The data layer of the checkout at `root`, loaded from its own sources (and its own node_modules). */
async function modulesOf(root: string): Promise<Modules> {
  const load = (file: string) => import(pathToFileURL(join(root, 'packages/db/src', file)).href);
  return {
    pgClient: (await load('pg/client.ts')) as Modules['pgClient'],
    pgStore: (await load('pg/pg-store.ts')) as Modules['pgStore'],
    client: (await load('client.ts')) as Modules['client'],
    sqliteStore: (await load('sqlite-store.ts')) as Modules['sqliteStore'],
  };
}

const USER = 'u1';
const SESSION = 's1';
const KEY = ACTIVITY_CATALOGUE[0]!.key;
const catalogue = { definitions: ACTIVITY_CATALOGUE, now: new Date('2026-01-01T00:00:00Z') };

async function seed(store: Store): Promise<void> {
  const now = new Date();
  await store.repos.users.insert({ id: USER, email: 'b@x.es', passwordHash: 'x', firstName: 'B', timezone: 'UTC', createdAt: now, updatedAt: now });
  await store.repos.sessions.insert({ id: SESSION, secretHash: Buffer.alloc(32, 7), userId: USER, createdAt: now, lastVerifiedAt: now });
}

/** The steps repository of this checkout, or of a base from before the reads were joined (decision 039's addendum on bench (g)). */
type Older = Omit<Store['repos']['steps'], 'dayStats'> & {
  dayStats?: Store['repos']['steps']['dayStats'];
  awardedForLimit?: (userId: string, key: string, day: string, since: Date, timezone: string) => Promise<number>;
  maxSlotForDay?: (userId: string, key: string, day: string) => Promise<number>;
};

/** The calls timed, each one call of the hot path. `n` numbers the call (unique ids, a day per call). */
function operations(store: Store): Record<string, (n: number) => Promise<unknown>> {
  let award = 0;
  return {
    'session lookup': () => store.repos.sessions.findWithUser(SESSION),
    'session touch': () => store.repos.sessions.touch(SESSION, new Date()),
    'steps stats': () => {
      const steps = store.repos.steps as Older;
      // A base from before dayStats reads the total, the rows and the catalogue apart.
      return steps.dayStats
        ? steps.dayStats(USER, '2026-01-01')
        : Promise.all([steps.total(USER), steps.dayByActivity(USER, '2026-01-01'), steps.listActivities()]);
    },
    'steps award': () =>
      store.transaction(
        async (tx) => {
          const id = `c${++award}`;
          const day = `d${award % 50}`;
          const at = new Date();
          const steps = tx.steps as Older;
          const since = new Date(at.getTime() - 86_400_000);
          // A base from before awardState reads the limit count and the highest slot apart.
          const slot = steps.awardedForLimit
            ? (await steps.awardedForLimit(USER, KEY, day, since, 'UTC'), (await steps.maxSlotForDay!(USER, KEY, day)) + 1)
            : (await steps.awardState(KEY, USER, day, since, 'UTC'))!.maxSlot + 1;
          await tx.steps.insertCompletion({
            id,
            userId: USER,
            activityKey: KEY,
            day,
            completedAt: at,
            stepsEarned: 70,
            limitReached: false,
            awardSlot: slot,
            durationMinutes: null,
            metadata: null,
            toastShownAt: null,
            timezone: 'UTC',
          });
          await tx.steps.addToTotal(USER, 70);
          await tx.events.append({ userId: USER, name: 'activity.completed', payload: { id }, createdAt: at });
        },
        { serializeOn: `user:${USER}` },
      ),
    'events claim': () => store.repos.events.claimUnpublished(new Date(Date.now() + 3_600_000), new Date(), 100),
  };
}

type Candidate = { name: string; ops: Record<string, (n: number) => Promise<unknown>>; close: () => Promise<void> };

/** The PostgreSQL cluster's postmaster (its backends are its children): where the server's CPU is read. */
let postmaster = 0;

async function candidates(dialect: Dialect, dir: string): Promise<{ list: Candidate[]; baseline: () => Promise<unknown>; stop: () => Promise<void> }> {
  const roots = [{ name: 'this', root: ROOT }, ...(BASE ? [{ name: 'base', root: BASE }] : [])];
  const list: Candidate[] = [];
  if (dialect === 'postgres') {
    const cluster = await startPostgres();
    for (const { name, root } of roots) {
      const m = await modulesOf(root);
      const handle = m.pgClient.createPgDb({ url: await createDatabase(cluster.url, `repos_hot_${name}`), max: 4 });
      await m.pgClient.migratePg(handle.db, { migrationsFolder: join(root, 'packages/db/drizzle-pg') });
      const store = await m.pgStore.createPgStore(handle, { catalogue });
      await seed(store);
      list.push({ name, ops: operations(store), close: () => store.close() });
    }
    // node-postgres alone (the pool under this checkout's drizzle, on a database of its own).
    const { pool } = (await modulesOf(ROOT)).pgClient.createPgDb({ url: await createDatabase(cluster.url, 'repos_hot_driver'), max: 4 });
    await pool.query(
      'create table sessions (id text primary key, secret_hash bytea not null, user_id text not null, last_verified_at timestamptz(3) not null)',
    );
    await pool.query("insert into sessions values ('s1', '\\x00', 'u1', now())");
    const backend = (await pool.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    postmaster = Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${backend}/status`, 'utf8'))?.[1] ?? 0);
    const baseline = () => pool.query({ name: 'bench_session', text: 'select * from sessions where id = $1', values: [SESSION] });
    return { list, baseline, stop: async () => (await pool.end(), await cluster.stop()) };
  }
  for (const { name, root } of roots) {
    const m = await modulesOf(root);
    const handle = m.client.createDb({ file: join(dir, `${name}.db`), migrationsFolder: join(root, 'packages/db/drizzle') });
    const store = m.sqliteStore.createSqliteStore(handle, { catalogue });
    await seed(store);
    list.push({ name, ops: operations(store), close: () => store.close() });
  }
  const raw = new Database(join(dir, 'this.db'));
  const select = raw.prepare('select * from sessions where id = ?');
  const baseline = async () => select.get(SESSION);
  return { list, baseline, stop: async () => void raw.close() };
}

/** Per call: wall µs, this process's CPU µs, and PostgreSQL's (its backends') CPU µs. */
async function timed(call: (n: number) => Promise<unknown>): Promise<[number, number, number]> {
  const server = () => (postmaster ? (cpuSeconds({ db: [postmaster] }).db ?? 0) : 0);
  const db = server();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let n = 0; n < CALLS; n++) await call(n);
  const wall = ((performance.now() - start) * 1000) / CALLS;
  const own = process.cpuUsage(cpu);
  return [wall, (own.user + own.system) / CALLS, ((server() - db) * 1e6) / CALLS];
}

async function bench(dialect: Dialect): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-repos-hot-'));
  const { list, baseline, stop } = await candidates(dialect, dir);
  try {
    const names = Object.keys(list[0]!.ops);
    const micros = new Map<string, number[]>();
    const add = (key: string, value: number) => micros.set(key, [...(micros.get(key) ?? []), value]);
    // Warm-up: prepared statements, JIT, caches.
    for (const c of list) for (const op of names) for (let n = 0; n < 200; n++) await c.ops[op]!(n);
    for (let n = 0; n < 200; n++) await baseline();
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [...list].reverse() : list;
      add('driver', (await timed(baseline))[0]);
      for (const op of names)
        for (const c of order) {
          const [wall, cpu, db] = await timed(c.ops[op]!);
          add(`${c.name}|${op}`, wall);
          add(`${c.name}|${op}|cpu`, cpu);
          add(`${c.name}|${op}|db`, db);
        }
    }
    const driver = median(micros.get('driver')!);
    console.log(
      `\n${dialect}: ${CALLS} calls × ${ROUNDS} rounds; µs per call, median of rounds; × the driver's round trip (${driver.toFixed(1)} µs); [CPU µs per call: this process${dialect === 'postgres' ? ' + PostgreSQL' : ''}]`,
    );
    for (const op of names) {
      const cells = list.map((c) => {
        const us = median(micros.get(`${c.name}|${op}`)!);
        const cpu = median(micros.get(`${c.name}|${op}|cpu`)!);
        const db = median(micros.get(`${c.name}|${op}|db`)!);
        return `${c.name} ${us.toFixed(1)} µs (${(us / driver).toFixed(2)}×) [${cpu.toFixed(0)}${dialect === 'postgres' ? ` + ${db.toFixed(0)}` : ''}]`;
      });
      const pair = list.length === 2 ? median(micros.get(`this|${op}`)!.map((x, i) => x / micros.get(`base|${op}`)![i]!)) : undefined;
      console.log(`  ${op.padEnd(15)} ${cells.join('   ')}${pair === undefined ? '' : `   this ÷ base ${pair.toFixed(2)}`}`);
      if (pair !== undefined && pair > SLOWER) slower.push(`${dialect} ${op}: this ÷ base ${pair.toFixed(2)}`);
    }
  } finally {
    for (const c of list) await c.close();
    await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const dialect of (which === 'both' ? ['postgres', 'sqlite'] : [which]) as Dialect[]) await bench(dialect);
if (slower.length > 0) {
  console.error(`\nslower than the base (goal: this ÷ base ≤ ${SLOWER}):\n  ${slower.join('\n  ')}`);
  process.exitCode = 1;
}
