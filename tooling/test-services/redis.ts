import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Loads vitest's types for the ProvidedContext augmentation below (no runtime import).
import type {} from 'vitest';

/** Debian's redis-server (`apt-get install redis-server`); REDIS_SERVER overrides the path. */
const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

export type RedisService = {
  /** `redis://127.0.0.1:<port>` of the throwaway server. */
  url: string;
  port: number;
  /** The server's own folder in the system's temporary folder; removed by `stop()`. */
  folder: string;
  /** Stops the server (SIGTERM, then SIGKILL after 5 s) and removes its folder. Safe to call twice. */
  stop: () => Promise<void>;
};

/**
 * Whether tests can start a Redis server here. On a machine without one the Redis suites are skipped
 * with this reason (a fresh clone still passes `pnpm test`); under CI (`CI` set) a missing server is an
 * error instead (`.ci/run` installs it), so the suites can never be skipped there by accident.
 */
export function redisAvailability(): { available: true } | { available: false; reason: string } {
  if (existsSync(REDIS_SERVER)) return { available: true };
  const reason = `redis-server not found at ${REDIS_SERVER} (apt-get install redis-server)`;
  // CI=false or CI=0 is not CI (the same rule as postgres.ts).
  const inCi = Boolean(process.env.CI) && !/^(0|false)$/i.test(process.env.CI ?? '');
  if (inCi) throw new Error(`${reason}; CI must run the Redis tests (.ci/run installs it)`);
  return { available: false, reason };
}

/** Resolves once redis-server logs that it accepts connections (on our port, not some other listener's). */
async function waitForReady(port: number, child: ChildProcess, output: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!/Ready to accept connections/.test(output())) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`redis-server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`redis-server did not start on ${port} within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Starts a throwaway redis-server on 127.0.0.1 and a free port, without persistence (`--save ''
 * --appendonly no`), in a temporary folder. Call `stop()` when done (tests: in afterAll). `port`
 * starts it on a given port instead (an outage test restarting the server where clients reconnect).
 */
export async function startRedis(options: { port?: number } = {}): Promise<RedisService> {
  const availability = redisAvailability();
  if (!availability.available) throw new Error(availability.reason);
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-redis-'));
  for (let attempt = 0; ; attempt += 1) {
    const port = options.port ?? (await freePort());
    let output = '';
    const child = spawn(
      REDIS_SERVER,
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir, '--protected-mode', 'yes', '--loglevel', 'notice'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitForReady(port, child, () => output);
    } catch (error) {
      child.kill('SIGKILL');
      // Another process took the port between freePort() and redis-server's bind: try another.
      if (options.port === undefined && attempt < 3 && /Address already in use/.test(output)) continue;
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    let stopped: Promise<void> | undefined;
    const stop = () => {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          rmSync(dir, { recursive: true, force: true });
          return resolve();
        }
        const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(killer);
          rmSync(dir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      });
      return stopped;
    };
    return { url: `redis://127.0.0.1:${port}`, port, folder: dir, stop };
  }
}

declare module 'vitest' {
  interface ProvidedContext {
    /** `redis://127.0.0.1:<port>` of the server `redis-global-setup.ts` started for the whole run (absent: none). */
    ascensoRedisUrl?: string;
  }
}
