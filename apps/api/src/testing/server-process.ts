import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts the API from source (`src/main.ts` through tsx) as its own process on 127.0.0.1 and an
 * ephemeral port, on the given SQLite file. For tests and benchmarks that run several processes on one
 * database; `env` adds or overrides variables. Resolves once it has printed its ready line. The caller kills the child.
 */
export function startServerProcess(
  databasePath: string,
  origin: string,
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; url: string }> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolvePromise, reject) => {
    // eslint-disable-next-line no-restricted-properties -- the child process needs PATH and the clock's settings, nothing else of ours
    const { PATH: path, TZ, LD_PRELOAD, FAKETIME } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiRoot,
      env: {
        PATH: path,
        // The same time zone and wall clock as this process (tooling/at-time.sh moves it with libfaketime).
        ...(TZ ? { TZ } : {}),
        ...(LD_PRELOAD && FAKETIME ? { LD_PRELOAD, FAKETIME } : {}),
        // No settings file: a contributor's own .env must not change the tests.
        ENV_FILE: '',
        DATABASE_PATH: databasePath,
        PORT: '0',
        HOST: '127.0.0.1',
        APP_ORIGIN: origin,
        LOG_LEVEL: 'info',
        NODE_ENV: 'development',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, timeoutMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      // The ready line comes last, once the stop handlers exist (main.ts): a SIGTERM sent earlier kills outright.
      const match = output.match(/"msg":"listening","url":"(http:\/\/[^"]+)"/);
      if (match?.[1] && output.includes('Ascenso está listo:')) {
        clearTimeout(timer);
        resolvePromise({ child, url: match[1] });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
}
