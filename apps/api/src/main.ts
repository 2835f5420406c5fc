import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DatabaseInUseError, lockDatabaseFile, type InstanceLock } from '@ascenso/db/instance-lock';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createApp } from './app';
import { createDeps } from './deps';
import { ConfigError, loadConfig } from './env';
import { createDrain } from './http/drain';
import { createHomeRenderer } from './http/home-renderer';
import { listen } from './http/node-server';
import { createLogger, type Logger } from './logger';
import { attachRealtime } from './realtime/realtime-server';
import { seedDemoAccounts } from './seed/demo-accounts';
import { loadSettingsFile } from './settings-file';

// src/main.ts (dev, tsx) and dist/main.js (built) sit at the same depth: apps/api/<dir>/main.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** What `run` returns; an `expected` error (written for whoever runs the server) is printed alone, and the process exits 1. */
function orExit<T>(expected: new (...args: never[]) => Error, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof expected) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  // `.env` (or ENV_FILE) first; variables already in the environment win over it (settings-file.ts).
  const settingsFile = orExit(ConfigError, () => loadSettingsFile(process.env, repoRoot));
  const config = orExit(ConfigError, () => loadConfig(process.env));

  // One server per SQLite file unless the processes share Redis (decision 035): a second one would double
  // every in-memory limit. Taken before anything touches the file; the OS drops it with the process.
  let instanceLock: InstanceLock | undefined;
  if (!config.databaseUrl && !config.redisUrl && config.databasePath !== ':memory:') {
    instanceLock = orExit(DatabaseInUseError, () => lockDatabaseFile(config.databasePath));
  }

  // DATABASE_URL: PostgreSQL, migrated under an advisory lock (instances starting together apply each
  // migration once), then the store (async: it seeds the catalogue). Unset: the SQLite file, as always.
  const logger = createLogger(config.logLevel);
  if (settingsFile) logger.info('settings file read', { file: settingsFile });
  const store = config.databaseUrl ? await openPgStore(config.databaseUrl, config.databasePoolMax, !config.isProduction, logger) : undefined;
  const deps = createDeps(config, { logger, migrationsFolder: resolve(repoRoot, 'packages/db/drizzle'), ...(store ? { store } : {}) });
  // Redis (REDIS_URL): wait a little for it, never fail on it; until it answers, limits and caps hold
  // per instance and events reach this instance's clients only (decision 022).
  if (deps.redis && !(await deps.redis.ready(5_000))) {
    deps.logger.warn('redis not ready after 5 s: starting with per-instance limits until it answers');
  }
  await seedDemoAccounts(deps);

  const webDistDir = config.webDistDir ?? resolve(repoRoot, 'apps/web/dist');
  // The web build's render worker for Home sits next to the client build (apps/web/dist-server).
  const homeRenderer = createHomeRenderer({
    entry: resolve(webDistDir, '../dist-server/home-render-worker.js'),
    origin: config.publicOrigin,
    logger: deps.logger,
  });
  // SIGTERM/SIGINT drain the instance (http/drain.ts): health answers 503, in-flight work finishes within DRAIN_TIMEOUT_MS.
  const drain = createDrain({ budgetMs: config.drainTimeoutMs, idleGraceMs: config.drainIdleGraceMs, logger: deps.logger, owner: deps });
  const app = createApp(deps, { webDistDir, homeRenderer, isDraining: drain.isDraining });
  const server = await listen(app.fetch, { port: config.port, hostname: config.host });
  drain.track(server);
  const { port } = server.address() as AddressInfo;
  deps.logger.info('listening', { url: `http://${config.host}:${port}`, origins: config.allowedOrigins });
  const realtime = attachRealtime(server, deps);
  // The outbox relay (decision 026): every 2 s, publishes events a dead instance committed but never published.
  deps.outbox.start();
  // Ctrl+C (SIGINT) and SIGTERM: drain (http/drain.ts: no new connections or sockets, in-flight requests
  // and coach replies finish within DRAIN_TIMEOUT_MS, tRPC clients reconnect elsewhere), then close the
  // renderer, Redis and the database, and exit 0. With nothing in flight that takes milliseconds. The root
  // `start` script `exec`s node, so no shell in between dies of the SIGINT and pnpm prints no ELIFECYCLE
  // (main.process.test.ts). A second signal stops at once; a stop that hangs is cut at the budget + 2 s (exit 1).
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) {
      deps.logger.warn('second signal: stopping without waiting', { signal, requests: drain.inFlight() });
      try {
        await deps.store.close();
      } finally {
        process.stdout.write('Ascenso se ha detenido.\n');
        process.exit(0);
      }
      return;
    }
    stopping = true;
    deps.logger.info('shutting down', { signal, drainTimeoutMs: config.drainTimeoutMs });
    const hardStopMs = config.drainTimeoutMs + 2_000;
    setTimeout(() => {
      process.stderr.write(`Ascenso no ha podido cerrarse en ${hardStopMs / 1000} s; se fuerza la salida.\n`);
      process.exit(1);
    }, hardStopMs).unref();
    try {
      await drain.run(server, realtime);
      // After the drain (the last completions are published): stop the relay, write the gathered published marks.
      await deps.outbox.stop();
      await homeRenderer?.close();
      await deps.redis?.close();
      await deps.store.close();
      instanceLock?.release();
    } catch (error) {
      process.stderr.write(`Error al cerrar Ascenso: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    }
    process.stdout.write('Ascenso se ha detenido.\n');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The one plain line a person running `pnpm start` looks for (the port actually bound, PORT=0 too). Last:
  // whoever reads it may signal at once, and until the handlers above exist a SIGTERM kills outright.
  process.stdout.write(`${readyLine(config.host, port)}\n`);
}

/** Opens the pool, applies the committed PostgreSQL migrations (advisory lock) and opens the store; the pool closes with it. */
async function openPgStore(url: string, max: number, detectMisuse: boolean, logger: Logger) {
  // Loaded only here: `pnpm start` on SQLite does not load node-postgres at all.
  const { createPgDb, migratePg } = await import('@ascenso/db/pg/client');
  const { createPgStore } = await import('@ascenso/db/pg/pg-store');
  // An idle pooled connection that fails (the server restarted, a proxy dropped it) is replaced by the pool on the
  // next query; the operator still sees it once in the log.
  const handle = createPgDb({ url, max, onIdleError: (error) => logger.warn('postgres: an idle pooled connection failed', { error: error.message }) });
  try {
    await migratePg(handle.db, { migrationsFolder: resolve(repoRoot, 'packages/db/drizzle-pg') });
    return await createPgStore(handle, { catalogue: { definitions: ACTIVITY_CATALOGUE, now: new Date() }, detectMisuse });
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** "Ascenso está listo: http://localhost:3000": loopback and wildcard hosts read as localhost. */
function readyLine(host: string, port: number): string {
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::', ''].includes(host);
  const shown = loopback ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `Ascenso está listo: http://${shown}:${port}`;
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
