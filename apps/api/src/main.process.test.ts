import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `pnpm start` as a person runs it: the root `start` script (its build step swapped for `true`, its
 * server for a private build of src/main.ts), in its own process group, stopped by a SIGINT sent to
 * the whole group the way a terminal's Ctrl+C is. It must print the ready line with the port it uses,
 * accept both loopback spellings as Origin, and exit 0 with nothing on stderr and no ELIFECYCLE.
 */
const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(apiDir, '../..');
// A private bundle (gitignored `.bench-dist*`), so the test never touches the shared apps/api/dist.
const outDirName = `.bench-dist-start-test-${process.pid}`;
const READY = /Ascenso está listo: http:\/\/localhost:(\d+)\n/;

let scratch: string;

function startScript(): string {
  const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const script = rootPackage.scripts.start;
  expect(script).toMatch(/^turbo run build\b.*&& exec node apps\/api\/dist\/main\.js$/);
  return script.replace(/^turbo run build[^&]*&&/, 'true &&').replace('apps/api/dist/main.js', `apps/api/${outDirName}/main.js`);
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

type Run = {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

function run(command: string, args: string[], cwd: string, port: number): Run {
  const child = spawn(command, args, {
    cwd,
    detached: true, // its own process group, like a terminal's foreground job
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(scratch, `app-${port}.db`),
      WEB_DIST_DIR: join(scratch, 'no-web'),
      LOG_LEVEL: 'warn',
    },
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function waitForReady(started: Run): Promise<number> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const match = READY.exec(started.stdout());
    if (match) return Number(match[1]);
    if (started.child.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`never ready\nstdout: ${started.stdout()}\nstderr: ${started.stderr()}`);
}

async function ctrlC(started: Run) {
  process.kill(-(started.child.pid as number), 'SIGINT');
  const timeout = setTimeout(() => process.kill(-(started.child.pid as number), 'SIGKILL'), 15_000);
  const result = await started.exited;
  clearTimeout(timeout);
  return result;
}

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'ascenso-start-'));
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], {
    cwd: apiDir,
    env: { ...process.env, API_OUT_DIR: outDirName },
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`build failed: ${build.stderr}`);
}, 120_000);

afterAll(() => {
  rmSync(join(apiDir, outDirName), { recursive: true, force: true });
  rmSync(scratch, { recursive: true, force: true });
});

describe('pnpm start', () => {
  it('prints the ready line with its port, accepts both loopback origins, and Ctrl+C exits 0 quietly', async () => {
    const port = await freePort();
    const started = run('sh', ['-c', startScript()], repoRoot, port);
    expect(await waitForReady(started)).toBe(port);
    expect(started.stdout()).toContain(`Ascenso está listo: http://localhost:${port}\n`);

    for (const origin of [`http://localhost:${port}`, `http://127.0.0.1:${port}`]) {
      const response = await fetch(`http://127.0.0.1:${port}/api/auth/logout`, {
        method: 'POST',
        headers: { Origin: origin },
      });
      expect(response.status, origin).not.toBe(403);
    }
    const foreign = await fetch(`http://127.0.0.1:${port}/api/auth/logout`, {
      method: 'POST',
      headers: { Origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);

    const result = await ctrlC(started);
    expect(result).toEqual({ code: 0, signal: null });
    expect(started.stderr()).toBe('');
    expect(started.stdout()).toContain('Ascenso se ha detenido.');
  }, 60_000);

  it('through pnpm: Ctrl+C on the whole group ends with exit code 0 and no ELIFECYCLE', async () => {
    const port = await freePort();
    const dir = mkdtempSync(join(scratch, 'pnpm-'));
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({
        name: 'start-under-pnpm',
        private: true,
        scripts: { start: `cd '${repoRoot}' && ${startScript()}` },
      }),
    );
    const started = run('pnpm', ['start'], dir, port);
    await waitForReady(started);
    const result = await ctrlC(started);
    const output = started.stdout() + started.stderr();
    expect(output).not.toMatch(/ELIFECYCLE|Command failed/);
    expect(result).toEqual({ code: 0, signal: null });
  }, 60_000);
});
