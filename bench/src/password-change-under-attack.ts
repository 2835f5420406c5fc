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
 * lifted (the queue alone). Figures: p50/p99 and the ratios against "no attack" in the same run.
 * Goal: the bystander's p99 under the attack below 1 s with the shipped limits.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ORIGIN, percentile, prepareDatabase, report, sleep, startServer } from './lib';

const PASSWORD = 'una frase bastante larga';
const OTHER = 'otra frase bastante larga';
const BYSTANDER = '127.0.0.3';
const ACCOUNTS = 40;

function post(agent: Agent, url: string, path: string, from: string, body: unknown, cookie?: string): Promise<{ status: number; ms: number }> {
  const payload = JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}${path}`,
      {
        method: 'POST',
        agent,
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: ORIGIN,
          ...(cookie ? { cookie } : {}),
        },
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

/** The attacker process: one lane per account and address until killed; prints counts on SIGTERM. */
async function attack(url: string, cookies: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: cookies.length });
  const counts: Record<string, number> = {};
  let stopped = false;
  process.on('SIGTERM', () => {
    stopped = true;
    process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
  });
  process.stdout.write('ready\n');
  await Promise.all(
    cookies.map(async (cookie, i) => {
      const from = `127.0.1.${i + 1}`;
      let current = PASSWORD;
      while (!stopped) {
        const next = current === PASSWORD ? OTHER : PASSWORD;
        const answer = await post(agent, url, '/api/trpc/auth.changePassword', from, { json: { currentPassword: current, newPassword: next } }, cookie);
        counts[answer.status] = (counts[answer.status] ?? 0) + 1;
        if (answer.status === 200) current = next;
        if (answer.status === 429) await sleep(2);
      }
    }),
  );
}

async function startAttacker(url: string, cookies: string[]) {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--attack', url, JSON.stringify(cookies)], {
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
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const answer = await post(agent, url, '/api/auth/login', BYSTANDER, { email: 'bench0@ascenso.local', password: PASSWORD });
    if (answer.status !== 200) throw new Error(`bystander sign-in answered ${answer.status}`);
    ms.push(answer.ms);
    await sleep(30);
  }
  return ms;
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function passwordChangeUnderAttackBench(rounds = 3, perPhase = 20) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-password-change-attack-'));
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  try {
    // bench0 is the bystander; bench1..40 attack. Each server has its own database.
    const shippedUsers = await prepareDatabase(join(dir, 'default.db'), ACCOUNTS + 1);
    const liftedUsers = await prepareDatabase(join(dir, 'lifted.db'), ACCOUNTS + 1);
    const shipped = await startServer({ DATABASE_PATH: join(dir, 'default.db') });
    const lifted = await startServer({ DATABASE_PATH: join(dir, 'lifted.db'), AUTH_PASSWORD_CHANGE_MAX_PER_USER: '100000' });
    const quiet: number[] = [];
    const attacked: number[] = [];
    const attackedLifted: number[] = [];
    const counts: Record<string, number> = {};
    const countsLifted: Record<string, number> = {};
    const add = (into: Record<string, number>, from: Record<string, number>) => {
      for (const [status, n] of Object.entries(from)) into[status] = (into[status] ?? 0) + n;
    };
    try {
      await bystanderLogins(agent, shipped.url, 3); // warm-up
      await bystanderLogins(agent, lifted.url, 3);
      for (let round = 0; round < rounds; round += 1) {
        quiet.push(...(await bystanderLogins(agent, shipped.url, perPhase)));
        for (const [server, users, into, intoCounts] of [
          [shipped, shippedUsers, attacked, counts],
          [lifted, liftedUsers, attackedLifted, countsLifted],
        ] as const) {
          const attacker = await startAttacker(
            server.url,
            users.slice(1).map((u) => u.cookie),
          );
          await sleep(1_000);
          into.push(...(await bystanderLogins(agent, server.url, perPhase)));
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
      ['change limit lifted (the queue alone), under attack p50 / p99 (ms)', ms(l)],
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
