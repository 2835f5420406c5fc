/**
 * A throwaway PostgreSQL cluster for tests (decision 023): `initdb` in a temporary folder, trust
 * authentication, listening on 127.0.0.1 only on a free port, its Unix socket inside the folder, no fsync.
 * `stop()` shuts it down (`pg_ctl stop -m fast`) and removes the folder.
 *
 * When PostgreSQL is not installed: with `CI` set, importing this module fails with a clear message;
 * otherwise `POSTGRES_SKIP_REASON` says why, and suites use `describe.skipIf(POSTGRES_SKIP_REASON)` with
 * `withPostgres(name)` as their title so the reason shows in the report.
 */
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, appendFileSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
// Loads vitest's types for the ProvidedContext augmentation below (no runtime import).
import type {} from 'vitest';

const run = promisify(execFile);

export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` of the database created at start. */
  url: string;
  /** Creates another empty database on this cluster and returns its URL. */
  createDatabase: (name?: string) => Promise<string>;
  /**
   * The cluster's own folder in the system's temporary folder (data, log and socket), removed by `stop()`;
   * null for a database on the run's shared cluster (`testPostgres`), which this value does not own.
   */
  folder: string | null;
  /** `pg_ctl stop -m fast`, then removes the folder. Safe to call twice. */
  stop: () => Promise<void>;
};

/** The folder holding `initdb`, `pg_ctl` and `postgres`, or null when PostgreSQL is not installed. */
export function findPostgresBindir(): string | null {
  const has = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(join(dir, bin)));
  // An explicit folder (also how the tests simulate a machine without PostgreSQL).
  const explicit = process.env.ASCENSO_PG_BINDIR;
  if (explicit) return has(explicit) ? explicit : null;
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  } catch {
    // no pg_config on PATH (Debian ships it in libpq-dev); look in the versioned folders below.
  }
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => join(debianRoot, version, 'bin')));
  }
  return candidates.find(has) ?? null;
}

const BINDIR = findPostgresBindir();

/**
 * Why PostgreSQL suites are skipped here (null: they run). In CI (`CI` set) a missing PostgreSQL is an
 * error, not a skip: the dialect must not go untested silently.
 */
export const POSTGRES_SKIP_REASON: string | null = BINDIR
  ? null
  : 'PostgreSQL is not installed (no initdb/pg_ctl/postgres in ASCENSO_PG_BINDIR, `pg_config --bindir` or /usr/lib/postgresql/*/bin; Debian: apt-get install postgresql)';

const inCi = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');
if (POSTGRES_SKIP_REASON && inCi) {
  throw new Error(`CI is set and ${POSTGRES_SKIP_REASON}. The PostgreSQL suites cannot be skipped in CI.`);
}

/** A suite title that carries the skip reason, so a skipped suite says why in the report. */
export function withPostgres(title: string): string {
  return POSTGRES_SKIP_REASON ? `${title} [skipped: ${POSTGRES_SKIP_REASON}]` : title;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * The environment of PostgreSQL's programs: without libfaketime (tooling/at-time.sh). Under it, runuser would
 * start the `postgres` user's process with the preload still set, and libfaketime cannot open the
 * semaphore root's processes share, so initdb fails; the servers keep the real clock anyway.
 */
const PG_ENV: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'LD_PRELOAD' && !name.startsWith('FAKETIME')));
const PG_OPTIONS = { env: PG_ENV };

/** As root, PostgreSQL's programs refuse to run: they run as the `postgres` user through runuser. */
function asPostgres(bin: string, args: string[]): [string, string[]] {
  if (!BINDIR) throw new Error(POSTGRES_SKIP_REASON ?? 'PostgreSQL is not installed');
  const path = join(BINDIR, bin);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', path, ...args]] : [path, args];
}

function postgresIds(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

let databaseCounter = 0;

/** Creates an empty database on the cluster at `clusterUrl` (any database URL of it) and returns its URL. */
export async function createDatabase(
  clusterUrl: string,
  name = `ascenso_test_${process.pid}_${++databaseCounter}_${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const url = new URL(clusterUrl);
  // createdb speaks the protocol over TCP (trust authentication): no runuser needed.
  await run(join(BINDIR ?? '', 'createdb'), ['-h', url.hostname, '-p', url.port, '-U', decodeURIComponent(url.username || 'postgres'), name], PG_OPTIONS);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Starts a fresh cluster (about 1.5–3 s on this 2-core machine: initdb dominates) with one empty database.
 * Start one per test file and `createDatabase()` for each further fresh database you need (~100 ms each).
 */
export async function startPostgres(options: { database?: string } = {}): Promise<PostgresCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'ascenso-pg-'));
  if (isRoot) {
    const { uid, gid } = postgresIds();
    chownSync(folder, uid, gid);
  }
  const data = join(folder, 'data');
  const log = join(folder, 'postgres.log');
  let started = false;
  let stopped = false;

  const stopSync = () => {
    // Last resort when the test process exits without calling stop(): never leave a server behind.
    if (stopped) return;
    stopped = true;
    try {
      if (started) execFileSync(...asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-s']), { stdio: 'ignore', ...PG_OPTIONS });
    } catch {
      // already gone
    }
    rmSync(folder, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  try {
    // C collation: bytewise ordering like SQLite's BINARY, the same on every machine.
    await run(
      ...asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale', '--no-sync', '--no-instructions']),
      PG_OPTIONS,
    );
    let port = 0;
    for (let attempt = 1; ; attempt += 1) {
      port = await freePort();
      // Appended settings win over the defaults above them in postgresql.conf.
      appendFileSync(
        join(data, 'postgresql.conf'),
        [
          '',
          '# ascenso test cluster',
          "listen_addresses = '127.0.0.1'",
          `port = ${port}`,
          `unix_socket_directories = '${folder}'`,
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          'max_connections = 100',
          '',
        ].join('\n'),
      );
      try {
        await run(...asPostgres('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', log, '-s']), PG_OPTIONS);
        started = true;
        break;
      } catch (error) {
        // Another process took the port between our probe and the server's bind: try another one.
        if (attempt >= 3) throw error;
      }
    }

    const url = await createDatabase(`postgres://postgres@127.0.0.1:${port}/postgres`, options.database);

    return {
      url,
      createDatabase: (name?: string) => createDatabase(url, name),
      folder,
      stop: async () => {
        if (stopped) return;
        stopped = true;
        process.removeListener('exit', stopSync);
        try {
          await run(...asPostgres('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w', '-s']), PG_OPTIONS);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    let detail = '';
    try {
      detail = execFileSync('tail', ['-n', '20', log], { encoding: 'utf8' });
    } catch {
      // no log yet
    }
    stopSync();
    process.removeListener('exit', stopSync);
    throw new Error(`could not start a PostgreSQL test cluster: ${(error as Error).message}${detail ? `\n${detail}` : ''}`, { cause: error });
  }
}

declare module 'vitest' {
  interface ProvidedContext {
    /** A database URL of the cluster `postgres-global-setup.ts` started for the whole run (absent: none). */
    ascensoPostgresUrl?: string;
  }
}

/**
 * PostgreSQL for one test file. Given the run's shared cluster (`inject('ascensoPostgresUrl')`, provided by
 * `postgres-global-setup.ts` in the project's vitest config), each `createDatabase()` is a fresh database on
 * it (~0.1 s) and `stop()` does nothing; without one, a cluster of its own is started (~1 s) and stopped.
 */
export async function testPostgres(sharedUrl: string | undefined): Promise<PostgresCluster> {
  if (!sharedUrl) return startPostgres();
  const url = await createDatabase(sharedUrl);
  return { url, createDatabase: (name?: string) => createDatabase(sharedUrl, name), folder: null, stop: async () => {} };
}
