/**
 * (c) The documented `/ws` protocol with 1 000 authenticated sockets connected: push latency from
 * commit to client, and memory per idle authenticated socket, against a bare `ws` server (its own
 * process: `node:http` + `ws`, the same authenticate → authenticated handshake, one Set of sockets per
 * user, the same two JSON messages per push) measured in the same run. Interleaved rounds (fresh
 * servers each round, the order alternating); the medians of the rounds are reported.
 * Goals: p99 commit → both messages at the client ≤ 10 ms; memory per idle authenticated socket ≤ 25 KiB.
 *
 * How it is measured:
 * - Both servers start with `--expose-gc --import <hook>` (NODE_OPTIONS for the API; BENCH_NODE_ARGS is
 *   still honoured, e.g. for `--cpu-prof`). The hook is written to a temporary folder by this file: the
 *   API's code and the messages normal clients get are unchanged.
 * - Commit time: the API's event bus reports every publish on the diagnostics channel
 *   `ascenso:bus.publish` before any handler runs, and only while someone subscribes (apps/api/src/
 *   realtime/event-bus.ts). Services publish right after COMMIT returns (after the WAL fsync), so the
 *   hook's `process.hrtime.bigint()` on `activity.completed` is the commit as the server sees it. The
 *   bare server publishes on the same channel just before it sends, so both go through the same hook.
 *   On Linux `hrtime.bigint()` is CLOCK_MONOTONIC, one clock for every process of the machine.
 * - Clients: the 1 000 sockets of each server live in a receiver process of their own that does
 *   nothing else (the load generator's allocations and GC pauses stay out of the stamps); it stamps the
 *   same clock in the `ws` 'message' handler. Latency = arrival − commit, for `activity_completed` and
 *   for `stats_updated` (the goal uses the latter: the whole push). Its longest event-loop stall is
 *   printed as a measure of how noisy the machine was during the phase.
 * - Server-side part: the hook also times commit → the next socket write (the `activity_completed`
 *   frame handed to the kernel), which separates what the server adds from scheduling on the machine.
 * - Client-side figures (event and HTTP response arrival − request send) are printed for context; they
 *   include the HTTP parsing, session lookup and the SQLite transaction, which are not push latency.
 * - Load: an open loop at a fixed rate (WS_RATE/s for WS_SECONDS s per round, after 100 warm-up
 *   requests) of `POST /api/activity-log` `{ activity_key: "active_break" }`, each as a random one of
 *   the 1 000 users, whose own socket must get the event (the bare server gets `POST /push` with the same
 *   payload). Past the daily limit a completion still commits and is still pushed (0 pasos).
 * - Memory: after a warm-up (50 sockets connect, get pushes, close), SIGUSR2 makes the hook run `gc()`
 *   twice and print `process.memoryUsage()`; then the 1 000 sockets connect and authenticate, sit idle
 *   for a second, and the hook reports again; per socket = Δ / 1 000. RSS Δ is what the process really
 *   holds, but it undercounts when freed heap pages from start-up are reused, so the goal is checked
 *   on max(RSS Δ, heap+external Δ + the bare server's native part in the same round, i.e. its RSS Δ −
 *   heap+external Δ: the same Node, the same `ws`).
 *
 * Run: pnpm --filter @ascenso/bench exec tsx src/ws.ts   (WS_ROUNDS=5, WS_RATE=50, WS_SECONDS=6, WS_SOCKETS=1000,
 * WS_PIN=1 to pin servers to CPU 0 and clients to CPU 1)
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import http from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { grantEvidence } from './evidence';
import { median, ORIGIN, percentile, prepareDatabase, report, sleep, startServer } from './lib';

const SOCKETS = Number(process.env.WS_SOCKETS ?? 1000);
const RATE = Number(process.env.WS_RATE ?? 50);
const SECONDS = Number(process.env.WS_SECONDS ?? 6);
const ROUNDS = Number(process.env.WS_ROUNDS ?? 5);
const P99_GOAL_MS = 10;
const MEMORY_GOAL_KIB = 25;

/**
 * Loaded into both servers with --import: commit stamps, the server-side part of each push (commit →
 * the first socket write after it, i.e. the `activity_completed` frame handed to the socket; the
 * process's own stdout/stderr excepted) and, on SIGUSR2, GC + memory report.
 */
const HOOK_SOURCE = `
import { subscribe } from 'node:diagnostics_channel';
import net from 'node:net';
const commits = [];
const windows = [];
let pending = 0n;
const write = net.Socket.prototype.write;
net.Socket.prototype.write = function (...args) {
  if (pending !== 0n && this !== process.stdout && this !== process.stderr) {
    windows.push(String(process.hrtime.bigint() - pending));
    pending = 0n;
  }
  return write.apply(this, args);
};
subscribe('ascenso:bus.publish', (message) => {
  if (message.name !== 'activity.completed') return;
  pending = process.hrtime.bigint();
  commits.push(message.payload.completion.activityId, pending);
});
process.on('SIGUSR2', () => {
  globalThis.gc(); globalThis.gc();
  const m = process.memoryUsage();
  const report = { rss: m.rss, heapUsed: m.heapUsed, external: m.external, commits: commits.splice(0).map(String), windows: windows.splice(0) };
  process.stdout.write('BENCH_REPORT ' + JSON.stringify(report) + '\\n');
});
`;

/**
 * The clients: 1 000 sockets in a process of their own that does nothing else (so the load generator's
 * allocations and GC pauses are not in the arrival stamps). Commands and results over IPC.
 */
const receiverSource = (wsPath: string) => `
import { createRequire } from 'node:module';
import { monitorEventLoopDelay } from 'node:perf_hooks';
const WebSocket = createRequire(import.meta.url)(${JSON.stringify(wsPath)});
const arrivals = new Map();
let sockets = [];
const stall = monitorEventLoopDelay({ resolution: 1 });
stall.enable();
function connect(url, origin, user) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie: user.cookie, origin }, perMessageDeflate: false });
    let last;
    ws.on('message', (data) => {
      const now = process.hrtime.bigint();
      const message = JSON.parse(String(data));
      if (message.type === 'activity_completed') {
        last = [now, 0n];
        arrivals.set(message.data.activityId, last);
      } else if (message.type === 'stats_updated') {
        if (last) last[1] = now;
        last = undefined;
      } else if (message.type === 'authenticated') resolve(ws);
      else reject(new Error('unexpected ' + JSON.stringify(message)));
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'authenticate', userId: user.userId })));
    ws.once('unexpected-response', (_request, response) => reject(new Error('upgrade refused: HTTP ' + response.statusCode)));
    ws.once('error', reject);
  });
}
process.on('message', async (command) => {
  try {
    if (command.type === 'connect') {
      for (let i = 0; i < command.users.length; i += 50) {
        sockets.push(...(await Promise.all(command.users.slice(i, i + 50).map((user) => connect(command.url, command.origin, user)))));
      }
      process.send({ type: 'done', count: sockets.length });
    } else if (command.type === 'clear') {
      arrivals.clear();
      stall.reset();
      process.send({ type: 'done' });
    } else if (command.type === 'collect') {
      const list = [...arrivals].map(([id, [completed, stats]]) => [id, String(completed), String(stats)]);
      process.send({ type: 'done', arrivals: list, stallMs: stall.max / 1e6 });
    } else if (command.type === 'close') {
      const closing = sockets.map((ws) => new Promise((done) => (ws.readyState === ws.CLOSED ? done() : (ws.once('close', done), ws.close()))));
      sockets = [];
      await Promise.all(closing);
      process.send({ type: 'done' });
    }
  } catch (error) {
    process.send({ type: 'error', message: String(error) });
  }
});
process.on('disconnect', () => process.exit(0));
process.send({ type: 'ready' });
`;

/** The baseline: node:http + ws, authenticate → authenticated, one Set of sockets per user id. */
const bareSource = (wsPath: string) => `
import http from 'node:http';
import { channel } from 'node:diagnostics_channel';
import { createRequire } from 'node:module';
const { WebSocketServer } = createRequire(import.meta.url)(${JSON.stringify(wsPath)});
const published = channel('ascenso:bus.publish');
const byUser = new Map();
const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const { userId, completion, stats } = JSON.parse(Buffer.concat(chunks).toString());
    if (published.hasSubscribers) published.publish({ name: 'activity.completed', payload: { userId, completion, stats } });
    for (const ws of byUser.get(userId) ?? []) {
      ws.send(JSON.stringify({ type: 'activity_completed', data: completion }));
      ws.send(JSON.stringify({ type: 'stats_updated', data: stats }));
    }
    const body = JSON.stringify({ success: true, activityId: completion.activityId });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req)));
wss.on('connection', (ws) => {
  ws.on('message', (data) => {
    let message;
    try { message = JSON.parse(String(data)); } catch { return; }
    if (message.type !== 'authenticate') return;
    let set = byUser.get(message.userId);
    if (!set) byUser.set(message.userId, (set = new Set()));
    set.add(ws);
    ws.once('close', () => set.delete(ws));
    ws.send(JSON.stringify({ type: 'authenticated', userId: message.userId }));
  });
});
server.listen(0, '127.0.0.1', () => console.log('BARE_PORT ' + server.address().port));
`;

type Report = { rss: number; heapUsed: number; external: number; commits: string[]; windows: string[] };
type User = { userId: string; cookie: string };
type Target = {
  name: 'bare' | 'api';
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
  /** Sends one completion (or push) for `user`; resolves with the activity id. */
  post: (agent: http.Agent, user: User) => Promise<string>;
};

/** Asks a server's hook for GC + memory, the commit stamps and the server-side windows since the last report. */
function requestReport(child: ChildProcess): Promise<Report> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('no BENCH_REPORT from the server')), 20_000);
    const onData = (chunk: Buffer) => {
      buffer += chunk.toString();
      const start = buffer.indexOf('BENCH_REPORT ');
      const end = start >= 0 ? buffer.indexOf('\n', start) : -1;
      if (end < 0) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve(JSON.parse(buffer.slice(start + 'BENCH_REPORT '.length, end)) as Report);
    };
    child.stdout?.on('data', onData);
    child.kill('SIGUSR2');
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

function httpPost(agent: http.Agent, url: string, headers: Record<string, string>, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}: ${text}`));
          resolve((JSON.parse(text) as { activityId: string }).activityId);
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const activeBreak = ACTIVITY_CATALOGUE.find((a) => a.key === 'active_break')!;
const wsPath = () => createRequire(import.meta.url).resolve('ws');
const extraNodeArgs = () => process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
/**
 * WS_PIN=1: servers on CPU 0 (as in http.ts), their clients on CPU 1, so a server is not judged by how
 * it competes with its own client for a core. Off by default: on a shared 2-core machine the tails
 * were no better pinned, since neither side can then escape a core that another job is using.
 */
const PIN = process.env.WS_PIN === '1' && existsSync('/usr/bin/taskset');
const SERVER_CPU = PIN ? 0 : undefined;
function spawnNode(args: string[], cpu: number | undefined, options: SpawnOptions) {
  return cpu === undefined ? spawn(process.execPath, args, options) : spawn('taskset', ['-c', String(cpu), process.execPath, ...args], options);
}

async function startBare(dir: string, hookPath: string): Promise<Target> {
  const file = join(dir, 'bare-ws-server.mjs');
  writeFileSync(file, bareSource(wsPath()));
  const child = spawnNode([...extraNodeArgs(), '--expose-gc', `--import=${hookPath}`, file], SERVER_CPU, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stdout = child.stdout!;
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const match = /BARE_PORT (\d+)/.exec(chunk.toString());
      if (match) {
        stdout.off('data', onData);
        resolve(Number(match[1]));
      }
    };
    stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const url = `http://127.0.0.1:${port}`;
  return {
    name: 'bare',
    url,
    child,
    stop: () => stopChild(child),
    post: (agent, user) => {
      // The payload the API pushes for an active break (ids and times differ, sizes match).
      const completion = {
        activityId: crypto.randomUUID(),
        activityType: activeBreak.key,
        activityName: activeBreak.name,
        stepsEarned: activeBreak.baseSteps,
        icon: activeBreak.icon,
        completedAt: new Date().toISOString(),
        limitReached: false,
        dailyLimit: activeBreak.dailyLimit,
      };
      const body = JSON.stringify({
        userId: user.userId,
        completion,
        stats: { totalSteps: 12_345, todaySteps: 1_234 },
      });
      return httpPost(agent, `${url}/push`, { cookie: user.cookie, origin: ORIGIN }, body);
    },
  };
}

async function startApi(file: string, hookPath: string): Promise<Target> {
  const server = await startServer({ DATABASE_PATH: file, NODE_OPTIONS: `--expose-gc --import=${hookPath}` }, SERVER_CPU);
  const body = JSON.stringify({ activity_key: 'active_break' });
  return {
    name: 'api',
    url: server.url,
    child: server.child,
    stop: () => server.stop(),
    post: (agent, user) => httpPost(agent, `${server.url}/api/activity-log`, { cookie: user.cookie, origin: ORIGIN }, body),
  };
}

type Receiver = {
  child: ChildProcess;
  command: <T = Record<string, unknown>>(command: Record<string, unknown>) => Promise<T>;
};

async function startReceiver(dir: string): Promise<Receiver> {
  const file = join(dir, 'receiver.mjs');
  writeFileSync(file, receiverSource(wsPath()));
  const child = spawnNode([file], PIN ? 1 : undefined, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
  });
  let queue = Promise.resolve();
  const command = <T>(message: Record<string, unknown>) => {
    const result = queue.then(
      () =>
        new Promise<T>((resolve, reject) => {
          child.once('message', (reply: { type: string; message?: string }) =>
            reply.type === 'error' ? reject(new Error(reply.message)) : resolve(reply as T),
          );
          child.send(message);
        }),
    );
    queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  };
  return { child, command };
}

const connectAll = (receiver: Receiver, target: Target, users: User[]) =>
  receiver.command({ type: 'connect', url: `${target.url.replace('http', 'ws')}/ws`, origin: ORIGIN, users });

/** Warm-up: a few sockets connect, get pushes, disconnect (so lazy code is loaded before measuring). */
async function warmUp(receiver: Receiver, target: Target, users: User[], posts: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const some = users.slice(0, 50);
  await connectAll(receiver, target, some);
  for (let i = 0; i < posts; i += 1) await target.post(agent, some[i % some.length]!);
  await sleep(200);
  await receiver.command({ type: 'close' });
  agent.destroy();
  await sleep(300);
}

type Sample = { activityId: string; sent: bigint; responded: bigint };

/** Open loop: requests scheduled every 1/rate s (not waiting for answers), each as a random user. */
async function openLoop(target: Target, users: User[], rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const total = Math.floor(rate * seconds);
  const samples: Sample[] = [];
  let errors = 0;
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let i = 0; i < total; i += 1) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    const user = users[Math.floor(Math.random() * users.length)]!;
    const sent = process.hrtime.bigint();
    pending.push(
      target.post(agent, user).then(
        (activityId) => void samples.push({ activityId, sent, responded: process.hrtime.bigint() }),
        () => void (errors += 1),
      ),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { samples, errors };
}

const ms = (ns: bigint) => Number(ns) / 1e6;

/** CPU time (user + system) the process has used, in ms, from /proc (0 where there is no /proc). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in USER_HZ (100)
  } catch {
    return 0;
  }
}

type RoundResult = {
  memRss: number;
  memHeap: number;
  p50: number;
  p99: number;
  max: number;
  p99Completed: number;
  server99: number;
  clientEvent99: number;
  clientResponse99: number;
  /** The receiving process's longest event-loop stall during the phase: how noisy the machine was. */
  stallMs: number;
  /** Server CPU time per request during the phase: how hard the server competes for the machine. */
  cpuPerPush: number;
  missing: number;
  errors: number;
  count: number;
};

async function latencyPhase(receiver: Receiver, target: Target, users: User[]): Promise<Omit<RoundResult, 'memRss' | 'memHeap'>> {
  // Warm the completion path (JIT, prepared statements) with the sockets connected, then measure.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  for (let i = 0; i < 100; i += 1) await target.post(agent, users[i % users.length]!);
  agent.destroy();
  await sleep(200);
  await requestReport(target.child); // drops stamps from earlier phases
  await receiver.command({ type: 'clear' });
  const cpuBefore = cpuMs(target.child.pid);
  const { samples, errors } = await openLoop(target, users, RATE, SECONDS);
  const cpuPerPush = (cpuMs(target.child.pid) - cpuBefore) / Math.max(1, samples.length);
  await sleep(300);
  const { commits, windows } = await requestReport(target.child);
  const { arrivals: list, stallMs } = await receiver.command<{
    arrivals: Array<[string, string, string]>;
    stallMs: number;
  }>({ type: 'collect' });
  const arrivals = new Map(list.map(([id, completed, stats]) => [id, { completed: BigInt(completed), stats: BigInt(stats) }]));
  const commitAt = new Map<string, bigint>();
  for (let i = 0; i + 1 < commits.length; i += 2) commitAt.set(commits[i]!, BigInt(commits[i + 1]!));
  const whole: number[] = [];
  const first: number[] = [];
  const clientEvent: number[] = [];
  const clientResponse: number[] = [];
  let missing = 0;
  for (const sample of samples) {
    const arrival = arrivals.get(sample.activityId);
    const committed = commitAt.get(sample.activityId);
    if (!arrival || arrival.stats === 0n || committed === undefined) {
      missing += 1;
      continue;
    }
    first.push(ms(arrival.completed - committed));
    whole.push(ms(arrival.stats - committed));
    clientEvent.push(ms(arrival.stats - sample.sent));
    clientResponse.push(ms(sample.responded - sample.sent));
  }
  const server = windows.map((w) => ms(BigInt(w)));
  for (const values of [whole, first, clientEvent, clientResponse, server]) values.sort((a, b) => a - b);
  return {
    p50: percentile(whole, 50),
    p99: percentile(whole, 99),
    max: whole.at(-1) ?? Number.NaN,
    p99Completed: percentile(first, 99),
    server99: percentile(server, 99),
    clientEvent99: percentile(clientEvent, 99),
    clientResponse99: percentile(clientResponse, 99),
    stallMs,
    cpuPerPush,
    missing,
    errors,
    count: whole.length,
  };
}

export async function wsBench(rounds = ROUNDS) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-ws-'));
  const children: Array<() => Promise<void>> = [];
  try {
    const file = join(dir, 'app.db');
    const hookPath = join(dir, 'bench-hook.mjs');
    writeFileSync(hookPath, HOOK_SOURCE);
    const users = await prepareDatabase(file, SOCKETS);
    // Steps need evidence (decision 014): enough unused evidence for every post of every round.
    grantEvidence(
      file,
      users.map((u) => ({
        userId: u.userId,
        activityKey: 'active_break',
        count: Math.max(12, Math.ceil(((RATE * SECONDS + 100) * rounds * 3) / SOCKETS)),
      })),
    );
    const results: Record<'bare' | 'api', RoundResult[]> = { bare: [], api: [] };
    /** Per round: max(API RSS Δ, API heap Δ + the bare server's native part (its RSS Δ − heap Δ)). */
    const memoryGate: number[] = [];

    for (let round = 0; round < rounds; round += 1) {
      const bare = await startBare(dir, hookPath);
      children.push(bare.stop);
      const api = await startApi(file, hookPath);
      children.push(api.stop);
      const receivers = { bare: await startReceiver(dir), api: await startReceiver(dir) };
      for (const receiver of Object.values(receivers)) children.push(() => stopChild(receiver.child));
      const order = round % 2 === 0 ? [bare, api] : [api, bare];
      const memory: Record<string, { rss: number; heap: number }> = {};
      for (const target of order) {
        await warmUp(receivers[target.name], target, users, 10);
        const before = await requestReport(target.child);
        await connectAll(receivers[target.name], target, users);
        await sleep(1000);
        const after = await requestReport(target.child);
        memory[target.name] = {
          rss: (after.rss - before.rss) / SOCKETS / 1024,
          heap: (after.heapUsed + after.external - before.heapUsed - before.external) / SOCKETS / 1024,
        };
      }
      const [a, b] = [memory.api!, memory.bare!];
      memoryGate.push(Math.max(a.rss, a.heap + (b.rss - b.heap)));
      // Both servers now hold SOCKETS authenticated sockets each; push to them in turn.
      for (const target of order) {
        const latency = await latencyPhase(receivers[target.name], target, users);
        results[target.name].push({ memRss: memory[target.name]!.rss, memHeap: memory[target.name]!.heap, ...latency });
        const r = results[target.name].at(-1)!;
        console.log(
          `round ${round + 1} ${target.name.padEnd(4)}: ${r.memRss.toFixed(1)} KiB RSS / ${r.memHeap.toFixed(1)} KiB heap per socket; ` +
            `commit→client p50 ${r.p50.toFixed(2)} p99 ${r.p99.toFixed(2)} max ${r.max.toFixed(2)} ms, server-side p99 ${r.server99.toFixed(3)} ms ` +
            `(${r.count} pushes, ${r.missing} missing, ${r.errors} errors; receiver stall max ${r.stallMs.toFixed(1)} ms; server CPU ${r.cpuPerPush.toFixed(2)} ms/request)`,
        );
      }
      for (const stop of children.splice(0).reverse()) await stop();
    }

    const m = (name: 'bare' | 'api', key: keyof RoundResult) => median(results[name].map((r) => r[key]));
    const failures = [...results.bare, ...results.api].reduce((n, r) => n + r.missing + r.errors, 0);
    const p99 = m('api', 'p99');
    const memoryKiB = median(memoryGate);
    const ok = p99 <= P99_GOAL_MS && memoryKiB <= MEMORY_GOAL_KIB && failures === 0;
    const setup = `${rounds} rounds × ${RATE * SECONDS} pushes at ${RATE}/s${PIN ? ', servers on CPU 0, clients on CPU 1' : ''}`;
    report(`(c) /ws with ${SOCKETS} authenticated sockets: API vs bare ws, ${setup} (medians of rounds)`, [
      [`memory per idle socket, RSS Δ KiB (bare ${m('bare', 'memRss').toFixed(1)})`, m('api', 'memRss')],
      [`memory per idle socket, heap+external Δ KiB (bare ${m('bare', 'memHeap').toFixed(1)})`, m('api', 'memHeap')],
      [`memory per idle socket, conservative KiB (goal ≤ ${MEMORY_GOAL_KIB})`, memoryKiB],
      [`commit→client p50 ms (bare ${m('bare', 'p50').toFixed(2)})`, m('api', 'p50')],
      [`commit→client p99 ms, both messages (bare ${m('bare', 'p99').toFixed(2)}; goal ≤ ${P99_GOAL_MS})`, p99],
      [`commit→client p99 ms, activity_completed (bare ${m('bare', 'p99Completed').toFixed(2)})`, m('api', 'p99Completed')],
      ['p99 ratio (API / bare)', p99 / m('bare', 'p99')],
      [`server-side p99 ms, commit→frame written (bare ${m('bare', 'server99').toFixed(3)})`, m('api', 'server99')],
      [`client-side p99 ms, send→event (bare ${m('bare', 'clientEvent99').toFixed(2)})`, m('api', 'clientEvent99')],
      [`client-side p99 ms, send→HTTP response (bare ${m('bare', 'clientResponse99').toFixed(2)})`, m('api', 'clientResponse99')],
      [`receiver event-loop stall max ms, i.e. noise (bare ${m('bare', 'stallMs').toFixed(1)})`, m('api', 'stallMs')],
      [`server CPU ms per request (bare ${m('bare', 'cpuPerPush').toFixed(2)})`, m('api', 'cpuPerPush')],
      ['missing events or failed requests', String(failures)],
    ]);
    return { ok, p99, memoryKiB };
  } finally {
    for (const stop of children.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await wsBench();
  if (!result.ok) process.exit(1);
}
