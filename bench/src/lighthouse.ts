/**
 * Front-end budgets: Lighthouse 12 (npm `lighthouse`, default config = mobile form factor, simulated
 * throttling) against the built app served by the built API, in Debian's Chromium (/usr/bin/chromium,
 * or CHROMIUM_PATH; never downloaded). Pages: the landing page (`/`, signed out) and Home (`/`, signed
 * in as the demo user Lucía, session cookie sent with `extraHeaders`). Each page runs RUNS times
 * (default 3), interleaved; every metric is the median of its runs.
 * Goals per page: performance score ≥ 90, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1.
 * The server sends the app shell with its bootstrap (apps/api/src/http/web-bootstrap.ts) and, for the
 * landing page, the prerendered markup, for Home the markup rendered by the server (decision 021). Measure a full
 * build (BENCH_SERVER_ENTRY picks another server build, WEB_DIST_DIR another web build; see bench/README.md).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../../tooling/test-services/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { createDeps } from '../../apps/api/src/deps';
import { loadConfig } from '../../apps/api/src/env';
import { createLogger } from '../../apps/api/src/logger';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../apps/api/src/seed/demo-accounts';
import { median, report, startServer } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOALS = { score: 90, lcpMs: 2500, tbtMs: 200, cls: 0.1 };

type PageRun = {
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  benchmarkIndex: number;
  warnings: string[];
};

/** Headless Chromium with a DevTools port; resolves once "DevTools listening on ..." is printed. */
function launchChromium(profileDir: string): Promise<{ port: number; child: ChildProcess; stop: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-default-apps',
      '--disable-extensions',
      '--no-first-run',
      '--no-default-browser-check',
      '--remote-debugging-address=127.0.0.1',
      '--remote-debugging-port=0',
      `--user-data-dir=${profileDir}`,
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start:\n${output}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          port: Number(match[1]),
          child,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null || child.signalCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Chromium exited (${code ?? signal}):\n${output}`));
    });
  });
}

/** The demo accounts (Lucía with a completed assessment and a week of history), as in development. */
async function seedDatabase(file: string) {
  const deps = createDeps(loadConfig({ DATABASE_PATH: file, LOG_LEVEL: 'silent', NODE_ENV: 'development' }), {
    logger: createLogger('silent'),
  });
  await seedDemoAccounts(deps);
  await deps.store.close();
}

async function signIn(url: string, origin: string): Promise<string> {
  const lucia = DEMO_ACCOUNTS[0];
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: lucia.email, password: lucia.password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie;
}

async function runLighthouse(url: string, port: number, name: string, extraHeaders?: Record<string, string>): Promise<PageRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    extraHeaders,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // LIGHTHOUSE_REPORT_DIR keeps every report (open it in https://googlechrome.github.io/lighthouse/viewer/).
  if (process.env.LIGHTHOUSE_REPORT_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
    writeFileSync(join(process.env.LIGHTHOUSE_REPORT_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcpMs: metric('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings ?? [],
  };
}

/** A loaded machine occasionally spoils a trace (NO_NAVSTART, NO_FCP...): that run is repeated, twice at most. */
async function withRetries<T>(run: () => Promise<T>, retries = 2): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= retries) throw error;
      console.log(`  (run failed, retrying: ${error instanceof Error ? error.message : String(error)})`);
    }
  }
}

export async function lighthouseBench(runs = RUNS) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-lighthouse-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  await seedDatabase(join(dir, 'app.db'));
  // Production server (no demo seeding, real cookie name); APP_ORIGIN is the page's own origin so the
  // signed-in Home can open its WebSockets.
  // WEB_DIST_DIR (optional) serves a copy of the built web app, e.g. one taken while holding the build lock.
  const env: Record<string, string> = { DATABASE_PATH: join(dir, 'app.db'), PORT: String(port), APP_ORIGIN: origin };
  if (process.env.WEB_DIST_DIR) env.WEB_DIST_DIR = process.env.WEB_DIST_DIR;
  const server = await startServer(env);
  const chromium = await launchChromium(join(dir, 'chromium-profile'));
  try {
    const cookie = await signIn(server.url, origin);
    // Warm-up: the first Home a server sends also starts its renderer (a worker thread loading the web
    // build's render worker, about 2 s here); measure the steady state, as for every other bench.
    const warmUp = await fetch(`${server.url}/`, { headers: { Cookie: cookie } });
    if (!warmUp.ok) throw new Error(`warm-up failed: ${warmUp.status}`);
    await warmUp.text();
    const pages: Array<{ id: string; name: string; headers?: Record<string, string>; runs: PageRun[] }> = [
      { id: 'landing', name: 'landing (/ signed out)', runs: [] },
      { id: 'home', name: 'Home (/ signed in)', headers: { Cookie: cookie }, runs: [] },
    ];
    for (let round = 0; round < runs; round += 1) {
      for (const page of pages) page.runs.push(await withRetries(() => runLighthouse(`${server.url}/`, chromium.port, page.id, page.headers)));
    }

    const summary = pages.map((page) => {
      const m = {
        score: median(page.runs.map((r) => r.score)),
        lcpMs: median(page.runs.map((r) => r.lcpMs)),
        tbtMs: median(page.runs.map((r) => r.tbtMs)),
        cls: median(page.runs.map((r) => r.cls)),
        fcpMs: median(page.runs.map((r) => r.fcpMs)),
      };
      const ok = m.score >= GOALS.score && m.lcpMs <= GOALS.lcpMs && m.tbtMs <= GOALS.tbtMs && m.cls <= GOALS.cls;
      return { page: page.name, ok, ...m, runs: page.runs };
    });

    for (const s of summary) {
      report(`Lighthouse 12 mobile (simulated throttling), ${s.page}: median of ${runs} runs`, [
        ['performance score (goal ≥ 90)', `${s.score}   runs: ${s.runs.map((r) => r.score).join(', ')}`],
        ['LCP ms (goal ≤ 2500)', `${s.lcpMs.toFixed(0)}   runs: ${s.runs.map((r) => r.lcpMs.toFixed(0)).join(', ')}`],
        ['TBT ms (goal ≤ 200)', `${s.tbtMs.toFixed(0)}   runs: ${s.runs.map((r) => r.tbtMs.toFixed(0)).join(', ')}`],
        ['CLS (goal ≤ 0.1)', `${s.cls.toFixed(3)}   runs: ${s.runs.map((r) => r.cls.toFixed(3)).join(', ')}`],
        ['FCP ms (context)', s.fcpMs.toFixed(0)],
        ['Lighthouse CPU benchmarkIndex (context)', s.runs.map((r) => r.benchmarkIndex).join(', ')],
        ['goals met', s.ok ? 'yes' : 'NO'],
      ]);
      const warnings = [...new Set(s.runs.flatMap((r) => r.warnings))];
      for (const warning of warnings) console.log(`  warning: ${warning}`);
    }
    return { ok: summary.every((s) => s.ok), pages: summary.map(({ runs: _runs, ...rest }) => rest) };
  } finally {
    await chromium.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await lighthouseBench();
  if (!result.ok) process.exit(1);
}
