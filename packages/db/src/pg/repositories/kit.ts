/**
 * The PostgreSQL query kit (decision 039): the export names of `src/repositories/kit.ts`, asynchronous.
 * The repositories in this folder marked `@generated` are the SQLite ones copied by `scripts/gen-pg.ts`,
 * which awaits every `rows`, `first`, `changes`, `run`, `atomic` and `cachedRows`.
 */
import { and, eq, Param, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { schema as pgSchema } from '../schema';

/**
 * What a repository runs its statements on: the pool's drizzle database (root repositories), or the drizzle
 * database of the pooled connection a transaction holds (`tx`: a Store callback's or `atomic`'s). Both have
 * the same query builders.
 */
export type Exec = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool | pg.PoolClient };

type Values = Record<string, unknown>;

/**
 * A named prepared statement, prepared on first use per executor. A drizzle prepared statement is bound to
 * the session that built it: one prepared on the pool and run inside a transaction would run outside it,
 * so each executor (the pool, each `tx`) gets its own. On the pool, node-postgres parses a name once per
 * connection; names must be unique (the generator checks), and a transaction-mode pooler would need
 * session pooling or `max_prepared_statements`.
 */
export function statement<Q extends { prepare(name: string): unknown }>(_db: Exec, name: string, build: (x: Exec) => Q): (x: Exec) => ReturnType<Q['prepare']> {
  const memo = new WeakMap<Exec, ReturnType<Q['prepare']>>();
  return (x) => {
    let prepared = memo.get(x);
    if (prepared === undefined) {
      prepared = build(x).prepare(name) as ReturnType<Q['prepare']>;
      memo.set(x, prepared);
    }
    return prepared;
  };
}

/** Every row a query (or a prepared statement) returns. */
export function rows<Q extends { execute(values?: Values): Promise<unknown> }>(query: Q, values?: Values): ReturnType<Q['execute']> {
  return query.execute(values) as ReturnType<Q['execute']>;
}

/** The first row a query returns, if any. */
export async function first<Q extends { execute(values?: Values): Promise<readonly unknown[]> }>(
  query: Q,
  values?: Values,
): Promise<Awaited<ReturnType<Q['execute']>>[number] | undefined> {
  return (await query.execute(values))[0];
}

/** Runs an INSERT/UPDATE/DELETE; how many rows it changed (node-postgres `rowCount`). */
export async function changes(query: { execute(values?: Values): Promise<{ rowCount: number | null }> }, values?: Values): Promise<number> {
  return (await query.execute(values)).rowCount ?? 0;
}

/** Runs a statement for its effect. */
export async function run(query: { execute(values?: Values): Promise<unknown> }, values?: Values): Promise<void> {
  await query.execute(values);
}

/**
 * Runs `fn` in one transaction (a savepoint inside a Store transaction) that first takes a
 * transaction-scoped advisory lock per key of `locks`, in a fixed order so that two callers never
 * deadlock: concurrent calls on the same key, from any instance, run one after another. `fn` must use
 * `tx`, never the outer executor (its statements would escape the transaction; the generator refuses it).
 */
export function atomic<T>(db: Exec, locks: readonly string[], fn: (tx: Exec) => Promise<T>): Promise<T> {
  return transaction(db, 'begin', locks, fn);
}

// --- transactions (decision 039's addendum on bench (g): one drizzle database per pooled connection) ---

const executors = new WeakMap<pg.PoolClient, Exec>();
const onConnection = new WeakSet<Exec>();

/**
 * Runs `fn` in a transaction on one pooled connection (`begin` opens it), or in a savepoint when `db` is already a
 * transaction's. `fn` gets the drizzle database of that connection, made once per connection, so the `statement`s
 * prepared on it serve every later transaction there (drizzle's `transaction` hands out a new executor each time,
 * and each transaction prepared its statements again). The opening and the advisory locks (keys de-duplicated,
 * sorted, escaped by node-postgres) go in one round trip.
 */
export async function transaction<T>(db: Exec, begin: string, locks: readonly string[], fn: (tx: Exec) => Promise<T>): Promise<T> {
  const nested = onConnection.has(db);
  const client = nested ? (db.$client as pg.PoolClient) : await (db.$client as pg.Pool).connect();
  let tx = executors.get(client);
  if (!tx) executors.set(client, (tx = drizzle({ client, schema: pgSchema })));
  onConnection.add(tx);
  const take = [...new Set(locks)].sort().map((key) => `; select pg_advisory_xact_lock(hashtext(${client.escapeLiteral(key)}))`);
  const [done, undo] = nested ? ['release savepoint atomic', 'rollback to savepoint atomic'] : ['commit', 'rollback'];
  let broken: Error | undefined;
  // A checked-out client has no listener of the pool's: a connection the database drops while it is out (a restart,
  // pg_terminate_backend) emits 'error' on it, which would crash the process. The failed query rejects anyway;
  // the connection is destroyed rather than returned (decision 039: with fewer statements through pool.query,
  // whose listener used to meet such connections first, a transaction can be the first to meet one).
  const onDropped = (error: Error) => (broken ??= error);
  if (!nested) client.on('error', onDropped);
  try {
    let result: T;
    try {
      await client.query((nested ? 'savepoint atomic' : begin) + take.join(''));
      result = await fn(tx);
    } catch (error) {
      await client.query(undo).catch((failed: Error) => (broken = failed));
      throw error;
    }
    await client.query(done).catch((failed: Error) => Promise.reject((broken = failed)));
    return result;
  } finally {
    if (!nested) {
      client.off('error', onDropped);
      client.release(broken);
    }
  }
}

/** A placeholder that goes through `column`'s encoder (a Date becomes an ISO timestamp). See the SQLite kit. */
export function param(column: Column, name: string): Param {
  return new Param(sql.placeholder(name), column);
}

/** A JSON value for a `sql`-wrapped placeholder: SQL NULL stays NULL (not the JSON text `null`). */
export function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The larger of two values. */
export function greatest(a: SQLWrapper | Column, b: unknown): SQL {
  return sql`greatest(${a}, ${b})`;
}

/** `FOR UPDATE SKIP LOCKED`: another instance's concurrent statement skips these rows instead of waiting. */
export function skipLocked<Q extends { for(strength: 'update', config: { skipLocked: true }): unknown }>(query: Q): Q {
  return query.for('update', { skipLocked: true }) as Q;
}

/** `where id = :id and user_id = :userId`: a member's own row, and nobody else's. */
export function ownRow(table: PgTable & { id: PgColumn; userId: PgColumn }, userId: string, id: string): SQL | undefined {
  return and(eq(table.id, id), eq(table.userId, userId));
}

// --- cachedRows (decision 039, step 9: the steps repository's catalogue) ---

/**
 * A value that changes whenever `table`'s rows change: its row count and the newest row version's transaction id
 * (an insert or an update writes a row version with a newer `xmin`; a delete alone lowers the count). Read in the
 * same statement as other figures (the stats answer's), it tells `cachedRows` whether its copy is still the table,
 * from any instance's writes, without a round trip of its own (decision 039's addendum on bench (g)'s CPU).
 */
export function tableStamp(table: PgTable): SQL<string> {
  return sql<string>`(select count(*) || ':' || coalesce(max(xmin::text::bigint), 0) from ${table})`;
}

const cachedCopies = new WeakMap<object, { stamp: string; rows: readonly unknown[] }>();

/**
 * Every row of a small, rarely written table that hot paths read, frozen (as SQLite's shared copy is). Without
 * `stamp` it is read each time: several instances may write the table, and there is no process-local change
 * stamp to follow. With `stamp` (a `tableStamp` of the table, read by the caller in the same statement as its
 * other figures, so in the same snapshot) the last copy read with that stamp is handed out, one per prepared
 * statement (so per executor), and the table is read again when the stamp differs.
 */
export async function cachedRows<Q extends { execute(): Promise<readonly unknown[]> }>(
  _db: Exec,
  query: Q,
  stamp?: string | null,
): Promise<Readonly<Awaited<ReturnType<Q['execute']>>>> {
  const kept = stamp === undefined || stamp === null ? undefined : cachedCopies.get(query);
  if (kept && kept.stamp === stamp) return kept.rows as Readonly<Awaited<ReturnType<Q['execute']>>>;
  const rows = Object.freeze((await query.execute()).map((row) => Object.freeze(row)));
  if (stamp !== undefined && stamp !== null) cachedCopies.set(query, { stamp, rows });
  return rows as Readonly<Awaited<ReturnType<Q['execute']>>>;
}
