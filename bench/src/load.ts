/**
 * Load, measured: simulated users with a realistic mix (sign in, Home, stats every
 * 30 s, a completion every few minutes, a coach chat; bench/src/load/generator.ts says exactly what each
 * does) against the built API behind nginx, in three set-ups run one after the other:
 *
 *   sqlite-1  one instance on one SQLite file (the embedded default: the baseline)
 *   pg-1      one instance on PostgreSQL + Redis
 *   pg-2      two instances on PostgreSQL + Redis
 *
 * Think times are divided by a compression factor k (LOAD_K, default 10): a simulated user does in 3 min
 * what a person does in 30, so it stands for k people's requests ("user-equivalents" = simulated × k).
 * Sockets are NOT multiplied: each simulated user holds one WebSocket, not k.
 *
 * Per set-up the users ramp up by doubling (LOAD_START, default 100) until a step fails, then the gap is
 * bisected (LOAD_BISECT times, default 2); if the first step fails, the users are halved until one holds.
 * A step: the new users arrive over a warm-up (8 s, or 40 new users a second), then a
 * window of at least 2 000 timed requests (15–45 s). A step holds when the p99 of every non-streaming
 * request scheduled in the window (Home, stats, practice start/complete, coaching start/send, sign-out;
 * sign-in's latency is reported apart: Argon2 is slow on purpose) is < 200 ms and under 1 % of all
 * requests fail (sign-ins, sockets and streamed answers included: a user refused is not held). The coach's
 * streamed answers are reported apart (time to first text after subscribing).
 *
 * CPU: the generator runs in its own process; per window the CPU seconds of every process (API
 * instances, PostgreSQL with its backends, Redis, nginx, the fake model, the generator, this process)
 * are read from /proc, and the machine's busy time from /proc/stat (the rest is other work on the host).
 * Pinning (LOAD_PIN): `split` (default) pins two instances to CPU 0 and CPU 1 and leaves one instance
 * free on both cores (one Node process already uses more than one core: Argon2 on libuv's pool, Home's
 * render worker, GC threads), so each set-up gets the same two cores; `none` pins nothing.
 *
 *   CI=1 flock /tmp/ascenso-heavy.lock pnpm --filter @ascenso/bench exec tsx src/load.ts
 *   LOAD_SETUPS=pg-1,pg-2 LOAD_K=10 LOAD_START=100 LOAD_MAX=3200 LOAD_BISECT=2 LOAD_PIN=split
 *
 * Goals (bench/README.md, row (g)), from one run of the three set-ups: pg-1 holds ≥ 0.8× the users of sqlite-1; CPU
 * per simulated user of the system under test (API + PostgreSQL + Redis + nginx, at the step each set-up held) on
 * pg-1 ≤ 1.5× sqlite-1's; pg-2's ≤ 1.15× pg-1's. Two / one (users held) is still printed.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { percentile, report, requireBuild } from './lib';
import type { StepResult } from './load/generator';
import { LOAD_PASSWORD, loadEmail } from './load/accounts';
import { cpuSeconds, machineBusySeconds, reniceGroups, startStack, threadSeconds, type Stack, type StackOptions } from './load/stack';
import { seedUsers } from './load/users';

const K = Number(process.env.LOAD_K ?? 10);
const START = Number(process.env.LOAD_START ?? 100);
const MAX = Number(process.env.LOAD_MAX ?? 1600);
const BISECT = Number(process.env.LOAD_BISECT ?? 2);
const PIN = process.env.LOAD_PIN === 'none' ? 'none' : 'split';
const WARMUP_MS = Number(process.env.LOAD_WARMUP_MS ?? 8000);
/**
 * The nice value of every process of the system under test and of the generator (all their threads),
 * set before each step, and the nice value of their autogroups (Linux shares the CPU between sessions
 * first: a thread's nice alone counts only inside its session): on this shared host other sessions' tests
 * and type checks keep both cores busy (load average 5–10), and at equal weight the bench measured their
 * run queue, not our stack. At −10 the host's other work yields to the bench while it runs (it does not
 * stop: memory bandwidth, caches and disk stay shared). LOAD_NICE=0 measures without it.
 */
const NICE = Number(process.env.LOAD_NICE ?? -10);
const P99_LIMIT_MS = 200;
const MIN_REQUESTS = 2000;
/** Timed requests per simulated user and second at k = 1 (about 80 in a 30-minute session). */
const RATE_PER_USER = 0.045;

type Setup = { name: string; db: StackOptions['db']; instances: 1 | 2 };
const SETUPS: Setup[] = [
  { name: 'sqlite-1', db: 'sqlite', instances: 1 },
  { name: 'pg-1', db: 'postgres', instances: 1 },
  { name: 'pg-2', db: 'postgres', instances: 2 },
];

type StepSummary = {
  users: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  holds: boolean;
  signinP50: number;
  signinP99: number;
  cores: Record<string, number>;
};

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : String(n));

function startGenerator(
  url: string,
  origin: string,
): Promise<{
  child: ChildProcess;
  step: (users: number, warmupMs: number, windowMs: number) => Promise<StepResult & { cpu: Record<string, number>; seconds: number }>;
}> {
  const child = fork(fileURLToPath(new URL('./load/generator.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`generator exited (${code})`)));
    child.once('message', () =>
      resolve({
        child,
        step: (users, warmupMs, windowMs) => stepWith(child, users, warmupMs, windowMs),
      }),
    );
    child.send({ type: 'init', url, origin, k: K });
  });
}

/**
 * What the CPU accounting of one step implies (a model, not a measurement): CPU per simulated user of
 * our processes, and the users at which they would fill the machine's two cores if nothing else ran
 * (`all`), and at which one instance's main thread would be busy all the time (`mainThread`, × the
 * instances). Full cores mean queues, so the users held at p99 < 200 ms sit below both.
 */
function ceilings(step: StepSummary, instances: number) {
  const c = step.cores;
  const stack = ['postgres', 'redis', 'nginx', 'model'].reduce((sum, name) => sum + (c[name] ?? 0), 0);
  const api = Object.entries(c)
    .filter(([name]) => /^api-\d+$/.test(name))
    .reduce((sum, [, v]) => sum + v, 0);
  const main = Object.entries(c)
    .filter(([name]) => name.endsWith('main thread'))
    .reduce((sum, [, v]) => sum + v, 0);
  const ours = api + stack + (c.generator ?? 0) + (c.orchestrator ?? 0);
  const perUser = (cores: number) => (cores / step.users) * 1000;
  return {
    text: `per simulated user, ms of CPU a second: API ${perUser(api).toFixed(2)} (main threads ${perUser(main).toFixed(2)}), PostgreSQL/Redis/nginx/model ${perUser(stack).toFixed(2)}, generator ${perUser(c.generator ?? 0).toFixed(2)}`,
    all: ours > 0 ? (2 / ours) * step.users : Number.NaN,
    mainThread: main > 0 ? (instances / main) * step.users : Number.NaN,
  };
}

function ceilingText(step: StepSummary, instances: number): string {
  const model = ceilings(step, instances);
  return `${model.text}; two cores full at ~${Math.round(model.all)} users, main thread(s) full at ~${Math.round(model.mainThread)}`;
}

/**
 * Home's renderer (a worker thread loading React and Chakra) starts with an instance's first Home and
 * that first page waits for it: seconds on a busy host. A browser-less warm-up: one Home per instance.
 */
async function warmHome(stack: Stack) {
  const signIn = await fetch(`${stack.url}/api/trpc/auth.login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.origin },
    body: JSON.stringify({ json: { email: loadEmail(0), password: LOAD_PASSWORD } }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.includes('session='));
  if (!cookie) throw new Error(`warm-up sign-in failed: ${signIn.status} ${await signIn.text()}`);
  for (const url of stack.instances) {
    // On a loaded host the worker's start can outlast the first render's timeout (the page then falls back to the
    // browser): ask again, up to 10 times, until the renderer answers.
    for (let attempt = 1; ; attempt += 1) {
      const home = await fetch(`${url}/`, { headers: { cookie, accept: 'text/html' } });
      const html = await home.text();
      if (home.ok && html.includes('data-page="server"')) break;
      if (attempt === 10) throw new Error(`${url}/ is not a server-rendered Home (${home.status})`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  await fetch(`${stack.url}/api/trpc/auth.logout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: stack.origin, cookie },
    body: '{"json":null}',
  });
}

let groupsNow: () => Record<string, number[]> = () => ({});

/** One step; CPU is read at the window's start and end as the generator reports them. */
function stepWith(
  child: ChildProcess,
  users: number,
  warmupMs: number,
  windowMs: number,
): Promise<StepResult & { cpu: Record<string, number>; seconds: number }> {
  return new Promise((resolve) => {
    let before: { cpu: Record<string, number>; machine: number; at: number; own: NodeJS.CpuUsage; main: Record<string, number> } | null = null;
    let cpu: Record<string, number> = {};
    let seconds = 0;
    const groups = () => ({ ...groupsNow(), generator: [child.pid ?? 0] });
    // The main thread of each API instance (JavaScript runs there; Argon2, Home's renderer and GC run on others).
    const mains = () =>
      Object.fromEntries(
        Object.entries(groupsNow())
          .filter(([name]) => name.startsWith('api-'))
          .map(([name, pids]) => [`${name} main thread`, threadSeconds(pids[0] ?? 0)]),
      );
    const onMessage = (message: { type: 'window-start' | 'window-end' } | StepResult) => {
      if (message.type === 'window-start') {
        before = { cpu: cpuSeconds(groups()), machine: machineBusySeconds(), at: performance.now(), own: process.cpuUsage(), main: mains() };
      } else if (message.type === 'window-end' && before) {
        const after = cpuSeconds(groups());
        seconds = (performance.now() - before.at) / 1000;
        cpu = Object.fromEntries(Object.entries(after).map(([name, value]) => [name, (value - (before?.cpu[name] ?? 0)) / seconds]));
        const own = process.cpuUsage(before.own);
        cpu.orchestrator = (own.user + own.system) / 1e6 / seconds;
        const measured = Object.values(cpu).reduce((sum, v) => sum + v, 0);
        for (const [name, value] of Object.entries(mains())) cpu[name] = (value - (before.main[name] ?? 0)) / seconds;
        cpu.machine = (machineBusySeconds() - before.machine) / seconds;
        cpu.other = Math.max(0, cpu.machine - measured);
      } else if (message.type === 'result') {
        child.off('message', onMessage);
        resolve({ ...message, cpu, seconds });
      }
    };
    child.on('message', onMessage);
    if (NICE !== 0) reniceGroups(groups(), NICE);
    child.send({ type: 'step', users, warmupMs, windowMs });
  });
}

async function runSetup(setup: Setup): Promise<{ held: number; steps: StepSummary[]; load: [number, number] }> {
  const loadAtStart = loadavg()[0] ?? 0;
  const pins = setup.instances === 2 && PIN === 'split' ? [0, 1] : [undefined];
  const stack = await startStack({ db: setup.db, instances: setup.instances, pins, fakeChunks: 10, fakeDelayMs: 40 });
  groupsNow = stack.groups;
  const generator = await startGenerator(stack.url, stack.origin);
  // Ctrl+C / SIGTERM: stop every process of this set-up before exiting.
  const interrupted = () => {
    generator.child.kill('SIGKILL');
    void stack.stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  const steps: StepSummary[] = [];
  try {
    await seedUsers(stack.database, MAX);
    await warmHome(stack);
    let current = 0;
    // A step that fails is run once more and holds if the repeat holds: on this shared host a second-long
    // stall of other work can fail one window; a real limit fails both.
    const run = async (users: number): Promise<StepSummary> => {
      const first = await runOnce(users);
      if (first.holds) return first;
      console.log(`  (${users} users failed: repeating the step once)`);
      return runOnce(users);
    };
    const runOnce = async (users: number): Promise<StepSummary> => {
      const windowMs = Math.min(45_000, Math.max(15_000, ((MIN_REQUESTS * 1.15) / (users * RATE_PER_USER * K)) * 1000));
      // New users arrive at most 40 a second (each signs in: Argon2), at least over LOAD_WARMUP_MS.
      const warmupMs = Math.max(WARMUP_MS, (Math.max(0, users - current) / 40) * 1000);
      current = users;
      const result = await generator.step(users, warmupMs, windowMs);
      const { signin = [], ...rest } = result.latencies;
      const all = sorted(Object.values(rest).flat());
      // Every failure counts, sign-ins, sockets and streamed answers included (a user refused is not held).
      const failed = Object.values(result.failures).reduce((sum, n) => sum + n, 0);
      const requests = all.length + failed;
      const p99 = failed / Math.max(1, requests) > 0.01 ? Number.POSITIVE_INFINITY : percentile(all, 99);
      const summary: StepSummary = {
        users,
        requests,
        rps: requests / result.seconds,
        p50: percentile(all, 50),
        p99,
        failed,
        holds: p99 < P99_LIMIT_MS,
        signinP50: percentile(sorted(signin), 50),
        signinP99: percentile(sorted(signin), 99),
        cores: result.cpu,
      };
      steps.push(summary);
      const byKind = Object.entries(result.latencies)
        .map(([kind, values]) => `${kind} ${values.length}× p50 ${fmt(percentile(sorted(values), 50))} p99 ${fmt(percentile(sorted(values), 99))}`)
        .join('; ');
      const load = loadavg()
        .map((v) => v.toFixed(2))
        .join(' ');
      report(`load ${setup.name}: ${users} simulated users (${users * K} user-equivalents at k=${K})`, [
        ['timed non-streaming requests (window s)', `${requests}${requests < MIN_REQUESTS ? ' (fewer than 2 000)' : ''} (${result.seconds.toFixed(1)} s)`],
        ['req/s', summary.rps],
        ['p50 / p99 ms (goal p99 < 200)', `${fmt(summary.p50)} / ${fmt(summary.p99)} → ${summary.holds ? 'holds' : 'FAILS'}`],
        ['failed (any kind; goal < 1 %)', `${failed} ${JSON.stringify(result.failures)}`],
        ['by kind', byKind],
        ['sign-in p50 / p99 ms', `${fmt(summary.signinP50)} / ${fmt(summary.signinP99)}`],
        [
          'coach answers: TTFT p50 / p99 ms, answers',
          `${fmt(percentile(sorted(result.ttft), 50))} / ${fmt(percentile(sorted(result.ttft), 99))}, ${result.answers}`,
        ],
        ['completions acked / events on the sockets', `${result.completionsAcked} / ${result.completionEvents}`],
        ['generator event-loop delay p99 / max ms', `${fmt(result.loopDelayP99)} / ${fmt(result.loopDelayMax)}`],
        [
          'requests > 200 ms by second of the window',
          Object.entries(result.slowBySecond)
            .map(([second, n]) => `${second}s:${n}`)
            .join(' ') || 'none',
        ],
        [
          'CPU, cores busy',
          Object.entries(result.cpu)
            .map(([name, v]) => `${name} ${v.toFixed(2)}`)
            .join(', '),
        ],
        ['CPU model', ceilingText(summary, setup.instances)],
        ['load average', load],
      ]);
      return summary;
    };

    let pass = 0;
    let fail = 0;
    for (let users = START; users <= MAX; users *= 2) {
      if ((await run(users)).holds) pass = users;
      else {
        fail = users;
        break;
      }
    }
    // Even the first step failed: halve down to 10 users (such steps time fewer than 2 000 requests).
    for (let users = Math.floor(START / 2); !pass && users >= 10; users = Math.floor(users / 2)) {
      if ((await run(users)).holds) pass = users;
      else fail = users;
    }
    if (fail && pass) {
      for (let i = 0; i < BISECT; i += 1) {
        const users = Math.round((pass + fail) / 2 / 10) * 10;
        if (users <= pass || users >= fail) break;
        if ((await run(users)).holds) pass = users;
        else fail = users;
      }
    }
    const basis = steps.filter((step) => step.holds).at(-1) ?? steps.at(-1);
    if (basis) console.log(`\n${setup.name} CPU model (step of ${basis.users} users): ${ceilingText(basis, setup.instances)}`);
    return { held: pass, steps, load: [loadAtStart, loadavg()[0] ?? 0] };
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    generator.child.send({ type: 'stop' });
    await new Promise((r) => setTimeout(r, 500));
    generator.child.kill('SIGKILL');
    await stack.stop();
  }
}

/**
 * CPU per simulated user of the system under test, at the step a set-up held (its window at `held` users): ms of
 * CPU a second of the API instances, PostgreSQL with its backends, Redis and nginx (the fake model and the
 * generator stand for things outside the system), split by process.
 */
function cpuPerUser(steps: StepSummary[], held: number): { total: number; parts: Record<string, number> } | undefined {
  const step = steps.filter((s) => s.users === held && s.holds).at(-1);
  if (!step) return undefined;
  const parts: Record<string, number> = {};
  for (const [name, cores] of Object.entries(step.cores)) {
    if (/^api-\d+( main thread)?$/.test(name) || ['postgres', 'redis', 'nginx'].includes(name)) parts[name] = (cores / step.users) * 1000;
  }
  const total = Object.entries(parts)
    .filter(([name]) => !name.endsWith('main thread'))
    .reduce((sum, [, ms]) => sum + ms, 0);
  return { total, parts };
}

/** The commit measured (and whether the tree had changes), for the figures' record. */
function commitMeasured(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${head} with uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

/** The issue's goals for this bench (bench/README.md, row (g)). */
export const GOALS = { pgUsersOverSqlite: 0.8, pgCpuOverSqlite: 1.5, twoCpuOverOne: 1.15 } as const;

export async function loadBench() {
  requireBuild();
  const wanted = (process.env.LOAD_SETUPS ?? SETUPS.map((s) => s.name).join(',')).split(',');
  const held: Record<string, number> = {};
  const stepsOf: Record<string, StepSummary[]> = {};
  const cpu: Record<string, ReturnType<typeof cpuPerUser>> = {};
  const loads: Record<string, [number, number]> = {};
  const started = Date.now();
  const commit = commitMeasured();
  for (const setup of SETUPS.filter((s) => wanted.includes(s.name))) {
    const result = await runSetup(setup);
    held[setup.name] = result.held;
    stepsOf[setup.name] = result.steps;
    cpu[setup.name] = cpuPerUser(result.steps, result.held);
    loads[setup.name] = result.load;
    console.log(`\n${setup.name}: held ${result.held} simulated users (${result.held * K} user-equivalents) at p99 < ${P99_LIMIT_MS} ms`);
  }
  // The session's autogroup back to the default weight (PostgreSQL's ended with its cluster).
  if (NICE !== 0) reniceGroups({ orchestrator: [process.pid] }, 0);
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : Number.NaN);
  const twoOverOne = ratio(held['pg-2'], held['pg-1']);
  const usersRatio = ratio(held['pg-1'], held['sqlite-1']);
  const cpuRatio = ratio(cpu['pg-1']?.total, cpu['sqlite-1']?.total);
  const twoCpuRatio = ratio(cpu['pg-2']?.total, cpu['pg-1']?.total);
  // For context (not a goal): the same figure at the largest step every set-up held, so that the three compare at one load.
  const runs = Object.values(stepsOf);
  const common = Math.max(
    0,
    ...(runs[0] ?? []).filter((a) => a.holds && runs.every((steps) => steps.some((b) => b.holds && b.users === a.users))).map((a) => a.users),
  );
  const judged = (value: number, goal: number, atLeast: boolean) =>
    Number.isFinite(value)
      ? `${value.toFixed(2)} (goal ${atLeast ? '≥' : '≤'} ${goal}: ${(atLeast ? value >= goal : value <= goal) ? 'met' : 'NOT met'})`
      : 'not measured';
  report(`Load (k=${K}, pin ${PIN}, nice ${NICE}; ${((Date.now() - started) / 60_000).toFixed(1)} min; commit ${commit})`, [
    ...Object.entries(held).map(([name, users]): [string, string] => [
      `${name}: users held at p99 < 200 ms`,
      `${users} (${users * K} user-equivalents); load average ${loads[name]?.[0].toFixed(1)} → ${loads[name]?.[1].toFixed(1)}`,
    ]),
    ...Object.entries(cpu).map(([name, c]): [string, string] => [
      `${name}: CPU per simulated user, ms/s`,
      c
        ? `${c.total.toFixed(2)} = ${Object.entries(c.parts)
            .map(([part, ms]) => `${part} ${ms.toFixed(2)}`)
            .join(', ')}`
        : 'no step held',
    ]),
    [
      `CPU per simulated user at ${common} users (every set-up held it)`,
      common
        ? Object.entries(stepsOf)
            .map(([name, steps]) => `${name} ${cpuPerUser(steps, common)?.total.toFixed(2)}`)
            .join(', ')
        : 'none in common',
    ],
    ['pg-1 ÷ sqlite-1, users held', judged(usersRatio, GOALS.pgUsersOverSqlite, true)],
    ['pg-1 ÷ sqlite-1, CPU per user', judged(cpuRatio, GOALS.pgCpuOverSqlite, false)],
    ['pg-2 ÷ pg-1, CPU per user', judged(twoCpuRatio, GOALS.twoCpuOverOne, false)],
    ['pg-2 ÷ pg-1, users held (earlier goal ≥ 1.6; needs cores of its own, see README)', Number.isFinite(twoOverOne) ? twoOverOne.toFixed(2) : 'not measured'],
  ]);
  const ok = usersRatio >= GOALS.pgUsersOverSqlite && cpuRatio <= GOALS.pgCpuOverSqlite && twoCpuRatio <= GOALS.twoCpuOverOne;
  return { ok, held, cpu, ratios: { usersRatio, cpuRatio, twoCpuRatio, twoOverOne } };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await loadBench();
  process.exit(result.ok ? 0 : 1);
}
