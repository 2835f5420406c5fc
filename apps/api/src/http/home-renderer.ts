import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BootstrapState, HomeRenderReply, HomeRenderRequest, RenderedPage } from '@ascenso/domain/bootstrap';
import type { Logger } from '../logger';

/** Renders a signed-in member's Home (markup and styles) from the page's bootstrap state; undefined: send none. */
export type HomeRenderer = {
  render(state: BootstrapState): Promise<RenderedPage | undefined>;
  close(): Promise<void>;
};

export type HomeRendererOptions = {
  /** The web build's render worker: apps/web/dist-server/home-render-worker.js (src/prerender/home-render-worker.ts). */
  entry: string;
  /** APP_ORIGIN's first entry: the plan's same-site links become in-app links. */
  origin: string;
  logger: Logger;
  /** A render that takes longer is given up: the page goes without markup (the browser renders it). */
  timeoutMs?: number;
  /** The same for a render that also waits for the worker to start and load the build's entry. */
  startupTimeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 1500;
const DEFAULT_STARTUP_TIMEOUT_MS = 5000;

/**
 * Home rendered on the server, in a worker thread: React and Chakra's render (15–30 ms) never blocks
 * the event loop that answers the API and pushes realtime events, and runs React's production build
 * whatever NODE_ENV the server has (the worker gets NODE_ENV=production). The worker starts with the
 * first render (loading the build's entry takes a few hundred milliseconds of CPU, which a server that
 * never sends Home, or not yet, does not pay), and again after a crash; a render that fails or is late
 * yields undefined and is logged. Undefined when the web build has no render worker (API tests, the
 * Vite dev server).
 */
export function createHomeRenderer(options: HomeRendererOptions): HomeRenderer | undefined {
  if (!existsSync(options.entry)) return undefined;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const startupTimeoutMs = options.startupTimeoutMs ?? DEFAULT_STARTUP_TIMEOUT_MS;
  /** Whether the current worker has answered once (its entry is loaded). */
  let warm = false;
  const pending = new Map<number, (page: RenderedPage | undefined) => void>();
  let nextId = 1;
  let closed = false;

  function settleAll(): void {
    for (const resolve of pending.values()) resolve(undefined);
    pending.clear();
  }

  function start(): Worker {
    const started = new Worker(pathToFileURL(options.entry), {
      workerData: { origin: options.origin },
      // Its own environment: React's production build, and none of the server's secrets; none of the
      // server's Node flags either (`--import` hooks, profilers).
      env: { NODE_ENV: 'production' },
      execArgv: [],
    });
    started.on('message', (reply: HomeRenderReply) => {
      if (worker === started) warm = true;
      const resolve = pending.get(reply.id);
      if (!resolve) return;
      pending.delete(reply.id);
      const page = reply.page;
      const valid = typeof page?.head === 'string' && typeof page.root === 'string';
      if (!valid) options.logger.warn('home render failed', { error: reply.error ?? 'no { head, root } in the reply' });
      resolve(valid ? page : undefined);
    });
    started.on('error', (error) => options.logger.error('home renderer crashed', { error: error.message }));
    started.on('exit', () => {
      if (worker === started) {
        worker = undefined;
        warm = false;
      }
      settleAll();
    });
    // The server may exit while the worker idles.
    started.unref();
    return started;
  }

  let worker: Worker | undefined;

  return {
    render(state) {
      if (closed) return Promise.resolve(undefined);
      worker ??= start();
      const id = nextId++;
      const current = worker;
      const limit = warm ? timeoutMs : startupTimeoutMs;
      return new Promise<RenderedPage | undefined>((resolve) => {
        const timer = setTimeout(() => {
          if (!pending.delete(id)) return;
          options.logger.warn('home render timed out', { timeoutMs: limit });
          resolve(undefined);
        }, limit);
        pending.set(id, (page) => {
          clearTimeout(timer);
          resolve(page);
        });
        current.postMessage({ id, state } satisfies HomeRenderRequest);
      });
    },
    async close() {
      closed = true;
      const current = worker;
      worker = undefined;
      settleAll();
      if (current) await current.terminate();
    },
  };
}
