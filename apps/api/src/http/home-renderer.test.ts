import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BootstrapState } from '@ascenso/domain/bootstrap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createHomeRenderer, type HomeRenderer } from './home-renderer';

/** An empty bootstrap state (the stand-ins ignore it). */
const EMPTY: BootstrapState = { v: 1, queries: [] };

let dir: string;
const logger = createLogger('silent');

/**
 * A stand-in for the web build's render worker (apps/web/src/prerender/home-render-worker.ts): a module
 * that answers each request with what `renderMemberHome` (given in `body`) gives.
 */
function entry(name: string, body: string): string {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(
    file,
    `import { parentPort, workerData } from 'node:worker_threads';
     ${body}
     parentPort.on('message', async ({ id, state }) => {
       try {
         parentPort.postMessage({ id, page: await renderMemberHome(state, { origin: workerData.origin }) });
       } catch (error) {
         parentPort.postMessage({ id, error: error.message });
       }
     });`,
  );
  return file;
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-home-renderer-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function using(renderer: HomeRenderer | undefined, run: (r: HomeRenderer) => Promise<void>) {
  if (!renderer) throw new Error('no renderer');
  try {
    await run(renderer);
  } finally {
    await renderer.close();
  }
}

describe('createHomeRenderer', () => {
  it('is undefined without a render worker in the build (API tests, the Vite dev server)', () => {
    expect(createHomeRenderer({ entry: join(dir, 'missing.mjs'), origin: 'http://localhost:3000', logger })).toBeUndefined();
  });

  it('renders in a worker thread started from the module file (no eval), with the state and the origin, under React’s production build', async () => {
    const file = entry(
      'echo',
      `export async function renderMemberHome(state, options) {
         return { head: '<style>h{}</style>', root: JSON.stringify({ state, origin: options.origin, env: process.env.NODE_ENV, main: (await import('node:worker_threads')).isMainThread, execArgv: process.execArgv }) };
       }`,
    );
    await using(createHomeRenderer({ entry: file, origin: 'http://localhost:3000', logger }), async (renderer) => {
      const [first, second] = await Promise.all([renderer.render({ v: 1, queries: [{ path: 'auth.me', data: 1 }] }), renderer.render({ v: 1, queries: [] })]);
      expect(first?.head).toBe('<style>h{}</style>');
      expect(JSON.parse(first!.root)).toEqual({
        state: { v: 1, queries: [{ path: 'auth.me', data: 1 }] },
        origin: 'http://localhost:3000',
        env: 'production',
        main: false,
        execArgv: [],
      });
      expect(JSON.parse(second!.root).state).toEqual({ v: 1, queries: [] });
    });
  });

  it('starts the worker with the first render, not before (a server that sends no Home never loads React)', async () => {
    const marker = join(dir, 'loaded.txt');
    const file = entry(
      'marks',
      `import { writeFileSync } from 'node:fs';
       writeFileSync(${JSON.stringify(marker)}, 'cargado');
       export async function renderMemberHome() { return { head: '', root: '<main>Hola</main>' }; }`,
    );
    await using(createHomeRenderer({ entry: file, origin: 'http://localhost:3000', logger }), async (renderer) => {
      await new Promise((done) => setTimeout(done, 300));
      expect(existsSync(marker)).toBe(false);
      expect(await renderer.render(EMPTY)).toEqual({ head: '', root: '<main>Hola</main>' });
      expect(existsSync(marker)).toBe(true);
    });
  });

  it('a render that throws, or gives something else than { head, root }, yields undefined, and the next one works', async () => {
    const file = entry(
      'flaky',
      `let calls = 0;
       export async function renderMemberHome() {
         calls += 1;
         if (calls === 1) throw new Error('boom');
         if (calls === 2) return '<main>solo markup</main>';
         return { head: '', root: '<main>ok</main>' };
       }`,
    );
    await using(createHomeRenderer({ entry: file, origin: 'http://localhost:3000', logger }), async (renderer) => {
      expect(await renderer.render(EMPTY)).toBeUndefined();
      expect(await renderer.render(EMPTY)).toBeUndefined();
      expect(await renderer.render(EMPTY)).toEqual({ head: '', root: '<main>ok</main>' });
    });
  });

  it('a late render is given up after the timeout', async () => {
    const file = entry('slow', `export function renderMemberHome() { return new Promise(() => {}); }`);
    await using(
      createHomeRenderer({
        entry: file,
        origin: 'http://localhost:3000',
        logger,
        timeoutMs: 200,
        startupTimeoutMs: 300,
      }),
      async (renderer) => {
        const started = Date.now();
        expect(await renderer.render(EMPTY)).toBeUndefined();
        expect(Date.now() - started).toBeLessThan(2000);
      },
    );
  });

  it('a worker that dies is replaced on the next render; after close nothing renders', async () => {
    const file = entry('dies', `export async function renderMemberHome(state) { if (state.exit) process.exit(3); return { head: '', root: 'vivo' }; }`);
    const renderer = createHomeRenderer({ entry: file, origin: 'http://localhost:3000', logger });
    await using(renderer, async (r) => {
      expect(await r.render({ ...EMPTY, exit: true } as BootstrapState)).toBeUndefined();
      expect((await r.render(EMPTY))?.root).toBe('vivo');
      await r.close();
      expect(await r.render(EMPTY)).toBeUndefined();
    });
  });
});
