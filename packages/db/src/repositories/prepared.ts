import { eq, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from '../client';

/**
 * `select * from table where column = :name`, the start of most prepared statements of the
 * repositories: add `orderBy`/`limit` as needed, then `prepare()` it once.
 */
export function selectWhereEquals<TTable extends SQLiteTable>(db: Db, table: TTable, column: SQLiteColumn, name: string) {
  return db
    .select()
    .from(table)
    .where(eq(column, sql.placeholder(name)));
}
