import { and, eq, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
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

type OwnedTable = SQLiteTable & { id: SQLiteColumn; userId: SQLiteColumn };

/** `where id = :id and user_id = :userId`: a member's own row, and nobody else's. */
function ownRow(table: OwnedTable, userId: string, id: string) {
  return and(eq(table.id, id), eq(table.userId, userId));
}

/** Updates the row `id` if it belongs to `userId`; whether there was one. */
export function updateOwnRow<TTable extends OwnedTable>(db: Db, table: TTable, userId: string, id: string, values: SQLiteUpdateSetSource<TTable>): boolean {
  return (
    db
      .update(table)
      .set(values)
      .where(ownRow(table, userId, id))
      .run().changes > 0
  );
}

/** Deletes the row `id` if it belongs to `userId`; whether there was one. */
export function deleteOwnRow(db: Db, table: OwnedTable, userId: string, id: string): boolean {
  return (
    db
      .delete(table)
      .where(ownRow(table, userId, id))
      .run().changes > 0
  );
}
