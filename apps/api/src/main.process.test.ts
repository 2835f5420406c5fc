import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AppRouter } from './trpc/app-router';

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

function run(command: string, args: string[], cwd: string, port: number, extraEnv: Record<string, string> = {}): Run {
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
      // No settings file unless a test names one (a contributor's own .env must not change the tests).
      ENV_FILE: '',
      ...extraEnv,
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

    const pressed = Date.now();
    const result = await ctrlC(started);
    expect(result).toEqual({ code: 0, signal: null });
    // Nothing in flight: the drain has nothing to wait for.
    expect(Date.now() - pressed).toBeLessThan(1_500);
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

/**
 * The stop as an orchestrator sends it (decision 024, http/drain.ts): SIGTERM to the server process
 * itself, with a signed-in tab's tRPC subscription open.
 */
describe('SIGTERM drains', () => {
  async function startServer(drainTimeoutMs: number) {
    const port = await freePort();
    const started = run(process.execPath, [join(apiDir, outDirName, 'main.js')], repoRoot, port, { DRAIN_TIMEOUT_MS: String(drainTimeoutMs) });
    await waitForReady(started);
    const origin = `http://localhost:${port}`;
    const registered = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ email: `drain-${port}@ejemplo.es`, password: 'una frase bastante larga', firstName: 'Ana' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
    return { started, port, origin, cookie, wsUrl: `ws://127.0.0.1:${port}/api/trpc-ws` };
  }

  /** Sends SIGTERM and expects a clean stop (exit 0 with its farewell line); returns how long it took, in ms. */
  async function sigtermStops(started: Run): Promise<number> {
    const signalled = Date.now();
    started.child.kill('SIGTERM');
    const result = await started.exited;
    const took = Date.now() - signalled;
    expect(result).toEqual({ code: 0, signal: null });
    expect(started.stdout()).toContain('Ascenso se ha detenido.');
    return took;
  }

  /** A socket on /api/trpc-ws that ignores the reconnect notification (an old or stuck client): it never leaves by itself. */
  async function stuckSocket(wsUrl: string, cookie: string, origin: string) {
    const ws = new WebSocket(wsUrl, { headers: { cookie, origin } });
    const frames: string[] = [];
    ws.on('message', (data) => frames.push(String(data)));
    ws.on('error', () => undefined);
    await new Promise((done) => ws.once('open', done));
    return { ws, frames };
  }

  it('with an open tRPC subscription: the tab is told to reconnect, and the process exits 0 well within the budget', async () => {
    const { started, origin, cookie, wsUrl } = await startServer(5_000);
    const frames: string[] = [];
    class CookieWebSocket extends WebSocket {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols, { headers: { cookie, origin } });
        this.on('message', (data) => frames.push(String(data)));
      }
    }
    const wsClient = createWSClient({ url: wsUrl, WebSocket: CookieWebSocket as never, retryDelayMs: (attempt) => (attempt === 0 ? 0 : 60_000) });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: wsClient, transformer: superjson })] });
    await new Promise<void>((done) => client.activities.onCompleted.subscribe(undefined, { onStarted: () => done(), onData: () => undefined }));

    const took = await sigtermStops(started);
    await wsClient.close();

    expect(frames).toContain('{"id":null,"method":"reconnect"}');
    // The tab left at once (tRPC's client closes on the notification): no waiting for the 5 s budget.
    expect(took).toBeLessThan(2_000);
    expect(started.stderr()).toBe('');
  }, 60_000);

  it('a client that never leaves is cut at the budget, and the process still exits 0', async () => {
    const { started, origin, cookie, wsUrl } = await startServer(1_000);
    const stuck = await stuckSocket(wsUrl, cookie, origin);
    const closed = new Promise<void>((done) => stuck.ws.once('close', () => done()));

    const took = await sigtermStops(started);
    await closed;

    expect(stuck.frames).toContain('{"id":null,"method":"reconnect"}');
    expect(took).toBeGreaterThanOrEqual(950);
    // Well before the hard stop (budget + 2 s, exit 1).
    expect(took).toBeLessThan(2_500);
    expect(started.stderr()).toContain('drain budget spent');
  }, 60_000);

  it('a second SIGTERM during the drain stops at once with exit 0', async () => {
    const { started, origin, cookie, wsUrl } = await startServer(30_000);
    const stuck = await stuckSocket(wsUrl, cookie, origin);

    started.child.kill('SIGTERM');
    // Draining: the notification went out, and the process waits for the stuck client.
    await expect.poll(() => stuck.frames.includes('{"id":null,"method":"reconnect"}'), { timeout: 5_000 }).toBe(true);
    await new Promise((done) => setTimeout(done, 200));
    expect(started.child.exitCode).toBeNull();

    expect(await sigtermStops(started)).toBeLessThan(1_000);
    stuck.ws.terminate();
  }, 60_000);
});
