import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getTableColumns, gt, sql } from 'drizzle-orm';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DEFAULT_MIGRATIONS_FOLDER } from '../client';
import { schema } from '../schema';
import type { PgDb } from './client';
import { schema as pgSchema } from './schema';

/** A refusal or failure of `db:copy`, with a message for the person running it (Spanish, like the other db scripts). */
export class CopyError extends Error {
  override name = 'CopyError';
}

export type TableKey = keyof typeof schema;

export type CopyReport = {
  /** Rows copied per table, in the order they were copied. */
  tables: { table: string; rows: number }[];
  /** Identity/serial sequences moved past the copied ids: `table.column → next value`. */
  sequences: { table: string; column: string; next: number }[];
};

/** Rows read from SQLite and written to PostgreSQL per statement: 500, and at most 30 000 parameters (PostgreSQL allows 65 535). */
const batchRows = (columns: number) => Math.min(500, Math.floor(30_000 / columns));

/**
 * The tables in an order where every table comes after the tables its foreign keys point to (parents first),
 * computed from the SQLite schema with drizzle's public `getTableConfig`.
 */
export function tablesInForeignKeyOrder(): TableKey[] {
  const keys = Object.keys(schema) as TableKey[];
  const keyByName = new Map(keys.map((key) => [getTableConfig(schema[key]).name, key]));
  const ordered: TableKey[] = [];
  const state = new Map<TableKey, 'visiting' | 'done'>();
  const visit = (key: TableKey) => {
    if (state.get(key) === 'done') return;
    if (state.get(key) === 'visiting') throw new Error(`foreign key cycle through ${key}`);
    state.set(key, 'visiting');
    for (const fk of getTableConfig(schema[key]).foreignKeys) {
      const parent = keyByName.get(getTableConfig(fk.reference().foreignTable).name);
      if (parent && parent !== key) visit(parent);
    }
    state.set(key, 'done');
    ordered.push(key);
  };
  keys.forEach(visit);
  return ordered;
}

/** Refuses a SQLite file that is not an Ascenso database at the latest migration (its columns would not match). */
export function assertSqliteUpToDate(sqlite: Database.Database, migrationsFolder = DEFAULT_MIGRATIONS_FOLDER): void {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  const table = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!table) throw new CopyError('El fichero SQLite no es una base de datos de Ascenso (no tiene la tabla de migraciones).');
  const { applied } = sqlite.prepare('SELECT count(*) AS applied FROM __drizzle_migrations').get() as { applied: number };
  if (applied < journal.entries.length) {
    throw new CopyError(
      `La base de datos SQLite está en la migración ${applied} de ${journal.entries.length}: arranca la aplicación una vez sobre ella (pnpm start) para ponerla al día y vuelve a copiar.`,
    );
  }
  if (applied > journal.entries.length) {
    throw new CopyError(
      `La base de datos SQLite tiene ${applied} migraciones y este código conoce ${journal.entries.length}: usa la versión de Ascenso que la creó.`,
    );
  }
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Copies every table of a SQLite database into an empty, migrated PostgreSQL database, in one PostgreSQL
 * transaction, parents before children. Rows are read through the SQLite drizzle schema and written through
 * the PostgreSQL one, so values convert through the two column types (ms → timestamptz, 0/1 → boolean,
 * JSON text → jsonb, blob → bytea). The source is read at one snapshot (a read transaction on its own
 * connection, which is never written). Refuses with `CopyError` when any target table has rows; any failure
 * rolls the whole copy back. Finally moves identity sequences past the copied ids.
 */
export async function copySqliteToPg(source: Database.Database, target: PgDb): Promise<CopyReport> {
  assertSqliteUpToDate(source);
  const from = drizzle(source, { schema });
  const order = tablesInForeignKeyOrder();
  const report: CopyReport = { tables: [], sequences: [] };

  source.exec('BEGIN');
  try {
    await target.transaction(async (tx) => {
      const nonEmpty: string[] = [];
      for (const key of order) {
        const table = pgSchema[key] as PgTable;
        const rows = await tx
          .select({ one: sql<number>`1` })
          .from(table)
          .limit(1);
        if (rows.length > 0) nonEmpty.push(getTableConfig(schema[key]).name);
      }
      if (nonEmpty.length > 0) {
        throw new CopyError(
          `La base de datos PostgreSQL de destino ya tiene datos (${nonEmpty.join(', ')}). db:copy solo copia a una base de datos vacía: crea una nueva (createdb) y vuelve a intentarlo.`,
        );
      }

      for (const key of order) {
        const sqliteTable = schema[key] as SQLiteTable;
        const pgTable = pgSchema[key] as PgTable;
        const limit = batchRows(Object.keys(getTableColumns(sqliteTable)).length);
        let lastRowid: number | null = null;
        let copied = 0;
        for (;;) {
          const batch = from
            .select({ ...getTableColumns(sqliteTable), __rowid: sql<number>`rowid`.as('__rowid') })
            .from(sqliteTable)
            .where(lastRowid === null ? undefined : gt(sql`rowid`, lastRowid))
            .orderBy(sql`rowid`)
            .limit(limit)
            .all() as ({ __rowid: number } & Record<string, unknown>)[];
          if (batch.length === 0) break;
          lastRowid = batch[batch.length - 1]!.__rowid;
          const rows = batch.map(({ __rowid: _rowid, ...row }) => row);
          await tx.insert(pgTable).values(rows);
          copied += rows.length;
          if (batch.length < limit) break;
        }
        report.tables.push({ table: getTableConfig(sqliteTable).name, rows: copied });
      }

      // Identity (or serial) columns: the next generated id must come after the copied ones.
      const generated = await tx.execute<{ table_name: string; column_name: string }>(sql`
        SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND (is_identity = 'YES' OR column_default LIKE 'nextval(%')
        ORDER BY table_name, column_name`);
      for (const { table_name: table, column_name: column } of generated.rows) {
        const result = await tx.execute<{ next: string }>(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('${quote(table).replaceAll("'", "''")}', '${column.replaceAll("'", "''")}'), ` +
              `COALESCE((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false) AS next`,
          ),
        );
        report.sequences.push({ table, column, next: Number(result.rows[0]?.next) });
      }
    });
  } finally {
    source.exec('COMMIT');
  }
  return report;
}
