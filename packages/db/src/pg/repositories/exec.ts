import { and, eq, type SQL } from 'drizzle-orm';
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import type { PgColumn, PgDatabase, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { schema as pgSchema } from '../schema';

/**
 * What a PostgreSQL repository runs its statements on: the pool's drizzle database (root repositories)
 * or the transaction a Store callback holds (`tx`). Both have the same query builders.
 */
export type PgExec = PgDatabase<NodePgQueryResultHKT, typeof pgSchema>;

/** Rows changed by an UPDATE/DELETE (node-postgres `rowCount`). */
export function changed(result: { rowCount: number | null }): number {
  return result.rowCount ?? 0;
}

type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/** `where id = :id and user_id = :userId`: a member's own row, and nobody else's. */
function ownRow(table: OwnedTable, userId: string, id: string): SQL | undefined {
  return and(eq(table.id, id), eq(table.userId, userId));
}

/** Updates the row `id` if it belongs to `userId`; whether there was one. */
export async function updateOwnRow<TTable extends OwnedTable>(
  db: PgExec,
  table: TTable,
  userId: string,
  id: string,
  values: PgUpdateSetSource<TTable>,
): Promise<boolean> {
  return (
    changed(
      await db
        .update(table)
        .set(values)
        .where(ownRow(table, userId, id)),
    ) > 0
  );
}

/** Deletes the row `id` if it belongs to `userId`; whether there was one. */
export async function deleteOwnRow(db: PgExec, table: OwnedTable, userId: string, id: string): Promise<boolean> {
  return changed(await db.delete(table).where(ownRow(table, userId, id))) > 0;
}
