import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema as pgSchema } from './schema';

export type PgDb = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

export type PgDbHandle = {
  db: PgDb;
  pool: pg.Pool;
  /** Ends the pool (waits for checked-out clients to be released). */
  close: () => Promise<void>;
};

export type CreatePgDbOptions = {
  /** `postgres://user:password@host:port/database` */
  url: string;
  /** Connections in the pool (node-postgres default: 10). */
  max?: number;
  /**
   * An idle pooled connection failed (the server restarted, a proxy dropped it). node-postgres removes it
   * from the pool; without a listener the error would crash the process. Defaults to ignoring it: the next
   * query opens a new connection, and a failing query still rejects.
   */
  onIdleError?: (error: Error) => void;
};

/** The committed PostgreSQL migrations (`pnpm db:generate` writes both dialects'), beside the SQLite ones in `drizzle/`. */
export const DEFAULT_PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle-pg', import.meta.url));

/**
 * The advisory lock key every Ascenso migrator takes (`pg_advisory_lock(bigint)`), fixed so that any two
 * instances agree: 0x41534345, "ASCE" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x41534345;

/** A pool on `url` and drizzle on top of it, with the PostgreSQL schema (`pgSchema`). No migrations: see `migratePg`. */
export function createPgDb(options: CreatePgDbOptions): PgDbHandle {
  // Connections stay open (idleTimeoutMillis 0; the default closes one idle for 10 s, so backends were forked and statements
  // prepared again under uneven load, and each query set and cleared a timer: decision 039's addendum on bench (g)).
  const pool = new pg.Pool({ connectionString: options.url, idleTimeoutMillis: 0, ...(options.max !== undefined ? { max: options.max } : {}) });
  pool.on('error', options.onIdleError ?? (() => {}));
  const db = drizzle({ client: pool, schema: pgSchema });
  let closing: Promise<void> | null = null;
  return { db, pool, close: () => (closing ??= pool.end()) };
}

export type MigratePgOptions = {
  /** Folder of the drizzle-kit migrations. Defaults to this package's `drizzle-pg/`. */
  migrationsFolder?: string;
};

/**
 * Applies the committed migrations with drizzle's public `migrate`, holding `pg_advisory_lock(MIGRATION_LOCK_KEY)`
 * on one dedicated connection for the whole run, so instances starting together apply each migration once:
 * the first one migrates, the others wait on the lock, then find nothing left to do. The migrations run on
 * that same connection (a pool of one cannot deadlock), and the lock is released in `finally` (a dropped
 * connection releases it too: advisory locks belong to the session).
 */
export async function migratePg(target: PgDb | pg.Pool, options: MigratePgOptions = {}): Promise<void> {
  const pool = target instanceof pg.Pool ? target : target.$client;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migrate(drizzle({ client, schema: pgSchema }), { migrationsFolder: options.migrationsFolder ?? DEFAULT_PG_MIGRATIONS_FOLDER });
    } finally {
      try {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      } catch (error) {
        // The connection is unusable: destroy it rather than return it to the pool (that also frees the lock).
        broken = error as Error;
      }
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
