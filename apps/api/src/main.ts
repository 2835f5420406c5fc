import type { AddressInfo } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from './app';
import { createDeps } from './deps';
import { ConfigError, loadConfig } from './env';
import { createHomeRenderer } from './http/home-renderer';
import { listen } from './http/node-server';
import { attachRealtime } from './realtime/realtime-server';
import { seedDemoAccounts } from './seed/demo-accounts';

// src/main.ts (dev, tsx) and dist/main.js (built) sit at the same depth: apps/api/<dir>/main.
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

async function main() {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }

  const deps = createDeps(config, { migrationsFolder: resolve(repoRoot, 'packages/db/drizzle') });
  await seedDemoAccounts(deps);

  const webDistDir = config.webDistDir ?? resolve(repoRoot, 'apps/web/dist');
  // The web build's server entry sits next to the client build (apps/web/dist-server).
  const homeRenderer = createHomeRenderer({
    entry: resolve(webDistDir, '../dist-server/member-home.js'),
    origin: config.allowedOrigins[0] ?? `http://${config.host}:${config.port}`,
    logger: deps.logger,
  });
  const app = createApp(deps, { webDistDir, homeRenderer });
  const server = await listen(app.fetch, { port: config.port, hostname: config.host });
  const { port } = server.address() as AddressInfo;
  deps.logger.info('listening', { url: `http://${config.host}:${port}`, origins: config.allowedOrigins });
  const realtime = attachRealtime(server, deps);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    deps.logger.info('shutting down', { signal });
    realtime.broadcastReconnectNotification();
    await realtime.close();
    await homeRenderer?.close();
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    deps.dbHandle.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
