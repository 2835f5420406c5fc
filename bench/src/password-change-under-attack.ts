/**
 * Sign-in latency of a bystander while 40 accounts, each from an address of its own, change their
 * password with the *correct* current password as fast as they can (the red team's finding 3: that
 * door had no limit and ran Argon2 twice per call; a bystander's sign-in took 3.3–21.3 s).
 *   pnpm --filter @ascenso/bench exec tsx src/password-change-under-attack.ts
 *
 * The attacker is a process of its own: 40 lanes, lane i signed in as bench<i> and bound to 127.0.1.<i>,
 * each sending `auth.changePassword` (current → a new one, and back), ignoring Retry-After (2 ms pause
 * after a 429, so its own CPU on the server's cores stays bounded). The bystander (bench0, 127.0.0.3)
 * signs in 20 times per phase. Rounds interleave: no attack; the attack against the shipped limits (5
 * changes an hour per user, the fair Argon2 queue); the attack against a server whose change limit is
 * lifted and no cap on account changes in progress (ARGON2_ACCOUNT_CHANGES_IN_FLIGHT=1000: the code before
 * the cap, with only the per-address queue). Figures: p50/p99 and the ratios against "no attack" in the same run.
 * Goal: the bystander's p99 under the attack below 1 s with the shipped limits.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addCounts, bystanderLogins, latencyStats, postFrom, runAttackerLanes, startAttackerProcess } from './attack-lib';
import { prepareDatabase, report, sleep, startServer } from './lib';

const PASSWORD = 'una frase bastante larga';
const OTHER = 'otra frase bastante larga';
const BYSTANDER = '127.0.0.3';
const ACCOUNTS = 40;

/** The attacker process: one lane per account and address until killed; prints counts on SIGTERM. */
async function attack(url: string, cookies: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: cookies.length });
  const current = cookies.map(() => PASSWORD);
  await runAttackerLanes(cookies.length, async (lane, count) => {
    const next = current[lane] === PASSWORD ? OTHER : PASSWORD;
    const answer = await postFrom(
      agent,
      url,
      '/api/trpc/auth.changePassword',
      `127.0.1.${lane + 1}`,
      { json: { currentPassword: current[lane], newPassword: next } },
      cookies[lane],
    );
    count(answer.status);
    if (answer.status === 200) current[lane] = next;
    if (answer.status === 429) await sleep(2);
  });
}

const startAttacker = (url: string, cookies: string[]) => startAttackerProcess(fileURLToPath(import.meta.url), [url, JSON.stringify(cookies)]);
const logins = (agent: Agent, url: string, times: number) => bystanderLogins(agent, url, BYSTANDER, times);
const stats = latencyStats;

export async function passwordChangeUnderAttackBench(rounds = 3, perPhase = 20) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-password-change-attack-'));
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // bench0 is the bystander; bench1..40 attack. Each server has its own database.
    const shippedUsers = await prepareDatabase(join(dir, 'default.db'), ACCOUNTS + 1);
    const liftedUsers = await prepareDatabase(join(dir, 'lifted.db'), ACCOUNTS + 1);
    const shipped = await startServer({ DATABASE_PATH: join(dir, 'default.db') });
    const lifted = await startServer({
      DATABASE_PATH: join(dir, 'lifted.db'),
      AUTH_PASSWORD_CHANGE_MAX_PER_USER: '100000',
      ARGON2_ACCOUNT_CHANGES_IN_FLIGHT: '1000',
    });
    const quiet: number[] = [];
    const attacked: number[] = [];
    const attackedLifted: number[] = [];
    const counts: Record<string, number> = {};
    const countsLifted: Record<string, number> = {};
    const add = addCounts;
    try {
      await logins(agent, shipped.url, 3); // warm-up
      await logins(agent, lifted.url, 3);
      for (let round = 0; round < rounds; round += 1) {
        quiet.push(...(await logins(agent, shipped.url, perPhase)));
        for (const [server, users, into, intoCounts] of [
          [shipped, shippedUsers, attacked, counts],
          [lifted, liftedUsers, attackedLifted, countsLifted],
        ] as const) {
          const attacker = await startAttacker(
            server.url,
            users.slice(1).map((u) => u.cookie),
          );
          await sleep(1_000);
          into.push(...(await logins(agent, server.url, perPhase)));
          add(intoCounts, await attacker.stop());
        }
      }
    } finally {
      await shipped.stop();
      await lifted.stop();
    }
    const q = stats(quiet);
    const a = stats(attacked);
    const l = stats(attackedLifted);
    const ms = (x: { p50: number; p99: number }) => `${x.p50.toFixed(1)} / ${x.p99.toFixed(1)}`;
    const ratio = (x: { p50: number; p99: number }) => `${(x.p50 / q.p50).toFixed(2)}× / ${(x.p99 / q.p99).toFixed(2)}×`;
    const ok = a.p99 < 1_000;
    report(`Sign-in of a bystander while ${ACCOUNTS} accounts on ${ACCOUNTS} addresses change their password with the right one`, [
      ['no attack p50 / p99 (ms)', ms(q)],
      ['shipped limits, under attack p50 / p99 (ms)', ms(a)],
      ['  ratio p50 / p99', ratio(a)],
      ['  attacker answers by status', JSON.stringify(counts)],
      ['no change limit, no cap in progress (the queue alone), under attack p50 / p99 (ms)', ms(l)],
      ['  ratio p50 / p99', ratio(l)],
      ['  attacker answers by status', JSON.stringify(countsLifted)],
      ['goal: p99 under attack < 1 000 ms (shipped limits)', ok ? 'met' : 'MISSED'],
    ]);
    return { ok, quiet: q, attacked: a, lifted: l };
  } finally {
    agent.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--attack') {
  await attack(process.argv[3] as string, JSON.parse(process.argv[4] as string) as string[]);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await passwordChangeUnderAttackBench();
  process.exit(result.ok ? 0 : 1);
}
