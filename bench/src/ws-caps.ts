/**
 * (ws caps) Realtime caps under the attack of decision 015: one signed-in user opens sockets on
 * `/api/trpc-ws` and sends `activities.onCompleted` subscriptions as fast as it can (5 sockets × 20 000
 * subscribe messages). Before the caps: ~45 KB of heap per subscription, heap OOM after ~18 s.
 *
 * What is measured, against a child server process (the API's source run by tsx, or WS_CAPS_ENTRY):
 * 1. Heap per subscription under the caps: 10 users × 5 sockets are opened and left idle (`gc()` twice,
 *    heap read), then each socket opens 20 subscriptions (1 000 in all; `gc()`, heap read again):
 *    heap per subscription = Δ / 1 000. Sockets and subscriptions are then closed and the heap read again.
 * 2. The attack at full scale: the attacker's 5 sockets each send 20 000 subscribe messages (individual
 *    frames, written as fast as the socket drains); a socket the server closes is reopened (the attack
 *    goes on until every message has been sent or WS_CAPS_SECONDS, 30 s, pass). It also tries 15
 *    more sockets (over its per-user cap). Meanwhile a bystander user requests `GET /api/health` every
 *    50 ms and gets its own completion events on a tRPC subscription (a real `POST /api/activity-log`
 *    every second, backed by evidence written in the database beforehand).
 *    Its latency is first measured for 3 s without the attack, for comparison.
 *    Recorded: the server is alive, upgrades refused (429), subscriptions started and refused
 *    (TOO_MANY_REQUESTS), sockets closed for flooding (1008), the bystander's latencies, and the heap
 *    before, at its peak (sampled every 25 ms by the hook) and after every socket closed (`gc()`).
 * The server runs with `--expose-gc --import <hook>`; the hook (written to a temporary folder) samples the
 * heap and, on SIGUSR2, runs `gc()` twice and prints `process.memoryUsage()` plus the peak since the
 * previous report. Goals: the server survives, every refusal is a 429 / tRPC error / close 1008, and the
 * heap after close is within 10 % (or 8 MiB) of its baseline.
 *
 * Run: pnpm --filter @ascenso/bench exec tsx src/ws-caps.ts
 *      (WS_CAPS_SECONDS=30, WS_CAPS_MESSAGES=20000, WS_CAPS_SOCKETS=5; WS_CAPS_ENTRY=<main.ts or main.js>,
 *       WS_CAPS_MAX_OLD_SPACE=<MiB> to bound the server's heap, e.g. for a run against code without caps)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import WebSocket from 'ws';
import { createDeps } from '../../apps/api/src/deps';
import { loadConfig } from '../../apps/api/src/env';
import { createLogger } from '../../apps/api/src/logger';
import { ORIGIN, percentile, prepareDatabase, report, ROOT, serverEnv, sleep } from './lib';

const SECONDS = Number(process.env.WS_CAPS_SECONDS ?? 30);
const MESSAGES = Number(process.env.WS_CAPS_MESSAGES ?? 20_000);
const ATTACK_SOCKETS = Number(process.env.WS_CAPS_SOCKETS ?? 5);
const ENTRY = resolve(ROOT, process.env.WS_CAPS_ENTRY ?? 'apps/api/src/main.ts');
const MIB = 1024 * 1024;

const HOOK_SOURCE = `
import { getHeapStatistics } from 'node:v8';
let peak = 0;
setInterval(() => { const used = getHeapStatistics().used_heap_size; if (used > peak) peak = used; }, 25).unref();
process.on('SIGUSR2', () => {
  globalThis.gc?.(); globalThis.gc?.();
  const m = process.memoryUsage();
  process.stdout.write('BENCH_MEMORY ' + JSON.stringify({ heapUsed: m.heapUsed, rss: m.rss, external: m.external, peak: Math.max(peak, m.heapUsed) }) + '\\n');
  peak = 0;
});
`;

type Memory = { heapUsed: number; rss: number; external: number; peak: number };
type Server = {
  url: string;
  wsUrl: string;
  child: ChildProcess;
  memory: () => Promise<Memory>;
  exited: () => boolean;
  stop: () => Promise<void>;
};

function startServer(env: Record<string, string>, hook: string): Promise<Server> {
  const tsx = createRequire(import.meta.url).resolve('tsx');
  const nodeArgs = ['--expose-gc', '--import', pathToFileURL(hook).href];
  if (ENTRY.endsWith('.ts')) nodeArgs.push('--import', pathToFileURL(tsx).href);
  if (process.env.WS_CAPS_MAX_OLD_SPACE) nodeArgs.push(`--max-old-space-size=${process.env.WS_CAPS_MAX_OLD_SPACE}`);
  const child = spawn(process.execPath, [...nodeArgs, ENTRY], {
    env: serverEnv({ WEB_DIST_DIR: join(tmpdir(), 'no-web'), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exited = false;
  const waiting: Array<(m: Memory) => void> = [];
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of chunk.toString().split('\n')) {
      if (line.startsWith('BENCH_MEMORY ')) waiting.shift()?.(JSON.parse(line.slice(13)) as Memory);
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.once('exit', () => (exited = true));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /"url":"http:\/\/127\.0\.0\.1:(\d+)"/.exec(output);
      if (exited) {
        clearInterval(poll);
        clearTimeout(timer);
        reject(new Error(`server exited:\n${output}`));
      }
      if (!match?.[1]) return;
      clearInterval(poll);
      clearTimeout(timer);
      const port = Number(match[1]);
      resolvePromise({
        url: `http://127.0.0.1:${port}`,
        wsUrl: `ws://127.0.0.1:${port}`,
        child,
        exited: () => exited,
        memory: () =>
          new Promise((done, fail) => {
            if (exited) return fail(new Error(`server died:\n${output.slice(-2000)}`));
            waiting.push(done);
            child.kill('SIGUSR2');
          }),
        stop: () =>
          new Promise((done) => {
            if (exited) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    }, 50);
  });
}

const subscribe = (id: number) =>
  `{"id":${id},"method":"subscription","params":{"path":"activities.onCompleted","input":{"json":null,"meta":{"values":["undefined"]}}}}`;

type Socket = { ws: WebSocket; started: number; refused: number; data: number; closed: Promise<number> };

function connect(wsUrl: string, cookie: string): Promise<Socket | { status: number }> {
  return new Promise((done) => {
    const ws = new WebSocket(`${wsUrl}/api/trpc-ws`, { headers: { cookie, origin: ORIGIN } });
    const socket: Socket = {
      ws,
      started: 0,
      refused: 0,
      data: 0,
      closed: new Promise((c) => ws.once('close', (code) => c(code))),
    };
    ws.on('message', (raw) => {
      const text = String(raw);
      if (text.includes('"type":"started"')) socket.started += 1;
      else if (text.includes('TOO_MANY_REQUESTS')) socket.refused += 1;
      else if (text.includes('"type":"data"')) socket.data += 1;
    });
    ws.once('open', () => done(socket));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      done({ status: res.statusCode ?? 0 });
    });
    ws.on('error', () => done({ status: -1 }));
  });
}

async function open(wsUrl: string, cookie: string): Promise<Socket> {
  const socket = await connect(wsUrl, cookie);
  if ('status' in socket) throw new Error(`upgrade refused: ${socket.status}`);
  return socket;
}

/** Writes `count` subscribe frames as fast as the socket drains; stops when it closes. Returns how many were written. */
async function flood(socket: Socket, from: number, count: number): Promise<number> {
  let sent = 0;
  while (sent < count && socket.ws.readyState === WebSocket.OPEN) {
    socket.ws.send(subscribe(from + sent));
    sent += 1;
    if (socket.ws.bufferedAmount > 256 * 1024) await new Promise((r) => setImmediate(r));
    else if (sent % 500 === 0) await new Promise((r) => setImmediate(r));
  }
  return sent;
}

type AttackTotals = {
  written: number;
  started: number;
  refusedSubscriptions: number;
  closed1008: number;
  closedOther: number;
  refusedUpgrades: number;
  upgrades: number;
};

/** The attacker (a child process): ATTACK_SOCKETS lanes, each sending MESSAGES subscribe frames, reconnecting when closed. */
async function attack(wsUrl: string, cookie: string): Promise<AttackTotals> {
  const attackEnd = Date.now() + SECONDS * 1000;
  const totals: AttackTotals = {
    written: 0,
    started: 0,
    refusedSubscriptions: 0,
    closed1008: 0,
    closedOther: 0,
    refusedUpgrades: 0,
    upgrades: 0,
  };
  let opened = 0;
  const lanes = Array.from({ length: ATTACK_SOCKETS }, async () => {
    let remaining = MESSAGES;
    let nextId = 1;
    let first = true;
    while (remaining > 0 && Date.now() < attackEnd) {
      const socket = await connect(wsUrl, cookie);
      if (first) {
        first = false;
        opened += 1;
        if (opened === ATTACK_SOCKETS) process.stdout.write('LANES_OPEN\n');
      }
      if ('status' in socket) {
        if (socket.status === -1) break; // the server is gone
        totals.refusedUpgrades += 1;
        await sleep(100);
        continue;
      }
      totals.upgrades += 1;
      const sent = await flood(socket, nextId, remaining);
      nextId += sent;
      remaining -= sent;
      totals.written += sent;
      if (socket.ws.readyState === WebSocket.OPEN) {
        await sleep(500);
        socket.ws.close();
      }
      const code = await Promise.race([socket.closed, sleep(5000).then(() => 0)]);
      if (code === 1008) totals.closed1008 += 1;
      else totals.closedOther += 1;
      totals.started += socket.started;
      totals.refusedSubscriptions += socket.refused;
    }
  });
  await Promise.all(lanes);
  return totals;
}

async function grantEvidence(databasePath: string, userId: string, count: number) {
  const deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), {
    logger: createLogger('silent'),
  });
  for (let i = 0; i < count; i += 1) {
    await deps.repos.steps.recordEvidence({
      id: crypto.randomUUID(),
      userId,
      activityKey: 'active_break',
      source: 'practice',
      ref: `bench-${crypto.randomUUID()}`,
      createdAt: new Date(),
    });
  }
  await deps.store.close();
}

const kib = (bytes: number) => bytes / 1024;
const mib = (bytes: number) => bytes / MIB;

export async function wsCapsBench() {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-ws-caps-'));
  const hook = join(dir, 'hook.mjs');
  writeFileSync(hook, HOOK_SOURCE);
  const databasePath = join(dir, 'app.db');
  const users = await prepareDatabase(databasePath, 12);
  const attacker = users[0]!;
  const bystander = users[1]!;
  await grantEvidence(databasePath, bystander.userId, 10);
  const server = await startServer({ DATABASE_PATH: databasePath }, hook).catch((error: unknown) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  try {
    // Warm-up: JIT and first-use allocations out of the baseline.
    for (let round = 0; round < 2; round += 1) {
      const warm = await open(server.wsUrl, users[2]!.cookie);
      for (let id = 1; id <= 20; id += 1) warm.ws.send(subscribe(id));
      await sleep(200);
      warm.ws.close();
      await warm.closed;
    }
    await fetch(`${server.url}/api/health`);

    // 1. Heap per subscription under the caps: 10 users × 5 sockets × 20 subscriptions.
    const baseline = await server.memory();
    const sockets: Socket[] = [];
    for (const user of users.slice(2, 12)) for (let i = 0; i < 5; i += 1) sockets.push(await open(server.wsUrl, user.cookie));
    await sleep(300);
    const withSockets = await server.memory();
    for (const socket of sockets) for (let id = 1; id <= 20; id += 1) socket.ws.send(subscribe(id));
    const deadline = Date.now() + 10_000;
    while (sockets.some((s) => s.started < 20) && Date.now() < deadline) await sleep(50);
    const subscriptions = sockets.reduce((sum, s) => sum + s.started, 0);
    await sleep(300);
    const withSubscriptions = await server.memory();
    for (const socket of sockets) socket.ws.close();
    await Promise.all(sockets.map((s) => s.closed));
    await sleep(300);
    const afterPhase1 = await server.memory();
    const perSocket = (withSockets.heapUsed - baseline.heapUsed) / sockets.length;
    const perSubscription = (withSubscriptions.heapUsed - withSockets.heapUsed) / subscriptions;

    // 2. The attack at full scale, with a bystander (its latency first measured for 3 s without the attack).
    const quiet: number[] = [];
    for (const end = Date.now() + 3000; Date.now() < end;) {
      const started = performance.now();
      await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      quiet.push(performance.now() - started);
      await sleep(50);
    }
    quiet.sort((a, b) => a - b);
    const before = await server.memory();
    const bystanderSocket = await open(server.wsUrl, bystander.cookie);
    bystanderSocket.ws.send(subscribe(1));
    const healthLatencies: number[] = [];
    let healthFailures = 0;
    let completions = 0;
    let stopBystander = false;
    const bystanderLoop = (async () => {
      let lastCompletion = 0;
      while (!stopBystander) {
        const started = performance.now();
        try {
          const response = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) });
          await response.arrayBuffer();
          if (response.status === 200) healthLatencies.push(performance.now() - started);
          else healthFailures += 1;
        } catch {
          healthFailures += 1;
        }
        if (Date.now() - lastCompletion > 1000 && completions < 10) {
          lastCompletion = Date.now();
          const response = await fetch(`${server.url}/api/activity-log`, {
            method: 'POST',
            headers: { cookie: bystander.cookie, origin: ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ activity_key: 'active_break' }),
          }).catch(() => undefined);
          if (response?.ok) completions += 1;
          await response?.arrayBuffer();
        }
        await sleep(50);
      }
    })();

    const attackStart = Date.now();
    // The attacker runs in a process of its own: its writes must not delay the bystander's own timings.
    const attackerChild = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--attack', server.wsUrl, attacker.cookie], {
      cwd: resolve(ROOT, 'bench'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let attackerOutput = '';
    let lanesOpen: () => void = () => {};
    const lanesOpened = new Promise<void>((done) => (lanesOpen = done));
    attackerChild.stdout?.on('data', (chunk: Buffer) => {
      attackerOutput += chunk.toString();
      if (attackerOutput.includes('LANES_OPEN')) lanesOpen();
    });
    const attackDone = new Promise<AttackTotals>((done, fail) =>
      attackerChild.once('exit', () => {
        try {
          done(JSON.parse(attackerOutput.trim().split('\n').at(-1) ?? '') as AttackTotals);
        } catch (error) {
          fail(new Error(`attacker failed: ${String(error)}\n${attackerOutput}`));
        }
      }),
    );
    await Promise.race([lanesOpened, sleep(15_000)]);
    // Over the per-user cap: 15 more sockets while the attack's are open (closed at once).
    const extra: Socket[] = [];
    let extraRefused = 0;
    for (let i = 0; i < 15; i += 1) {
      const socket = await connect(server.wsUrl, attacker.cookie);
      if ('status' in socket) extraRefused += socket.status === 429 ? 1 : 0;
      else extra.push(socket);
    }
    for (const socket of extra) socket.ws.close();
    const totals = await attackDone;
    const attackSeconds = (Date.now() - attackStart) / 1000;
    await Promise.all(extra.map((s) => Promise.race([s.closed, sleep(3000)])));
    stopBystander = true;
    await bystanderLoop;
    const alive =
      !server.exited() &&
      (await fetch(`${server.url}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false));
    const bystanderEvents = bystanderSocket.data;
    bystanderSocket.ws.close();
    await bystanderSocket.closed;
    await sleep(1200);
    const after = alive ? await server.memory() : undefined;
    healthLatencies.sort((a, b) => a - b);

    const ratio = after ? after.heapUsed / before.heapUsed : Number.NaN;
    const ok =
      alive &&
      after !== undefined &&
      (after.heapUsed <= before.heapUsed * 1.1 || after.heapUsed - before.heapUsed <= 8 * MIB) &&
      bystanderEvents === completions &&
      healthFailures === 0;
    report('(ws caps) Realtime caps under the subscription flood (decision 015)', [
      ['heap per idle socket (KiB)', kib(perSocket)],
      [`heap per subscription, ${subscriptions} under the caps (KiB)`, kib(perSubscription)],
      ['heap after phase 1 closed vs its baseline (MiB)', `${mib(afterPhase1.heapUsed).toFixed(1)} vs ${mib(baseline.heapUsed).toFixed(1)}`],
      [`attack: ${ATTACK_SOCKETS} sockets × ${MESSAGES} subscribe messages, seconds`, attackSeconds],
      ['  subscribe messages written by the attacker', String(totals.written)],
      ['  subscriptions started / refused (TOO_MANY_REQUESTS)', `${totals.started} / ${totals.refusedSubscriptions}`],
      ['  sockets opened / closed 1008 (flood) / other close', `${totals.upgrades} / ${totals.closed1008} / ${totals.closedOther}`],
      ['  upgrades refused 429 (reconnects + 15 extra sockets)', `${totals.refusedUpgrades} + ${extraRefused}`],
      ['server alive after the attack', alive ? 'yes' : 'NO'],
      [
        'heap before / peak / after close (MiB)',
        `${mib(before.heapUsed).toFixed(1)} / ${after ? mib(after.peak).toFixed(1) : '—'} / ${after ? mib(after.heapUsed).toFixed(1) : '—'}`,
      ],
      ['heap after close / before', Number.isNaN(ratio) ? '—' : ratio.toFixed(3)],
      ['RSS before / after close (MiB)', `${mib(before.rss).toFixed(1)} / ${after ? mib(after.rss).toFixed(1) : '—'}`],
      [
        'bystander GET /api/health p50 / p99 / max (ms)',
        `${percentile(healthLatencies, 50).toFixed(1)} / ${percentile(healthLatencies, 99).toFixed(1)} / ${(healthLatencies.at(-1) ?? Number.NaN).toFixed(1)} (${healthLatencies.length} ok, ${healthFailures} failed)`,
      ],
      ['  the same without the attack, p50 / p99 (ms)', `${percentile(quiet, 50).toFixed(1)} / ${percentile(quiet, 99).toFixed(1)}`],
      ['bystander completions / events received', `${completions} / ${bystanderEvents}`],
      ['goal (alive, heap back within 10 % or 8 MiB, bystander served)', ok ? 'met' : 'MISSED'],
    ]);
    return {
      ok,
      perSubscriptionKiB: kib(perSubscription),
      perSocketKiB: kib(perSocket),
      alive,
      totals,
      extraRefused,
      before,
      after,
      ratio,
    };
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--attack') {
  const totals = await attack(process.argv[3] ?? '', process.argv[4] ?? '');
  process.stdout.write(`${JSON.stringify(totals)}\n`);
  process.exit(0);
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await wsCapsBench();
  process.exit(result.ok ? 0 : 1);
}
