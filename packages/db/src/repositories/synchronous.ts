/**
 * The SQLite implementation of a repository interface (store.ts): the same methods, returning their
 * values directly (better-sqlite3 is synchronous). createSqliteStore wraps them into the async interface.
 */
export type Synchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => Promise<infer R> ? (...args: A) => R : never;
};
