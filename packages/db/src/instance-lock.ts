import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * One server process per SQLite file unless the processes share Redis (docs/decisions/035-one-process-per-sqlite-file.md).
 *
 * Without REDIS_URL each process keeps its limits, connection counters and live events in its own memory,
 * so a second `pnpm start` on the same file would double every in-memory limit and miss the other's
 * events. The server therefore holds an exclusive lock on a small SQLite file beside the database
 * (`<file>.lock`) for as long as it runs: `BEGIN EXCLUSIVE`, never committed. SQLite's locks are the
 * operating system's, so they go with the process however it ends (kill -9 included): nothing stale is
 * left to clean up, and the next start takes the lock at once. Only the server takes it; scripts and
 * tests that open the database itself (backups, `db:copy`, checks) are not affected.
 */
export type InstanceLock = {
  /** The lock file. */
  path: string;
  /** Gives the lock back (idempotent); the process exiting does the same. */
  release(): void;
};

export class DatabaseInUseError extends Error {
  constructor(readonly databasePath: string) {
    super(
      `Otro proceso de Ascenso ya está usando la base de datos ${databasePath}. ` +
        'Sin REDIS_URL, cada proceso guarda los límites y los avisos en tiempo real en su propia memoria, así que solo uno puede usar el archivo. ' +
        'Detén el otro proceso, usa otro DATABASE_PATH, o define REDIS_URL (e INSTANCES) para varias instancias sobre la misma base de datos.',
    );
    this.name = 'DatabaseInUseError';
  }
}

/** Takes the lock of `databasePath` or throws DatabaseInUseError when another server holds it. */
export function lockDatabaseFile(databasePath: string): InstanceLock {
  const path = `${databasePath}.lock`;
  mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path, { timeout: 0 });
  try {
    // A rollback journal (the default) and no WAL: an EXCLUSIVE lock then keeps every other connection out.
    db.pragma('journal_mode = DELETE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (error instanceof Error && 'code' in error && (error.code === 'SQLITE_BUSY' || error.code === 'SQLITE_LOCKED')) {
      throw new DatabaseInUseError(databasePath);
    }
    throw error;
  }
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}
