/**
 * The system under test of the load bench: the built API (one or two instances) behind Debian's nginx
 * running deploy/nginx/ascenso.conf, on SQLite (one file) or on a throwaway PostgreSQL cluster + Redis,
 * with the fake OpenAI-compatible model in a process of its own. Everything binds 127.0.0.1; `stop()`
 * ends every process started here.
 *
 * Every process is named in `groups` so the bench can say where the CPU went (`cpuSeconds`).
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../../tooling/test-services/free-port';
import { renderNginxConfig } from '../../../tooling/test-services/nginx';
import { startPostgres } from '../../../tooling/test-services/postgres';
import { startRedis } from '../../../tooling/test-services/redis';
import { ROOT, startServer, type RunningServer } from '../lib';

const execFileAsync = promisify(execFile);
const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export type StackOptions = {
  db: 'sqlite' | 'postgres';
  instances: 1 | 2;
  /** CPU of each instance (taskset -c), or undefined: the instance may use both cores. */
  pins: Array<number | undefined>;
  /** The fake model's answer: chunks, ms apart. */
  fakeChunks: number;
  fakeDelayMs: number;
};

export type Stack = {
  /** nginx, the one address clients use: http://127.0.0.1:<port>. */
  url: string;
  /** The app's origin (APP_ORIGIN): http://localhost:<port>. */
  origin: string;
  /** Where the seeding code opens the store. */
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Each instance's own address (bypassing nginx). */
  instances: string[];
  /** Root process ids per group (their descendants count too). */
  groups: () => Record<string, number[]>;
  stop: () => Promise<void>;
};

/** The fake OpenAI-compatible server in its own process (bench/src/fake-model-server.ts). */
function startFakeModel(chunks: number, delayMs: number): Promise<{ baseURL: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL('../fake-model-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, FAKE_CHUNKS: String(chunks), FAKE_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fake model exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /FAKE (\S+)/.exec(chunk.toString());
      if (match?.[1]) resolve({ baseURL: match[1], child });
    });
  });
}

/**
 * PostgreSQL as durable as a production server: the test cluster runs with fsync off (tests), which
 * would flatter PostgreSQL against SQLite's synchronous=FULL; ALTER SYSTEM turns it back on.
 */
async function durablePostgres(url: string): Promise<number> {
  const { createPgDb } = await import('@ascenso/db/pg/client');
  const handle = createPgDb({ url, max: 1 });
  const client = await handle.pool.connect();
  try {
    for (const setting of ["fsync = 'on'", "synchronous_commit = 'on'", "full_page_writes = 'on'"]) await client.query(`alter system set ${setting}`);
    await client.query('select pg_reload_conf()');
    const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]?.pid ?? 0;
    return parentPid(backend);
  } finally {
    client.release();
    await handle.close();
  }
}

function parentPid(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
}

function pidByCommandLine(pattern: RegExp): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (pattern.test(readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' '))) return Number(entry);
    } catch {
      // gone
    }
  }
  return undefined;
}

/** nginx with deploy/nginx/ascenso.conf rendered for these upstreams (one instance: the same address twice). */
async function startNginx(dir: string, port: number, upstreams: string[]): Promise<ChildProcess> {
  // One worker (the bench's two cores are shared with everything else); enough connections for every
  // simulated user's WebSocket on both sides of the proxy.
  const conf = renderNginxConfig(dir, {
    template: join(ROOT, 'deploy/nginx/ascenso.conf'),
    listen: `127.0.0.1:${port}`,
    upstreams: [upstreams[0] ?? '', upstreams[1] ?? upstreams[0] ?? ''],
    workerConnections: 8192,
    rlimitNofile: 16384,
  });
  await execFileAsync(NGINX, ['-t', '-q', '-e', join(dir, 'nginx-error.log'), '-p', `${dir}/`, '-c', conf]);
  const child = spawn(NGINX, ['-e', join(dir, 'nginx-error.log'), '-p', `${dir}/`, '-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`);
      return child;
    } catch {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`nginx did not start:\n${readFileSync(join(dir, 'nginx-error.log'), 'utf8')}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

export async function startStack(options: StackOptions): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-load-'));
  chmodSync(dir, 0o755);
  const stops: Array<() => Promise<void>> = [];
  const groups: Record<string, number[]> = {};
  const stop = async () => {
    for (const fn of stops.splice(0).reverse()) await fn().catch(() => undefined);
    // What nginx said about the instances (e.g. an upstream marked down after a refused connection).
    try {
      const errors = readFileSync(join(dir, 'nginx-error.log'), 'utf8').trim().split('\n').filter(Boolean);
      // The first error that is not "no live upstreams" says why an instance was marked down.
      const cause = errors.find((line) => line.includes('[error]') && !line.includes('no live upstreams'));
      if (errors.length)
        console.log(`  nginx error log: ${errors.length} lines; first cause: ${cause?.slice(0, 400) ?? 'none'}; last: ${errors.at(-1)?.slice(0, 300)}`);
    } catch {
      // no log
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const fake = await startFakeModel(options.fakeChunks, options.fakeDelayMs);
    stops.push(async () => {
      fake.child.kill('SIGTERM');
    });
    groups.model = [fake.child.pid ?? 0];

    let database: Stack['database'];
    const env: Record<string, string> = {};
    if (options.db === 'postgres') {
      const postgres = await startPostgres();
      stops.push(postgres.stop);
      groups.postgres = [await durablePostgres(postgres.url)];
      const redis = await startRedis();
      stops.push(redis.stop);
      groups.redis = [pidByCommandLine(new RegExp(`redis-server 127\\.0\\.0\\.1:${redis.port}\\b`)) ?? 0];
      database = { kind: 'postgres', url: postgres.url };
      Object.assign(env, { DATABASE_URL: postgres.url, REDIS_URL: redis.url });
    } else {
      database = { kind: 'sqlite', file: join(dir, 'app.db') };
      env.DATABASE_PATH = database.file;
    }
    const nginxPort = await freePort();
    const origin = `http://localhost:${nginxPort}`;
    Object.assign(env, {
      APP_ORIGIN: origin,
      INSTANCES: String(options.instances),
      // nginx appends the client's address to X-Forwarded-For: per-address limits count the simulated users' addresses.
      TRUST_PROXY: '1',
      // lib.startServer lifts the per-address socket cap for bench (c); this bench keeps every shipped limit.
      WS_MAX_SOCKETS_PER_ADDRESS: '50',
      OPENAI_BASE_URL: fake.baseURL,
      OPENAI_API_KEY: 'k',
      AI_MODEL: 'fake',
    });
    const servers: RunningServer[] = [];
    for (let i = 0; i < options.instances; i += 1) {
      // One after the other: the first migrates (PostgreSQL: under the advisory lock anyway).
      const server = await startServer(env, options.pins[i]);
      stops.push(() => server.stop());
      servers.push(server);
      groups[`api-${i + 1}`] = [server.child.pid ?? 0];
    }
    const nginx = await startNginx(
      dir,
      nginxPort,
      servers.map((s) => `127.0.0.1:${s.port}`),
    );
    stops.push(
      () =>
        new Promise<void>((done) => {
          if (nginx.exitCode !== null) return done();
          nginx.once('exit', () => done());
          nginx.kill('SIGQUIT');
        }),
    );
    groups.nginx = [nginx.pid ?? 0];
    return { url: `http://127.0.0.1:${nginxPort}`, origin, database, instances: servers.map((s) => s.url), groups: () => groups, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** CPU seconds (user + system) of each process and its descendants, read from /proc (no pidstat). */
export function cpuSeconds(groups: Record<string, number[]>): Record<string, number> {
  const ticks = 100; // CLK_TCK on Linux
  const stats = new Map<number, { ppid: number; cpu: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // After "(comm) ": state ppid ... utime is field 14 overall, i.e. index 11 here; stime 12; cutime and
      // cstime 13-14: the CPU of children that exited and were waited for (PostgreSQL's backends come and
      // go with the pools' idle timeouts; the postmaster reaps them), so exited children still count.
      stats.set(Number(entry), { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / ticks });
    } catch {
      // exited meanwhile
    }
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const result: Record<string, number> = {};
  for (const [name, roots] of Object.entries(groups)) {
    let total = 0;
    const stack = [...roots];
    const seen = new Set<number>();
    while (stack.length) {
      const pid = stack.pop() as number;
      if (seen.has(pid)) continue;
      seen.add(pid);
      total += stats.get(pid)?.cpu ?? 0;
      stack.push(...(children.get(pid) ?? []));
    }
    result[name] = total;
  }
  return result;
}

/** Busy CPU seconds of the whole machine (all cores: user + nice + system + irq + softirq + steal). */
export function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = values;
  return (user + nice + system + irq + softirq + steal) / 100;
}

/** CPU seconds of one thread (the main thread of a Node process has the process's id). */
export function threadSeconds(pid: number, tid = pid): number {
  try {
    const text = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Sets the nice value of every thread of every process in the groups (Linux nice is per thread, and a
 * process's threads started before a renice keep their own). Returns how many threads were changed.
 */
export function reniceGroups(groups: Record<string, number[]>, nice: number): number {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone
    }
  }
  let changed = 0;
  const stack = Object.values(groups).flat();
  const seen = new Set<number>();
  while (stack.length) {
    const pid = stack.pop() as number;
    if (!pid || seen.has(pid)) continue;
    seen.add(pid);
    stack.push(...(parents.get(pid) ?? []));
    // Linux groups the processes of a session into an autogroup and shares the CPU between autogroups
    // first (sched_autogroup_enabled): a thread's nice value counts only inside its own autogroup. The
    // autogroup's own nice (the bench's session, and PostgreSQL's postmaster, which starts one) is what
    // weighs against other sessions' work.
    try {
      const autogroup = readFileSync(`/proc/${pid}/autogroup`, 'utf8');
      if (!autogroup.trim().endsWith(`nice ${nice}`)) writeFileSync(`/proc/${pid}/autogroup`, String(nice));
    } catch {
      // no autogroups on this kernel, or not permitted
    }
    let tids: string[];
    try {
      tids = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        setPriority(Number(tid), nice);
        changed += 1;
      } catch {
        // exited, or not permitted
      }
    }
  }
  return changed;
}
