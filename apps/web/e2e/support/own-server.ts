// A built API server of a spec's own, for what the shared e2e servers can't show: other settings (no
// transcription server, a settings file). Fresh SQLite file with the demo accounts, 127.0.0.1 on a free port,
// everything in a folder under test-results/ that `stop()` removes, with the process.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@ascenso/test-services/free-port';
import { startApiProcess, stopChild, type ApiProcess } from './api-process';

const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../test-results');

export type OwnServer = {
  /** http://localhost:<port>: the origin the server allows, for the browser. */
  origin: string;
  port: number;
  /** The server's own folder (its database, its log, any file the spec writes for it). */
  dir: string;
  process: ApiProcess;
  stop: () => Promise<void>;
};

export type OwnServerOptions = {
  /** Variables over the defaults below; `undefined` removes one. */
  env?: Record<string, string | undefined>;
  /** Writes files into the server's folder before it starts (e.g. a settings file); gets the folder and the port, may return more variables. */
  prepare?: (dir: string, port: number) => Record<string, string | undefined> | void;
};

/** The variables every e2e server has (as e2e/start-server.mjs), without any model or transcription server. */
function baseEnv(port: number, dir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // No NODE_ENV: the demo accounts are seeded into the empty database.
  delete env.NODE_ENV;
  for (const name of ['OPENAI_API_KEY', 'OPENAI_BASE_URL', 'AI_MODEL', 'TRANSCRIBE_BASE_URL', 'TRANSCRIBE_API_KEY', 'DATABASE_URL', 'REDIS_URL'])
    delete env[name];
  return Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_ORIGIN: `http://localhost:${port}`,
    DATABASE_PATH: join(dir, 'app.db'),
    // No settings file unless a spec asks for one (a contributor's own .env must not change the tests).
    ENV_FILE: '',
    LOG_LEVEL: 'warn',
    AUTH_REGISTER_MAX_PER_ADDRESS: '10000',
    AUTH_LOGIN_MAX_PER_ADDRESS: '10000',
    WS_MAX_CONNECTIONS_PER_MINUTE: '10000',
  });
}

export async function startOwnServer(options: OwnServerOptions = {}): Promise<OwnServer> {
  mkdirSync(resultsDir, { recursive: true });
  const dir = mkdtempSync(join(resultsDir, 'own-server-'));
  const port = await freePort();
  try {
    const prepared = options.prepare?.(dir, port) ?? {};
    const env = baseEnv(port, dir);
    for (const [name, value] of Object.entries({ ...options.env, ...prepared })) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    const started = await startApiProcess('own server', env, join(dir, 'api.log'));
    return {
      origin: `http://localhost:${started.port}`,
      port: started.port,
      dir,
      process: started,
      stop: async () => {
        await stopChild(started.child, started.exited, 'SIGTERM');
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
