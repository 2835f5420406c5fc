import type Database from 'better-sqlite3';

/**
 * A cheap test for "may the database have changed since I last looked?", for small read caches.
 * `data_version` moves when another connection commits; `total_changes()` moves with every row this
 * connection writes. A read made inside an open transaction must not be cached: it may see changes
 * that are rolled back later without moving either counter back.
 */
export function createChangeStamp(sqlite: Database.Database) {
  // Two statements: the pragma alone costs about half of reading it through pragma_data_version().
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const totalChanges = sqlite.prepare('SELECT total_changes()').pluck();
  return {
    /** The current stamp; equal stamps mean nothing was written in between. */
    read(): string {
      return `${dataVersion.get() as number}:${totalChanges.get() as number}`;
    },
    /** Whether a value read now may be kept (no transaction open on this connection). */
    cacheable(): boolean {
      return !sqlite.inTransaction;
    },
  };
}

/** Memoises `load` until the database changes (see createChangeStamp). */
export function cachedUntilChange<T>(sqlite: Database.Database, load: () => T): () => T {
  const stamp = createChangeStamp(sqlite);
  let cached: { stamp: string; value: T } | undefined;
  return () => {
    const current = stamp.read();
    if (cached?.stamp === current) return cached.value;
    const value = load();
    cached = stamp.cacheable() ? { stamp: current, value } : undefined;
    return value;
  };
}
