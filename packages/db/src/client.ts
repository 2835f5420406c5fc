import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { schema } from './schema';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

export type DbHandle = {
  db: Db;
  sqlite: Database.Database;
  close: () => void;
};

export type CreateDbOptions = {
  /** Path of the SQLite file, or ':memory:'. The folder is created when missing. */
  file: string;
  /** Folder of the drizzle-kit migrations. Defaults to this package's `drizzle/`. */
  migrationsFolder?: string;
  /** `FULL` makes every acknowledged commit survive power loss; `NORMAL` only process crashes. */
  synchronous?: 'NORMAL' | 'FULL';
  busyTimeoutMs?: number;
  /**
   * Checkpoint the WAL from a worker thread (its own connection, PASSIVE, every `intervalMs`) instead
   * of inside whichever commit crosses 1000 pages: a checkpoint syncs the database file, and on the
   * event loop that stalls every request and every streamed answer. File databases only.
   */
  backgroundCheckpoint?: { intervalMs: number };
};

export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The pragmas every connection gets, before anything else runs on it. */
export function applyPragmas(sqlite: Database.Database, options: Pick<CreateDbOptions, 'synchronous' | 'busyTimeoutMs'> = {}) {
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'FULL'}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
}

/** Opens the database, applies the pragmas and the committed migrations. */
export function createDb(options: CreateDbOptions): DbHandle {
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const sqlite = new Database(options.file);
  applyPragmas(sqlite, options);
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER });
  const checkpointer = options.backgroundCheckpoint && options.file !== ':memory:' ? startCheckpointer(sqlite, options.file, options.backgroundCheckpoint.intervalMs) : null;
  return {
    db,
    sqlite,
    close: () => {
      checkpointer?.stop();
      sqlite.close();
    },
  };
}

// CommonJS source for the worker (eval), so the bundled server needs no extra file. The driver is
// passed as an absolute path, resolved here, because an eval'd worker resolves from the working folder.
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or locked: the next tick tries again.
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    db.close();
    parentPort.close();
  }
});
`;

export type Checkpointer = { stop: () => void; worker: Worker };

/** Starts the WAL checkpointer thread; if it fails, the connection goes back to automatic checkpoints. */
function startCheckpointer(sqlite: Database.Database, file: string, intervalMs: number): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  sqlite.pragma('wal_autocheckpoint = 0');
  const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { driver, file, intervalMs } });
  worker.unref();
  const fallBack = () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallBack);
  worker.on('exit', (code) => {
    if (code !== 0) fallBack();
  });
  return {
    worker,
    stop: () => {
      worker.removeAllListeners('exit');
      worker.postMessage('stop');
    },
  };
}

/** A fresh in-memory database with the real migrations, for tests. */
export function createTestDb(): DbHandle {
  return createDb({ file: ':memory:' });
}

/** Reads back the pragmas (startup asserts them; tests check them). */
export function readPragmas(sqlite: Database.Database) {
  return {
    journalMode: String(sqlite.pragma('journal_mode', { simple: true })),
    synchronous: Number(sqlite.pragma('synchronous', { simple: true })),
    foreignKeys: Number(sqlite.pragma('foreign_keys', { simple: true })),
    busyTimeout: Number(sqlite.pragma('busy_timeout', { simple: true })),
  };
}
