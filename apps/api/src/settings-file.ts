import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from './config-error';

/**
 * The settings file read at start-up, before the environment is validated (env.ts): `.env` at the repository
 * root, so that `cp .env.example .env` works as the README says, or the file ENV_FILE names (relative to the
 * working folder); `ENV_FILE=` (empty) reads none. Node's own `process.loadEnvFile` parses it, and a variable
 * already in the environment wins over the file's. A missing default file is no error; a missing named one is.
 * Returns the file read, or null.
 */
export function loadSettingsFile(env: NodeJS.ProcessEnv, repoRoot: string): string | null {
  const named = env.ENV_FILE;
  if (named === '') return null;
  const file = named === undefined ? resolve(repoRoot, '.env') : resolve(named);
  if (!existsSync(file)) {
    if (named === undefined) return null;
    throw new ConfigError(`ENV_FILE: no se encuentra el archivo de configuración «${file}»`);
  }
  try {
    process.loadEnvFile(file);
  } catch (error) {
    throw new ConfigError(`ENV_FILE: no se puede leer «${file}»: ${error instanceof Error ? error.message : String(error)}`);
  }
  return file;
}
