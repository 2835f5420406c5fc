/**
 * Sign-in latency of a bystander while another address floods the server with Argon2 work
 * (registrations and wrong sign-ins, 64 in flight, from its own process and its own address).
 *   pnpm --filter @ascenso/bench exec tsx src/login-under-attack.ts
 *
 * The built server runs with the attempt limits raised out of the way, so that the flood really reaches
 * the hasher and only the Argon2 queue (apps/api/src/modules/auth/password-work.ts) stands between it
 * and the bystander. Rounds interleave "no attack" and "under attack"; a last phase runs the same flood
 * against a server whose queue is opened wide (what the code did before the queue) for comparison.
 * Goal: the bystander's p99 under attack below 1 s (issue 14).
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
const NO_QUEUE = { ARGON2_MAX_CONCURRENT: '256', ARGON2_PER_ADDRESS_CONCURRENT: '64', ARGON2_PER_ADDRESS_QUEUE: '1000', ARGON2_MAX_QUEUED: '100000' };

function post(agent: Agent, url: string, path: string, from: string, body: unknown): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}${path}`,
      { method: 'POST', agent, localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: ORIGIN } },
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
            ? await post(agent, url, '/api/auth/register', ATTACKER, { email: `flood${process.pid}-${n}@ascenso.local`, password: PASSWORD, firstName: 'Flo' })
            : await post(agent, url, '/api/auth/login', ATTACKER, { email: `flood${n}@ascenso.local`, password: 'no es esta' });
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
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--attack', url], { stdio: ['ignore', 'pipe', 'inherit'] });
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
    const answer = await post(agent, url, '/api/auth/login', BYSTANDER, { email: 'bench0@ascenso.local', password: PASSWORD });
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
    const file = join(dir, 'app.db');
    await prepareDatabase(file);
    const server = await startServer({ DATABASE_PATH: file, ...NO_ATTEMPT_LIMITS });
    const quiet: number[] = [];
    const attacked: number[] = [];
    const attackCounts: Record<string, number> = {};
    try {
      await bystanderLogins(agent, server.url, 3); // warm-up (the dummy hash, JIT)
      for (let round = 0; round < rounds; round += 1) {
        quiet.push(...(await bystanderLogins(agent, server.url, perPhase)));
        const attacker = await startAttacker(server.url);
        await sleep(1_000);
        attacked.push(...(await bystanderLogins(agent, server.url, perPhase)));
        for (const [status, n] of Object.entries(await attacker.stop())) attackCounts[status] = (attackCounts[status] ?? 0) + n;
      }
    } finally {
      await server.stop();
    }

    // For comparison: the same flood with the queue opened wide.
    const openFile = join(dir, 'open.db');
    await prepareDatabase(openFile);
    const open = await startServer({ DATABASE_PATH: openFile, ...NO_ATTEMPT_LIMITS, ...NO_QUEUE });
    let unqueued: number[] = [];
    let unqueuedCounts: Record<string, number> = {};
    try {
      await bystanderLogins(agent, open.url, 3);
      const attacker = await startAttacker(open.url);
      await sleep(1_000);
      unqueued = await bystanderLogins(agent, open.url, 5);
      unqueuedCounts = await attacker.stop();
    } finally {
      await open.stop();
    }

    const q = stats(quiet);
    const a = stats(attacked);
    const u = stats(unqueued);
    const ok = a.p99 < 1_000;
    report('Sign-in of a bystander under an Argon2 flood from another address (64 in flight)', [
      ['no attack p50 / p99 (ms)', `${q.p50.toFixed(1)} / ${q.p99.toFixed(1)}`],
      ['under attack p50 / p99 / max (ms)', `${a.p50.toFixed(1)} / ${a.p99.toFixed(1)} / ${a.max.toFixed(1)}`],
      ['ratio p50 / p99 (attack ÷ no attack)', `${(a.p50 / q.p50).toFixed(2)}× / ${(a.p99 / q.p99).toFixed(2)}×`],
      ['attacker answers by status', JSON.stringify(attackCounts)],
      ['queue opened wide: under attack p50 / p99 (ms)', `${u.p50.toFixed(1)} / ${u.p99.toFixed(1)}`],
      ['queue opened wide: attacker answers by status', JSON.stringify(unqueuedCounts)],
      ['goal: p99 under attack < 1 000 ms', ok ? 'met' : 'MISSED'],
    ]);
    return { ok, quiet: q, attacked: a, unqueued: u, attackCounts, unqueuedCounts };
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
