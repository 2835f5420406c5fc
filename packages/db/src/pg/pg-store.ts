import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { ActivityDefinition } from '@ascenso/domain/activities';
import { DomainError } from '@ascenso/domain/errors';
import { StoreMisuseError, type Repositories, type Store, type TransactionOptions } from '../store';
import type { PgDbHandle } from './client';
import { createRepositories } from './repositories/all';
import { transaction as onConnection, type Exec as PgExec } from './repositories/kit';

export type PgStoreOptions = {
  /** Catalogue entries to add when missing, as the store opens (existing, possibly edited rows stay). */
  catalogue?: { definitions: readonly ActivityDefinition[]; now: Date };
  /**
   * Throw StoreMisuseError when a root repository or a nested transaction is used inside a transaction's
   * callback (AsyncLocalStorage, as the SQLite store). On PostgreSQL that mistake does not deadlock at once
   * (it takes another pooled connection) but its statements escape the transaction, and under load it can
   * exhaust the pool; the composition root turns the check on outside production.
   */
  detectMisuse?: boolean;
};

type AnyMethod = (...args: never[]) => Promise<unknown>;

/**
 * PostgreSQL refuses values SQLite stores: a NUL character in text (22021) or in JSON (22P05), an integer
 * beyond 32 bits in an `integer` column (22003). They come from the request, so they are the client's
 * error (400 with a Spanish message, through the API's DomainError mapping), never a 500. The statement
 * and its transaction are rolled back: nothing is half written.
 */
const UNSTORABLE_INPUT = new Set(['22021', '22P05', '22003']);

/**
 * The connection went away under the statement: the server restarted or is shutting down (57P01–57P03), a
 * connection exception (class 08), the socket closed or never opened (node-postgres's "Connection terminated…",
 * ECONNRESET/ECONNREFUSED…), or the pool could not connect in time. The pool replaces the connection, so the
 * next request works: the client is told to retry (503 BUSY, Retry-After: 1), not that the server broke (500).
 */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', 'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const CONNECTION_LOST_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect)/;

function connectionLost(code: unknown, message: unknown): boolean {
  if (typeof code === 'string' && (CONNECTION_LOST_CODES.has(code) || code.startsWith('08'))) return true;
  return typeof message === 'string' && CONNECTION_LOST_MESSAGE.test(message);
}

function translated(error: unknown): unknown {
  const cause = typeof error === 'object' && error !== null ? ((error as { cause?: { code?: unknown } }).cause ?? error) : undefined;
  const { code, message } = (cause ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && UNSTORABLE_INPUT.has(code)) {
    return new DomainError('VALIDATION', 'La petición contiene un carácter o un número que no se puede guardar (por ejemplo, un carácter nulo).');
  }
  if (connectionLost(code, message)) {
    return new DomainError('BUSY', 'La base de datos no responde en este momento. Inténtalo de nuevo en unos segundos.', { retryAfterSeconds: 1 });
  }
  return error;
}

/** Wraps every method of every repository: `guard` runs before the statement; database errors from bad input are translated. */
function guarded(repos: Repositories, guard: (name: string) => Error | undefined): Repositories {
  const out: Record<string, Record<string, AnyMethod>> = {};
  for (const [repoName, repo] of Object.entries(repos) as Array<[string, Record<string, AnyMethod>]>) {
    const wrapped: Record<string, AnyMethod> = {};
    for (const [methodName, method] of Object.entries(repo)) {
      wrapped[methodName] = (...args) => {
        const refusal = guard(`${repoName}.${methodName}`);
        return refusal ? Promise.reject(refusal) : method(...args).catch((error: unknown) => Promise.reject(translated(error) as Error));
      };
    }
    out[repoName] = wrapped;
  }
  return out as unknown as Repositories;
}

/**
 * The Store on PostgreSQL (node-postgres pool, drizzle's node-postgres driver; decision 025). Root
 * repositories run each statement on a pooled connection; `transaction` checks one connection out for
 * the callback (the kit's `transaction`: BEGIN with its locks and settings in one round trip):
 * - READ COMMITTED, the default: the limits are unique indexes and conditional writes (decision 023);
 * - `serializeOn: 'user:<id>'` → `pg_advisory_xact_lock(hashtext(key))` first: one user's award and quota
 *   transactions run one after another, across instances, different users never wait for each other;
 * - `mode: 'deferred'` (read-only work that wants one consistent view) → `REPEATABLE READ, READ ONLY`: one
 *   snapshot for the whole transaction, as SQLite's deferred read transaction gives;
 * - `durability: 'turn'` → `SET LOCAL synchronous_commit = off`: the commit does not wait for the WAL flush.
 *   A server crash may lose the last few hundred milliseconds of conversation turns, never corrupt anything:
 *   the same trade-off as SQLite's synchronous=NORMAL (decision 010).
 * Methods atomic on their own (`authFailures.reserve`, `listens.beginListen`, `listens.startPractice`) run in
 * their own transaction, a savepoint when called on a `tx`.
 */
export async function createPgStore(handle: PgDbHandle, options: PgStoreOptions = {}): Promise<Store> {
  const { db } = handle;
  const context = options.detectMisuse ? new AsyncLocalStorage<object>() : undefined;
  const misuse = (what: string) =>
    new StoreMisuseError(
      `${what} inside a transaction's callback would run outside that transaction: use the callback's \`tx\` repositories (transactions do not nest).`,
    );

  const plain = createRepositories(db);
  const repos = guarded(plain, (name) => (context?.getStore() ? misuse(`store.repos.${name}()`) : undefined));
  if (options.catalogue) await plain.steps.seedCatalogue(options.catalogue.definitions, options.catalogue.now);
  // A transaction's repositories, made once per pooled connection (their statements are prepared once there).
  const onConnections = new WeakMap<PgExec, Repositories>();

  async function transaction<T>(fn: (tx: Repositories) => Promise<T>, txOptions: TransactionOptions = {}): Promise<T> {
    if (context?.getStore()) throw misuse('store.transaction()');
    const begin = txOptions.mode === 'deferred' ? 'begin isolation level repeatable read, read only' : 'begin isolation level read committed';
    const locks = txOptions.serializeOn === undefined ? [] : [txOptions.serializeOn];
    // The connection can go while BEGIN, COMMIT or the advisory lock runs too (not only inside a repository method).
    return onConnection(db, txOptions.durability === 'turn' ? `${begin}; set local synchronous_commit = off` : begin, locks, async (tx) => {
      let open = true;
      try {
        let txRepos = onConnections.get(tx);
        if (!txRepos) onConnections.set(tx, (txRepos = createRepositories(tx)));
        // A leaked `tx` must not run on a connection that is back in the pool (someone else's by then).
        const guardedRepos = guarded(txRepos, (name) => (open ? undefined : new StoreMisuseError(`tx.${name}() called after its transaction ended`)));
        return await (context ? context.run({}, () => fn(guardedRepos)) : fn(guardedRepos));
      } finally {
        open = false;
      }
    }).catch((error: unknown) => Promise.reject(translated(error) as Error));
  }

  return {
    repos,
    transaction,
    dialect: 'postgres',
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: () => handle.close(),
  };
}
