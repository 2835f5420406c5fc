// The e2e run's ports, chosen free once per run so that two checkouts (or two runs) can test side by side.
// playwright.config.ts reads them when Playwright loads it: the first load (the runner) picks five free ports on
// 127.0.0.1 and writes them to E2E_PORTS, which its workers inherit, so every later load (each worker loads the
// config again) reads the same five; the web servers get theirs in their own variables (playwright.config.ts).
// Set E2E_PORTS ("app,security,fakeModel,appClock,securityClock") yourself to pin them.
import { execFileSync } from 'node:child_process';

const NAMES = ['app', 'security', 'fakeModel', 'appClock', 'securityClock'] as const;
export type E2EPorts = Record<(typeof NAMES)[number], number>;

/** Distinct free ports, bound together on 127.0.0.1 (port 0) and released, in a child process: synchronous. */
function pickFreePorts(): string {
  const script = `
    const net = require('node:net');
    const servers = Array.from({ length: ${NAMES.length} }, () => net.createServer());
    Promise.all(servers.map((s) => new Promise((ok, ko) => { s.once('error', ko); s.listen(0, '127.0.0.1', ok); })))
      .then(() => {
        process.stdout.write(servers.map((s) => s.address().port).join(','));
        servers.forEach((s) => s.close());
      });`;
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

/** The run's ports (see above). */
export function e2ePorts(): E2EPorts {
  process.env.E2E_PORTS ||= pickFreePorts();
  const values = process.env.E2E_PORTS.split(',').map(Number);
  if (values.length !== NAMES.length || values.some((p) => !Number.isInteger(p) || p <= 0 || p > 65_535)) {
    throw new Error(`[e2e] E2E_PORTS must be ${NAMES.length} ports "${NAMES.join(',')}", not «${process.env.E2E_PORTS}»`);
  }
  return Object.fromEntries(NAMES.map((name, i) => [name, values[i]])) as E2EPorts;
}
