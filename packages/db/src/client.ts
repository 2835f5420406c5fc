import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
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
  return { db, sqlite, close: () => sqlite.close() };
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
