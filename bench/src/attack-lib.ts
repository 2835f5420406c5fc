import { spawn } from 'node:child_process';
import { request, type Agent } from 'node:http';
import { ORIGIN, percentile, sleep } from './lib';

/**
 * What the "a bystander under attack" benches share: a POST from a chosen loopback address, an attacker
 * process of its own (the bench file run with `--attack …`), and the bystander's timed sign-ins.
 */

/** A JSON POST from `from` (a 127.x address), with the app's Origin and an optional cookie; never throws. */
export function postFrom(agent: Agent, url: string, path: string, from: string, body: unknown, cookie?: string): Promise<{ status: number; ms: number }> {
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

/**
 * In the attacker process: runs `lanes` until SIGTERM, then prints the answers counted by status. Each
 * lane calls `step` in a loop with the shared `count`; `ready` is printed once they start.
 */
export async function runAttackerLanes(lanes: number, step: (lane: number, count: (status: number) => void) => Promise<void>) {
  const counts: Record<string, number> = {};
  let stopped = false;
  process.on('SIGTERM', () => {
    stopped = true;
    process.stdout.write(`${JSON.stringify(counts)}\n`, () => process.exit(0));
  });
  process.stdout.write('ready\n');
  const count = (status: number) => {
    counts[status] = (counts[status] ?? 0) + 1;
  };
  await Promise.all(
    Array.from({ length: lanes }, async (_, lane) => {
      while (!stopped) await step(lane, count);
    }),
  );
}

/** Starts `script --attack ...args` as a process of its own; resolves once it is sending. `stop` returns its counts. */
export async function startAttackerProcess(script: string, args: string[]) {
  const child = spawn(process.execPath, [...process.execArgv, script, '--attack', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
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

/** `times` sequential sign-ins of bench0 from `from`, 30 ms apart; their durations. Throws on anything but 200. */
export async function bystanderLogins(agent: Agent, url: string, from: string, times: number, password = 'una frase bastante larga'): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const answer = await postFrom(agent, url, '/api/auth/login', from, { email: 'bench0@ascenso.local', password });
    if (answer.status !== 200) throw new Error(`bystander sign-in answered ${answer.status}`);
    ms.push(answer.ms);
    await sleep(30);
  }
  return ms;
}

export function latencyStats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** Adds `from`'s counts by status into `into`. */
export function addCounts(into: Record<string, number>, from: Record<string, number>) {
  for (const [status, n] of Object.entries(from)) into[status] = (into[status] ?? 0) + n;
}
