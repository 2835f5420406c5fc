/**
 * Sign-in latency of a bystander while another address floods the server with Argon2 work
 * (registrations and wrong sign-ins, 64 in flight, from its own process and its own address).
 *   pnpm --filter @ascenso/bench exec tsx src/login-under-attack.ts
 *
 * Two built servers: one with the shipped limits (the attack of issue 14: the flood gets its 5
 * registrations and 10 wrong sign-ins, then 429s), one with the attempt limits lifted so that the flood
 * really reaches the hasher and only the Argon2 queue (apps/api/src/modules/auth/password-work.ts)
 * stands between it and the bystander. Rounds interleave "no attack" and the two attacks; a last phase
 * runs the same flood against a server with no limits and the queue opened wide (the code before).
 * Goal: the bystander's p99 under the attack below 1 s with the shipped limits (issue 14); the other
 * figures are reported as ratios against "no attack" in the same run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORIGIN, percentile, prepareDatabase, report, sleep, startServer } from './lib';

const PASSWORD = 'una frase bastante larga';
const ATTACKER = '127.0.0.2';
const BYSTANDER = '127.0.0.3';
const LANES = 64;

/** Limits high enough that only the Argon2 queue meets the flood. */
const NO_ATTEMPT_LIMITS = {
  AUTH_LOGIN_MAX_PER_ACCOUNT_ADDRESS: '99999',
  AUTH_LOGIN_MAX_PER_ADDRESS: '100000',
  AUTH_LOGIN_MAX_PER_ACCOUNT: '100000',
  AUTH_REGISTER_MAX_PER_ADDRESS: '100000',
};
/** The queue opened wide: every request runs Argon2 as soon as libuv has a thread (as before issue 14). */
const NO_QUEUE = {
  ARGON2_MAX_CONCURRENT: '256',
  ARGON2_PER_ADDRESS_CONCURRENT: '64',
  ARGON2_PER_ADDRESS_QUEUE: '1000',
  ARGON2_MAX_QUEUED: '100000',
};

function post(agent: Agent, url: string, path: string, from: string, body: unknown): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        localAddress: from,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: ORIGIN },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(payload);
  });
}

/** The attacker process: LANES requests in flight from ATTACKER until killed; prints counts on SIGTERM. */
async function attack(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: LANES });
  const counts: Record<string, number> = {};
  let stopped = false;
  process.on('SIGTERM', () => {
    stopped = true;
    process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
  });
  process.stdout.write('ready\n');
  let n = 0;
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (!stopped) {
        n += 1;
        const answer =
          n % 2 === 0
            ? await post(agent, url, '/api/auth/register', ATTACKER, {
                email: `flood${process.pid}-${n}@ascenso.local`,
                password: PASSWORD,
                firstName: 'Flo',
              })
            : await post(agent, url, '/api/auth/login', ATTACKER, {
                email: `flood${n}@ascenso.local`,
                password: 'no es esta',
              });
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
        // It ignores Retry-After, but pauses 2 ms after a refusal: this process shares the server's
        // cores, and a client spinning at full speed would measure its own CPU use, not the server's.
        if (answer.status === 429) await sleep(2);
      }
    }),
  );
}

/** Starts the attacker process; resolves once it is sending. */
async function startAttacker(url: string) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--attack', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.startsWith('ready\n')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`attacker exited (${code})`)));
  });
  return {
    stop: () =>
      new Promise<Record<string, number>>((resolve) => {
        child.removeAllListeners('exit');
        child.once('exit', () => {
          const last = output.trim().split('\n').pop() ?? '';
          resolve(last.startsWith('{') ? (JSON.parse(last) as Record<string, number>) : {});
        });
        child.kill('SIGTERM');
      }),
  };
}

async function bystanderLogins(agent: Agent, url: string, times: number): Promise<number[]> {
  const times_: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const answer = await post(agent, url, '/api/auth/login', BYSTANDER, {
      email: 'bench0@ascenso.local',
      password: PASSWORD,
    });
    if (answer.status !== 200) throw new Error(`bystander sign-in answered ${answer.status}`);
    times_.push(answer.ms);
    await sleep(30);
  }
  return times_;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? Number.NaN };
};

export async function loginUnderAttackBench(rounds = 3, perPhase = 20) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-login-attack-'));
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // Two servers, each on its own database: the shipped limits, and the queue alone.
    await prepareDatabase(join(dir, 'default.db'));
    await prepareDatabase(join(dir, 'queue.db'));
    const shipped = await startServer({ DATABASE_PATH: join(dir, 'default.db') });
    const queueOnly = await startServer({ DATABASE_PATH: join(dir, 'queue.db'), ...NO_ATTEMPT_LIMITS });
    const quiet: number[] = [];
    const attacked: number[] = [];
    const attackedQueueOnly: number[] = [];
    const counts: Record<string, number> = {};
    const countsQueueOnly: Record<string, number> = {};
    const add = (into: Record<string, number>, from: Record<string, number>) => {
      for (const [status, n] of Object.entries(from)) into[status] = (into[status] ?? 0) + n;
    };
    try {
      await bystanderLogins(agent, shipped.url, 3); // warm-up (the dummy hash, JIT)
      await bystanderLogins(agent, queueOnly.url, 3);
      for (let round = 0; round < rounds; round += 1) {
        quiet.push(...(await bystanderLogins(agent, shipped.url, perPhase)));
        for (const [server, into, intoCounts] of [
          [shipped, attacked, counts],
          [queueOnly, attackedQueueOnly, countsQueueOnly],
        ] as const) {
          const attacker = await startAttacker(server.url);
          await sleep(1_000);
          into.push(...(await bystanderLogins(agent, server.url, perPhase)));
          add(intoCounts, await attacker.stop());
        }
      }
    } finally {
      await shipped.stop();
      await queueOnly.stop();
    }

    // For comparison: the same flood with the queue opened wide and no limits (the code before issue 14).
    await prepareDatabase(join(dir, 'open.db'));
    const open = await startServer({ DATABASE_PATH: join(dir, 'open.db'), ...NO_ATTEMPT_LIMITS, ...NO_QUEUE });
    let unqueued: number[] = [];
    let countsUnqueued: Record<string, number> = {};
    try {
      await bystanderLogins(agent, open.url, 3);
      const attacker = await startAttacker(open.url);
      await sleep(1_000);
      unqueued = await bystanderLogins(agent, open.url, 5);
      countsUnqueued = await attacker.stop();
    } finally {
      await open.stop();
    }

    const q = stats(quiet);
    const a = stats(attacked);
    const o = stats(attackedQueueOnly);
    const u = stats(unqueued);
    const ms = (x: { p50: number; p99: number }) => `${x.p50.toFixed(1)} / ${x.p99.toFixed(1)}`;
    const ratio = (x: { p50: number; p99: number }) => `${(x.p50 / q.p50).toFixed(2)}× / ${(x.p99 / q.p99).toFixed(2)}×`;
    const ok = a.p99 < 1_000;
    report('Sign-in of a bystander under a registration/sign-in flood from another address (64 in flight)', [
      ['no attack p50 / p99 (ms)', ms(q)],
      ['shipped limits, under attack p50 / p99 (ms)', ms(a)],
      ['  ratio p50 / p99', ratio(a)],
      ['  attacker answers by status', JSON.stringify(counts)],
      ['queue alone (limits lifted), under attack p50 / p99 (ms)', ms(o)],
      ['  ratio p50 / p99', ratio(o)],
      ['  attacker answers by status', JSON.stringify(countsQueueOnly)],
      ['no queue, no limits (before), under attack p50 / p99 (ms)', ms(u)],
      ['  attacker answers by status', JSON.stringify(countsUnqueued)],
      ['goal: p99 under attack < 1 000 ms (shipped limits)', ok ? 'met' : 'MISSED'],
    ]);
    return { ok, quiet: q, attacked: a, queueOnly: o, unqueued: u };
  } finally {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--attack') {
  await attack(process.argv[3] as string);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await loginUnderAttackBench();
  process.exit(result.ok ? 0 : 1);
}
