// Two built API processes behind Debian's nginx, on one database and one Redis (decision 024): the
// harness of the `scale` Playwright project (playwright.config.ts). Everything binds 127.0.0.1 on free
// ports and lives in one temporary folder; `stop()` ends every process it started.
//
// nginx runs deploy/nginx/ascenso.conf itself, rendered with this cluster's ports: the tested config is
// the example operators copy. Only the surrounding main config (pid, logs, temp paths, `user`) is the
// harness's own.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { reservePort } from '@ascenso/test-services/free-port';
import { renderNginxConfig } from '@ascenso/test-services/nginx';
import { findPostgresBindir, POSTGRES_SKIP_REASON, startPostgres } from '@ascenso/test-services/postgres';
import { redisAvailability, startRedis, type RedisService } from '@ascenso/test-services/redis';
import { SERVER_ENTRY, startApiProcess, stopChild } from '../support/api-process';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../..');
// SCALE_NGINX_CONF runs the tests against another config with the same placeholders (your own).
export const NGINX_CONF_TEMPLATE = process.env.SCALE_NGINX_CONF ?? join(repoRoot, 'deploy/nginx/ascenso.conf');
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';
const REDIS_CLI = process.env.REDIS_CLI ?? '/usr/bin/redis-cli';
export const INSTANCE_HEADER = 'x-ascenso-instance';

/**
 * Where the instances keep their data: by default a throwaway PostgreSQL cluster of the harness's own
 * (`DATABASE_URL`, tooling/test-services/postgres.ts), the scale-out set-up of decision 023; `SCALE_DATABASE=sqlite`
 * runs the same tests on one SQLite file in WAL mode that both processes open (the shared-host set-up).
 */
export type ClusterDatabase = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/** The database the tests run on unless a test passes its own: `SCALE_DATABASE` (postgres or sqlite). */
export const SCALE_DATABASE: ClusterDatabase['kind'] = process.env.SCALE_DATABASE === 'sqlite' ? 'sqlite' : 'postgres';

function databaseEnv(database: ClusterDatabase): Record<string, string> {
  return database.kind === 'sqlite' ? { DATABASE_PATH: database.file } : { DATABASE_URL: database.url };
}

function inCi(): boolean {
  return Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');
}

/**
 * Whether the cluster can run here: nginx, redis-server and redis-cli (Debian packages nginx and
 * redis-server) and the built API. Missing: the scale tests are skipped with this reason, except under
 * CI, where it is an error (`.ci/run` installs them), so they can never be skipped there unseen.
 */
export function clusterAvailability(): { available: true } | { available: false; reason: string } {
  const missing: string[] = [];
  if (!existsSync(NGINX)) missing.push(`nginx not found at ${NGINX} (apt-get install nginx)`);
  if (!existsSync(REDIS_CLI)) missing.push(`redis-cli not found at ${REDIS_CLI} (apt-get install redis-server)`);
  let redis: ReturnType<typeof redisAvailability>;
  try {
    redis = redisAvailability();
  } catch (error) {
    redis = { available: false, reason: (error as Error).message };
  }
  if (!redis.available) missing.push(redis.reason);
  if (SCALE_DATABASE === 'postgres' && POSTGRES_SKIP_REASON) missing.push(`${POSTGRES_SKIP_REASON} (or SCALE_DATABASE=sqlite)`);
  if (!existsSync(SERVER_ENTRY)) missing.push(`${SERVER_ENTRY} not found: build the API first (pnpm build)`);
  if (missing.length === 0) return { available: true };
  const reason = `scale cluster unavailable: ${missing.join('; ')}`;
  if (inCi()) throw new Error(`${reason}. CI must run the two-instance test.`);
  return { available: false, reason };
}

export type Instance = {
  name: 'a' | 'b';
  /** Direct address of this instance, bypassing nginx. */
  url: string;
  port: number;
  /** Its X-Ascenso-Instance header value (also its Redis instance id). */
  id: string;
  child: ChildProcess;
  /** Resolves when the process has exited (any way). */
  exited: Promise<void>;
};

export type Cluster = {
  /** nginx's address, the app's one origin: http://localhost:<port>. */
  url: string;
  /** The Origin every state-changing request carries (the same as `url`). */
  origin: string;
  nginxPort: number;
  instances: [Instance, Instance];
  redis: RedisService;
  /** What both instances run on. */
  database: ClusterDatabase['kind'];
  /**
   * On PostgreSQL: one query through `psql`, its rows as tab-separated lines (to check what the instances
   * wrote lands in the database server, not in a file of their own). Undefined on SQLite.
   */
  sql?: (query: string) => Promise<string>;
  dir: string;
  /** The instance with this X-Ascenso-Instance id. */
  byId: (id: string | null | undefined) => Instance | undefined;
  /** The fields of a Redis hash (e.g. `ascenso:sockets:user:<id>`: instance id → open sockets). */
  redisHash: (key: string) => Promise<Record<string, string>>;
  /** The tails of the processes' logs, for a failure message. */
  logs: () => string;
  stop: () => Promise<void>;
};

export type ClusterOptions = {
  /**
   * An existing database, or the kind of a fresh one (default SCALE_DATABASE): a PostgreSQL cluster of the
   * harness's own, or a SQLite file in the cluster's folder.
   */
  database?: ClusterDatabase | ClusterDatabase['kind'];
  /** More variables for both instances. */
  env?: Record<string, string>;
};

const execFileAsync = promisify(execFile);

/** The variables of an instance: those of e2e/start-server.mjs, plus the shared database and Redis. */
function instanceEnv(origin: string, database: ClusterDatabase, redisUrl: string, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // No NODE_ENV: the demo accounts are seeded into the empty database (as e2e/start-server.mjs).
  delete env.NODE_ENV;
  return Object.assign(env, {
    PORT: '0',
    HOST: '127.0.0.1',
    APP_ORIGIN: origin,
    ...databaseEnv(database),
    REDIS_URL: redisUrl,
    INSTANCES: '2',
    // nginx appends the client's address to X-Forwarded-For: one proxy in front.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    // No settings file: a contributor's own .env must not change what the specs see.
    ENV_FILE: '',
    AUTH_REGISTER_MAX_PER_ADDRESS: '10000',
    // Only the per-address sign-in limit is lifted; per (account, address) stays the shipped 10.
    AUTH_LOGIN_MAX_PER_ADDRESS: '10000',
    WS_MAX_CONNECTIONS_PER_MINUTE: '10000',
    // A spec races 40 assessment submissions of one person across both instances (the award, not the quota).
    QUOTA_ASSESSMENTS_PER_DAY: '10000',
    ...extra,
  });
}

async function startInstance(name: 'a' | 'b', env: NodeJS.ProcessEnv, logFile: string): Promise<Omit<Instance, 'id'>> {
  const started = await startApiProcess(`instance ${name}`, env, logFile);
  return { name, url: started.url, port: started.port, child: started.child, exited: started.exited };
}

async function instanceId(url: string): Promise<string> {
  const response = await fetch(`${url}/api/health`);
  const id = response.headers.get(INSTANCE_HEADER);
  if (!response.ok || !id) throw new Error(`${url}/api/health answered ${response.status} without ${INSTANCE_HEADER}`);
  return id;
}

async function startNginx(dir: string, conf: string, port: number): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const errorLog = join(dir, 'nginx-error.log');
  // -t first: a config error is reported as such, not as a port that never answers.
  try {
    await execFileAsync(NGINX, ['-t', '-q', '-e', errorLog, '-p', `${dir}/`, '-c', conf]);
  } catch (error) {
    throw new Error(`nginx -t refused the rendered config:\n${(error as { stderr?: string }).stderr ?? String(error)}`, { cause: error });
  }
  let output = '';
  const child = spawn(NGINX, ['-e', errorLog, '-p', `${dir}/`, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited:\n${output}\n${readIfExists(errorLog)}`);
    try {
      // Only nginx's own answer counts: anything else on that port means nginx could not bind it.
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.headers.get('server')?.startsWith('nginx')) return { child, exited };
      throw new Error(`${port} answered without nginx's Server header`);
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}:\n${output}\n${readIfExists(errorLog)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function readIfExists(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8') : '';
}

/**
 * Starts the database (PostgreSQL unless told otherwise), Redis, instance A (which migrates and seeds the
 * database), then instance B on the same data (its migration waits on the advisory lock and finds nothing to do),
 * then nginx in front of both, and waits until nginx has reached each instance at least once.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-scale-'));
  // nginx's workers (nobody, when run as root) create their temp files in here.
  chmodSync(dir, 0o755);
  const kind = typeof options.database === 'string' ? options.database : (options.database?.kind ?? SCALE_DATABASE);
  let database = typeof options.database === 'object' ? options.database : undefined;
  const started: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of started.splice(0).reverse()) await stop().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  const logs = () =>
    ['a', 'b']
      .map((name) => `--- instance ${name} ---\n${readIfExists(join(dir, `api-${name}.log`)).slice(-4000)}`)
      .concat(`--- nginx ---\n${readIfExists(join(dir, 'nginx-error.log')).slice(-4000)}`)
      .join('\n');
  try {
    if (!database && kind === 'postgres') {
      const postgres = await startPostgres();
      started.push(postgres.stop);
      database = { kind: 'postgres', url: postgres.url };
    }
    database ??= { kind: 'sqlite', file: join(dir, 'app.db') };
    const redis = await startRedis();
    started.push(redis.stop);
    // nginx's port is chosen first: it is the app's origin, which the instances must know. It stays bound
    // while the instances start on ports of their own (port 0), so neither can be given it, and is released
    // just before nginx binds it.
    const reservation = await reservePort();
    started.push(reservation.release);
    const nginxPort = reservation.port;
    const origin = `http://localhost:${nginxPort}`;
    const env = instanceEnv(origin, database, redis.url, options.env ?? {});
    const instances: Instance[] = [];
    for (const name of ['a', 'b'] as const) {
      // One after the other: the first migrates and seeds the empty database.
      const instance = await startInstance(name, env, join(dir, `api-${name}.log`));
      started.push(() => stopChild(instance.child, instance.exited, 'SIGTERM'));
      instances.push({ ...instance, id: await instanceId(instance.url) });
    }
    const [a, b] = instances as [Instance, Instance];
    const sql = database.kind === 'postgres' ? psql(database.url) : undefined;
    // Instance A seeded the demo accounts: they are in PostgreSQL, or DATABASE_URL was not used.
    if (sql && Number(await sql('SELECT count(*) FROM users')) === 0) throw new Error('the instances did not write to DATABASE_URL');
    const conf = renderNginxConfig(dir, {
      template: NGINX_CONF_TEMPLATE,
      listen: `127.0.0.1:${nginxPort}`,
      upstreams: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`],
      workerConnections: 1024,
      accessLog: true,
    });
    await reservation.release();
    const nginx = await startNginx(dir, conf, nginxPort);
    started.push(() => stopChild(nginx.child, nginx.exited, 'SIGQUIT'));

    // Healthy through nginx: round-robin reaches both instances within a few requests.
    const seen = new Set<string>();
    for (let i = 0; i < 10 && seen.size < 2; i += 1) {
      const response = await fetch(`http://127.0.0.1:${nginxPort}/api/health`);
      if (!response.ok) throw new Error(`nginx → /api/health answered ${response.status}`);
      seen.add(response.headers.get(INSTANCE_HEADER) ?? '');
    }
    if (!seen.has(a.id) || !seen.has(b.id)) throw new Error(`nginx reached ${[...seen].join(', ')}, not both instances`);

    return {
      url: origin,
      origin,
      nginxPort,
      instances: [a, b],
      redis,
      database: database.kind,
      ...(sql ? { sql } : {}),
      dir,
      byId: (id) => [a, b].find((instance) => instance.id === id),
      redisHash: async (key) => {
        const { stdout } = await execFileAsync(REDIS_CLI, ['-u', redis.url, '--no-raw', 'HGETALL', key]);
        return parseHgetall(stdout);
      },
      logs,
      stop: stopAll,
    };
  } catch (error) {
    const message = `${(error as Error).message}\n${logs()}`;
    await stopAll();
    throw new Error(message, { cause: error });
  }
}

function psql(url: string): (query: string) => Promise<string> {
  const bin = join(findPostgresBindir() ?? '/usr/bin', 'psql');
  return async (query) => (await execFileAsync(bin, ['-X', '-q', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', query])).stdout.trim();
}

/** redis-cli's HGETALL answer (`1) "field"` / `2) "value"` lines, or `(empty array)`) as an object. */
function parseHgetall(stdout: string): Record<string, string> {
  const values = [...stdout.matchAll(/^\s*\d+\) "((?:[^"\\]|\\.)*)"$/gm)].map((match) => match[1] ?? '');
  const result: Record<string, string> = {};
  for (let i = 0; i + 1 < values.length; i += 2) result[values[i] as string] = values[i + 1] as string;
  return result;
}
