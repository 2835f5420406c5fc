/**
 * Sign-in latency of a bystander while another address floods the server with Argon2 work
 * (registrations and wrong sign-ins, 64 in flight, from its own process and its own address).
 *   pnpm --filter @ascenso/bench exec tsx src/login-under-attack.ts
 *
 * Two built servers: one with the shipped limits (the attack of decision 012: the flood gets its 5
 * registrations and 10 wrong sign-ins, then 429s), one with the attempt limits lifted so that the flood
 * really reaches the hasher and only the Argon2 queue (apps/api/src/modules/auth/password-work.ts)
 * stands between it and the bystander. Rounds interleave "no attack" and the two attacks; a last phase
 * runs the same flood against a server with no limits and the queue opened wide (the code before).
 * Goal: the bystander's p99 under the attack below 1 s with the shipped limits (decision 012); the other
 * figures are reported as ratios against "no attack" in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCounts, bystanderLogins, latencyStats, postFrom, runAttackerLanes, startAttackerProcess } from './attack-lib';
import { prepareDatabase, report, sleep, startServer } from './lib';

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
/** The queue opened wide: every request runs Argon2 as soon as libuv has a thread (as before decision 012). */
const NO_QUEUE = {
  ARGON2_MAX_CONCURRENT: '256',
  ARGON2_PER_ADDRESS_CONCURRENT: '64',
  ARGON2_PER_ADDRESS_QUEUE: '1000',
  ARGON2_MAX_QUEUED: '100000',
};

/** The attacker process: LANES requests in flight from ATTACKER until killed; prints counts on SIGTERM. */
async function attack(url: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: LANES });
  let n = 0;
  await runAttackerLanes(LANES, async (_lane, count) => {
    n += 1;
    const answer =
      n % 2 === 0
        ? await postFrom(agent, url, '/api/auth/register', ATTACKER, {
            email: `flood${process.pid}-${n}@ascenso.local`,
            password: PASSWORD,
            firstName: 'Flo',
          })
        : await postFrom(agent, url, '/api/auth/login', ATTACKER, {
            email: `flood${n}@ascenso.local`,
            password: 'no es esta',
          });
    count(answer.status);
    // It ignores Retry-After, but pauses 2 ms after a refusal: this process shares the server's
    // cores, and a client spinning at full speed would measure its own CPU use, not the server's.
    if (answer.status === 429) await sleep(2);
  });
}

const startAttacker = (url: string) => startAttackerProcess(fileURLToPath(import.meta.url), [url]);
const logins = (agent: Agent, url: string, times: number) => bystanderLogins(agent, url, BYSTANDER, times);
const stats = latencyStats;

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
    const add = addCounts;
    try {
      await logins(agent, shipped.url, 3); // warm-up (the dummy hash, JIT)
      await logins(agent, queueOnly.url, 3);
      for (let round = 0; round < rounds; round += 1) {
        quiet.push(...(await logins(agent, shipped.url, perPhase)));
        for (const [server, into, intoCounts] of [
          [shipped, attacked, counts],
          [queueOnly, attackedQueueOnly, countsQueueOnly],
        ] as const) {
          const attacker = await startAttacker(server.url);
          await sleep(1_000);
          into.push(...(await logins(agent, server.url, perPhase)));
          add(intoCounts, await attacker.stop());
        }
      }
    } finally {
      await shipped.stop();
      await queueOnly.stop();
    }

    // For comparison: the same flood with the queue opened wide and no limits (the code before decision 012).
    await prepareDatabase(join(dir, 'open.db'));
    const open = await startServer({ DATABASE_PATH: join(dir, 'open.db'), ...NO_ATTEMPT_LIMITS, ...NO_QUEUE });
    let unqueued: number[] = [];
    let countsUnqueued: Record<string, number> = {};
    try {
      await logins(agent, open.url, 3);
      const attacker = await startAttacker(open.url);
      await sleep(1_000);
      unqueued = await logins(agent, open.url, 5);
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
