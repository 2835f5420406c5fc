/**
 * The SQLite query kit (decision 039): how a repository runs its statements. The repositories are
 * written once, on this kit, and run synchronously here (better-sqlite3 is synchronous, decision 025);
 * `scripts/gen-pg.ts` copies them to `src/pg/repositories/`, whose `./kit` has the same export names and
 * is asynchronous, and adds the `await`s. Executing a statement goes through `rows`, `first`, `changes`,
 * `run`, `atomic` or `cachedRows` only, so that the generator finds every place that waits on PostgreSQL.
 */
import { and, eq, Param, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { cachedUntilChange } from '../change-stamp';
import type { Db } from '../client';

/** What a repository runs its statements on: the one connection's drizzle database. */
export type Exec = Db;

/** Values for a statement's placeholders (`sql.placeholder(name)`, `param(column, name)`). */
type Values = Record<string, unknown>;

/**
 * A statement built and prepared once, when the repository is made: `const byId = statement(db,
 * 'users_by_id', (x) => x.select()…)`, then `first(byId(db), { id })`. The name matters on PostgreSQL
 * (a named prepared statement per connection); here one connection runs everything, so `byId(tx)` and
 * `byId(db)` are the same prepared statement.
 */
export function statement<Q extends { prepare(): unknown }>(db: Exec, _name: string, build: (x: Exec) => Q): (x: Exec) => ReturnType<Q['prepare']> {
  const prepared = build(db).prepare() as ReturnType<Q['prepare']>;
  return () => prepared;
}

/** Every row a query (or a prepared statement) returns. */
export function rows<Q extends { all(values?: Values): unknown }>(query: Q, values?: Values): ReturnType<Q['all']> {
  return query.all(values) as ReturnType<Q['all']>;
}

/** The first row a query returns, if any. */
export function first<Q extends { get(values?: Values): unknown }>(query: Q, values?: Values): ReturnType<Q['get']> {
  return query.get(values) as ReturnType<Q['get']>;
}

/** Runs an INSERT/UPDATE/DELETE; how many rows it changed. */
export function changes(query: { run(values?: Values): { changes: number } }, values?: Values): number {
  return query.run(values).changes;
}

/** Runs a statement for its effect. */
export function run(query: { run(values?: Values): unknown }, values?: Values): void {
  query.run(values);
}

/**
 * Runs `fn` as one transaction that takes the write lock first (BEGIN IMMEDIATE; a savepoint inside a
 * Store transaction). `locks` are what PostgreSQL serialises on (advisory locks); SQLite's write lock
 * already serialises every writer. `fn` gets the executor to use inside (`tx`): here the same database.
 */
export function atomic<T>(db: Exec, _locks: readonly string[], fn: (tx: Exec) => T): T {
  return db.$client.transaction(() => fn(db)).immediate();
}

/**
 * A placeholder that goes through `column`'s encoder (a Date becomes its milliseconds here, an ISO
 * timestamp on PostgreSQL). A bare `sql.placeholder` in a condition is sent as it is. A null value is
 * not special-cased by drizzle: keep nullable JSON and dates out of it.
 */
export function param(column: Column, name: string): Param {
  return new Param(sql.placeholder(name), column);
}

/** A JSON value for a `sql`-wrapped placeholder: SQL NULL stays NULL (not the JSON text `null`). */
export function json(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** The larger of two values (SQLite's two-argument `max`). */
export function greatest(a: SQLWrapper | Column, b: unknown): SQL {
  return sql`max(${a}, ${b})`;
}

/**
 * A subquery whose rows another instance's concurrent statement must skip rather than wait for
 * (`FOR UPDATE SKIP LOCKED` on PostgreSQL). SQLite's write lock already serialises the writers: unchanged.
 */
export function skipLocked<Q>(query: Q): Q {
  return query;
}

/** `where id = :id and user_id = :userId`: a member's own row, and nobody else's. */
export function ownRow(table: SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn }, userId: string, id: string): SQL | undefined {
  return and(eq(table.id, id), eq(table.userId, userId));
}

// --- cachedRows (decision 039, step 9: the steps repository's catalogue) ---

/**
 * A value that changes whenever `table`'s rows change, read in the same statement as other figures, so that a
 * `cachedRows` copy is checked without a round trip of its own. Here `cachedRows` follows the database's change
 * stamp and never looks at it: a constant.
 */
export function tableStamp(_table: SQLiteTable): SQL<string> {
  return sql<string>`''`;
}

const cachedLoaders = new WeakMap<object, () => unknown>();

/**
 * Every row of a small, rarely written table that hot paths read (the activity catalogue), frozen and shared
 * by callers until the database changes (`cachedUntilChange`: another connection's commit or this one's
 * write; never kept from inside a transaction). `query` is a `statement` without placeholders: the cache
 * lives as long as that prepared statement. `stamp` (a `tableStamp` read with the caller's other figures)
 * lets PostgreSQL keep a copy too; here it is not needed.
 */
export function cachedRows<Q extends { all(): unknown }>(db: Exec, query: Q, _stamp?: string | null): Readonly<ReturnType<Q['all']>> {
  let load = cachedLoaders.get(query);
  if (load === undefined) {
    load = cachedUntilChange(db.$client, () => Object.freeze((query.all() as object[]).map((row) => Object.freeze(row))));
    cachedLoaders.set(query, load);
  }
  return load() as Readonly<ReturnType<Q['all']>>;
}
