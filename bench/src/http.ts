/**
 * (a) The stats endpoint (REST) and the tRPC query `activities.stats` through the full stack (Origin and
 * security middleware, session cookie lookup, tRPC's fetch adapter and middlewares, zod, SQLite) against
 * the floor: a minimal Hono + tRPC app as shipped (floor/hono-trpc.mjs) answering the same query from the
 * same database file, with no session and no middleware. Each server runs in its own process pinned to
 * CPU 0 with taskset; the load comes from this process, over loopback. Interleaved rounds; medians.
 * Goals: throughput ≥ 0.8× the floor's; p99 at a fixed rate ≤ 5× the floor's. Also printed: each server's
 * CPU time per request during the saturation runs (from /proc), steadier than req/s on a shared machine.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { fixedRate, saturate, type Target } from './load/open-loop';
import { median, percentile, prepareDatabase, report, startServer } from './lib';

const FLOOR = fileURLToPath(new URL('./floor/hono-trpc.mjs', import.meta.url));
const THROUGHPUT_GOAL = 0.8;
const TAIL_GOAL = 5;

/**
 * CPU time (user + system, in clock ticks of 10 ms) a process has used so far, from /proc (Linux). CPU per
 * request is a steadier comparison than requests per second on a machine shared with other work.
 */
function cpuTicks(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}

/**
 * Starts the floor app on 127.0.0.1 (ephemeral port), pinned to CPU 0 like the server. tsx's loader lets it
 * import the domain's TypeScript (the stats shaping it shares with the API).
 */
function startFloor(file: string, userId: string): Promise<{ url: string; pid: number | undefined; stop: () => void }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = spawn('taskset', ['-c', '0', process.execPath, '--import', tsx, FLOOR, file, userId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the floor app did not start')), 30_000);
    child.once('exit', (code) => reject(new Error(`the floor app exited (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid, stop: () => child.kill() });
      }
    });
  });
}

export async function httpBench(rounds = 3, seconds = 4) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-http-'));
  const stops: Array<() => unknown> = [];
  try {
    const file = join(dir, 'app.db');
    const [user] = await prepareDatabase(file);
    if (!user) throw new Error('no user');
    const server = await startServer({ DATABASE_PATH: file }, 0);
    stops.push(() => server.stop());
    const headers = { cookie: user.cookie };
    const rest: Target = { url: `${server.url}/api/activity-log/users/${user.userId}/activity-stats`, headers };
    const trpc: Target = { url: `${server.url}/api/trpc/activities.stats`, headers };
    const floor = await startFloor(file, user.userId);
    stops.push(() => floor.stop());
    const baseline: Target = { url: `${floor.url}/api/trpc/activities.stats` };
    // The three answer the same figures (the floor's without superjson's envelope).
    const answers = await Promise.all([rest, trpc, baseline].map(async (target) => (await fetch(target.url, { headers: target.headers })).json()));
    const floorStats = (answers[2] as { result: { data: { stats: unknown } } }).result.data.stats;
    const trpcStats = (answers[1] as { result: { data: { json: { stats: unknown } } } }).result.data.json.stats;
    if (JSON.stringify(floorStats) !== JSON.stringify(trpcStats) || JSON.stringify(answers[0]).length < 100)
      throw new Error(`the floor answers something else:\n${JSON.stringify(answers)}`);

    const results: Record<string, { rps: number[]; p99: number[]; p50: number[]; cpu: number[] }> = {
      floor: { rps: [], p99: [], p50: [], cpu: [] },
      rest: { rps: [], p99: [], p50: [], cpu: [] },
      trpc: { rps: [], p99: [], p50: [], cpu: [] },
    };
    const pids: Record<string, number | undefined> = { floor: floor.pid, rest: server.child.pid, trpc: server.child.pid };
    const targets: Record<string, Target> = { floor: baseline, rest, trpc };
    const rates: number[] = [];
    let errors = 0;
    for (let round = 0; round < rounds; round += 1) {
      for (const name of ['floor', 'rest', 'trpc']) {
        const target = targets[name] as Target;
        await saturate(target, 1);
        const before = cpuTicks(pids[name]);
        const saturation = await saturate(target, seconds);
        // Server CPU µs per answered request (a tick is 10 ms).
        results[name]?.cpu.push(((cpuTicks(pids[name]) - before) * 10_000) / (saturation.rps * seconds));
        results[name]?.rps.push(saturation.rps);
        errors += saturation.errors;
      }
      // p50/p99 for all three at the same fixed rate: half of the slowest candidate's saturation.
      const rate = Math.max(50, Math.floor(Math.min(...(results.rest?.rps ?? [0]), ...(results.trpc?.rps ?? [0])) * 0.5));
      rates.push(rate);
      for (const name of ['floor', 'rest', 'trpc']) {
        const run = await fixedRate(targets[name] as Target, rate, seconds);
        results[name]?.p99.push(percentile(run.latencies, 99));
        results[name]?.p50.push(percentile(run.latencies, 50));
        errors += run.errors;
      }
    }
    const m = (name: string, key: 'rps' | 'p99' | 'p50' | 'cpu') => median(results[name]?.[key] ?? []);
    const rows: Array<[string, number | string]> = [];
    let ok = errors === 0;
    for (const name of ['rest', 'trpc']) {
      const throughput = m(name, 'rps') / m('floor', 'rps');
      const tail = m(name, 'p99') / m('floor', 'p99');
      ok &&= throughput >= THROUGHPUT_GOAL && tail <= TAIL_GOAL;
      rows.push(
        [`${name}: req/s (floor ${m('floor', 'rps').toFixed(0)})`, m(name, 'rps')],
        [`${name}: throughput ratio (goal ≥ ${THROUGHPUT_GOAL})`, throughput],
        [
          `${name}: p50 / p99 ms at fixed rate (floor ${m('floor', 'p50').toFixed(2)} / ${m('floor', 'p99').toFixed(2)})`,
          `${m(name, 'p50').toFixed(2)} / ${m(name, 'p99').toFixed(2)}`,
        ],
        [`${name}: p99 ratio (goal ≤ ${TAIL_GOAL})`, tail],
        [`${name}: server CPU µs per request (floor ${m('floor', 'cpu').toFixed(0)})`, m(name, 'cpu')],
        [`${name}: CPU ratio, floor ÷ ours (context)`, m('floor', 'cpu') / m(name, 'cpu')],
      );
    }
    rows.push(['fixed rate (req/s)', String(rates.at(-1) ?? 0)]);
    rows.push(['non-2xx or socket errors', String(errors)]);
    report('(a) Stats over HTTP: full stack vs a minimal Hono + tRPC app (the floor)', rows);
    return { ok };
  } finally {
    for (const stop of stops) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await httpBench();
  if (!result.ok) process.exit(1);
}
