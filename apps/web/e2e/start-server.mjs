// Starts the built API (which also serves apps/web/dist) on port 3100 with a fresh SQLite file.
// Run `pnpm --filter @ascenso/web build` and the API build first (the root `pnpm test` does).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const webRoot = resolve(here, '..');
const serverEntry = resolve(webRoot, '../api/dist/main.js');
const dbDir = join(webRoot, 'test-results', 'e2e-db');

if (!existsSync(serverEntry)) {
  console.error(`[e2e] ${serverEntry} not found: build the API first (pnpm build).`);
  process.exit(1);
}

rmSync(dbDir, { recursive: true, force: true });
mkdirSync(dbDir, { recursive: true });

// No NODE_ENV: the demo accounts are seeded into the empty database.
const env = { ...process.env };
delete env.NODE_ENV;
Object.assign(env, {
  PORT: '3100',
  HOST: '127.0.0.1',
  APP_ORIGIN: 'http://localhost:3100',
  DATABASE_PATH: join(dbDir, 'app.db'),
});

const child = spawn(process.execPath, [serverEntry], { cwd: webRoot, env, stdio: 'inherit' });

let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
}

process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
process.on('exit', () => stop('SIGTERM'));
child.on('exit', (code, signal) => {
  stopping = true;
  process.exit(code ?? (signal ? 1 : 0));
});
