// The e2e run's ports, chosen free once per run so that two checkouts (or two runs) can test side by side.
// playwright.config.ts reads them when Playwright loads it: the first load (the runner) picks the free ports on
// 127.0.0.1 and writes them to E2E_PORTS, which its workers inherit, so every later load (each worker loads the
// config again) reads the same ones; the web servers get theirs in their own variables (playwright.config.ts).
//
// Every worker slot has servers of its own (decision 033): slot i (Playwright's TEST_PARALLEL_INDEX, 0 in the
// runner) owns the five ports "app,security,fakeModel,appClock,securityClock" at positions 5i…5i+4, so two
// workers never share a database, a test clock or a scripted fake model. Set E2E_PORTS yourself to pin them.
import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const NAMES = ['app', 'security', 'fakeModel', 'appClock', 'securityClock'] as const;
export type E2EPorts = Record<(typeof NAMES)[number], number>;

/**
 * How many workers (and server slots) the run has: E2E_WORKERS, else one per two cores. A worker keeps about
 * 1.5 cores busy (the browser, its servers and axe): on our 2-core machines a second one saturated the CPU,
 * gained 18 % and made five timed waits fail (decision 033), so the gate runs one.
 */
export function e2eWorkers(): number {
  const requested = Number(process.env.E2E_WORKERS);
  if (process.env.E2E_WORKERS !== undefined && (!Number.isInteger(requested) || requested < 1 || requested > 8)) {
    throw new Error(`[e2e] E2E_WORKERS must be a whole number from 1 to 8, not «${process.env.E2E_WORKERS}»`);
  }
  return process.env.E2E_WORKERS !== undefined ? requested : Math.max(1, Math.floor(availableParallelism() / 2));
}

/** `count` distinct free ports, bound together on 127.0.0.1 (port 0) and released, in a child process: synchronous. */
function pickFreePorts(count: number): string {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok, ko) => { s.once('error', ko); s.listen(0, '127.0.0.1', ok); })))
      .then(() => {
        process.stdout.write(servers.map((s) => s.address().port).join(','));
        servers.forEach((s) => s.close());
      });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

/** Every slot's ports (see above): one entry per worker. */
export function e2eSlots(): E2EPorts[] {
  const slots = e2eWorkers();
  process.env.E2E_PORTS ||= pickFreePorts(NAMES.length * slots);
  const values = process.env.E2E_PORTS.split(',').map(Number);
  if (values.length !== NAMES.length * slots || values.some((p) => !Number.isInteger(p) || p <= 0 || p > 65_535)) {
    throw new Error(`[e2e] E2E_PORTS must be ${slots} × ${NAMES.length} ports ("${NAMES.join(',')}" per worker), not «${process.env.E2E_PORTS}»`);
  }
  return Array.from({ length: slots }, (_, slot) => Object.fromEntries(NAMES.map((name, i) => [name, values[slot * NAMES.length + i]])) as E2EPorts);
}

/** This process's slot: the worker's (TEST_PARALLEL_INDEX), or the first one in the runner. */
export function e2eSlot(): number {
  const index = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
  return Number.isInteger(index) && index >= 0 ? index : 0;
}

/** This process's ports: its worker's slot (see above). */
export function e2ePorts(): E2EPorts {
  const slots = e2eSlots();
  const slot = e2eSlot();
  const ports = slots[slot];
  if (!ports) throw new Error(`[e2e] worker slot ${slot} has no servers: the run has ${slots.length} (E2E_WORKERS)`);
  return ports;
}
