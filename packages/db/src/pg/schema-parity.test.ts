import { getTableName, type Column, type SQL, type Table } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, SQLiteSyncDialect, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../schema';
import { schema as pgSchema } from './schema';

// Decision 023: the two dialects have the same tables, columns, indexes (partial ones included), primary keys,
// unique constraints, foreign keys (same ON DELETE) and checks. Walks the exported drizzle tables with the
// public getTableConfig of each dialect and compares a dialect-neutral description of each.

const sqliteDialect = new SQLiteSyncDialect();
const pgDialect = new PgDialect();

/** What a column holds, in TypeScript terms: both dialects must agree (a bytea custom type holds a Buffer). */
function kind(column: Column): string {
  if (column.dataType === 'custom' && column.getSQLType() === 'bytea') return 'buffer';
  return column.dataType;
}

function describeColumn(column: Column) {
  return {
    name: column.name,
    kind: kind(column),
    notNull: column.notNull,
    primary: column.primary,
    unique: column.isUnique ? (column.uniqueName ?? true) : false,
    enumValues: column.enumValues ?? null,
    // A literal default (`.default(x)`) is the same value; `$defaultFn` runs in code on both sides.
    default: column.default === undefined ? null : JSON.stringify(column.default),
    defaultFn: column.defaultFn !== undefined,
  };
}

/** The parts of a table's `getTableConfig` the comparison reads: the same on both dialects but for the types. */
type TableConfig = {
  name: string;
  columns: Column[];
  indexes: { config: { name?: string; unique: boolean; columns: readonly unknown[]; where?: SQL } }[];
  primaryKeys: { getName(): string; columns: Column[] }[];
  uniqueConstraints: { name?: string; columns: Column[] }[];
  foreignKeys: { reference(): { columns: Column[]; foreignTable: Table; foreignColumns: Column[] }; onDelete?: string; onUpdate?: string }[];
  checks: { name: string }[];
};

const columnNames = (columns: Column[]) => columns.map((column) => column.name);

/** A dialect-neutral description of a table; `dialect` writes the SQL of an index's expressions and condition. */
function describeTable(config: TableConfig, dialect: { sqlToQuery(sql: SQL): { sql: string } }) {
  const sqlText = (value: SQL) => dialect.sqlToQuery(value).sql;
  return {
    name: config.name,
    columns: config.columns.map(describeColumn).sort((a, b) => a.name.localeCompare(b.name)),
    indexes: config.indexes
      .map(({ config: index }) => ({
        name: index.name ?? '(unnamed)',
        unique: index.unique,
        // A column has a name; an expression is SQL.
        columns: index.columns.map((column) => {
          const name = (column as { name?: unknown }).name;
          return typeof name === 'string' ? name : sqlText(column as SQL);
        }),
        where: index.where ? sqlText(index.where) : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((pk) => ({ name: pk.getName(), columns: columnNames(pk.columns) })),
    uniqueConstraints: config.uniqueConstraints.map((unique) => ({ name: unique.name, columns: columnNames(unique.columns) })),
    foreignKeys: config.foreignKeys
      .map((fk) => {
        const reference = fk.reference();
        return {
          columns: columnNames(reference.columns),
          foreignTable: getTableName(reference.foreignTable),
          foreignColumns: columnNames(reference.foreignColumns),
          onDelete: fk.onDelete ?? 'no action',
          onUpdate: fk.onUpdate ?? 'no action',
        };
      })
      .sort((a, b) => a.columns.join().localeCompare(b.columns.join())),
    checks: config.checks.map((check) => check.name).sort(),
  };
}

const describeSqlite = (table: SQLiteTable) => describeTable(getSqliteTableConfig(table), sqliteDialect);
const describePg = (table: PgTable) => describeTable(getPgTableConfig(table), pgDialect);

const sqliteKeys = Object.keys(schema).sort();
const pgKeys = Object.keys(pgSchema).sort();

describe('SQLite and PostgreSQL schemas (decision 023)', () => {
  it('export the same tables under the same keys', () => {
    expect(pgKeys).toEqual(sqliteKeys);
    expect(pgKeys.map((key) => getPgTableConfig(pgSchema[key as keyof typeof pgSchema]).name)).toEqual(
      sqliteKeys.map((key) => getSqliteTableConfig(schema[key as keyof typeof schema]).name),
    );
  });

  it.each(sqliteKeys.filter((key) => key in pgSchema))('%s: same columns, indexes, keys, foreign keys and checks', (key) => {
    const sqlite = describeSqlite(schema[key as keyof typeof schema]);
    const pg = describePg(pgSchema[key as keyof typeof pgSchema]);
    expect(pg).toEqual(sqlite);
  });

  it('keeps the indexes the limits depend on, partial ones with their condition', () => {
    const indexes = (key: keyof typeof pgSchema) => describePg(pgSchema[key]).indexes;
    expect(indexes('activityCompletions')).toContainEqual({
      name: 'activity_completions_award_slot_uq',
      unique: true,
      columns: ['user_id', 'activity_key', 'day', 'award_slot'],
      where: 'award_slot IS NOT NULL',
    });
    expect(indexes('practiceSessions')).toContainEqual({
      name: 'practice_sessions_one_running_uq',
      unique: true,
      columns: ['user_id'],
      where: 'completed_at IS NULL AND abandoned_at IS NULL',
    });
    expect(indexes('audioListens')).toContainEqual({
      name: 'audio_listens_one_running_uq',
      unique: true,
      columns: ['user_id'],
      where: 'completed_at IS NULL AND abandoned_at IS NULL',
    });
    expect(indexes('stepEvidence')).toContainEqual({
      name: 'step_evidence_completion_uq',
      unique: true,
      columns: ['completion_id'],
      where: 'completion_id IS NOT NULL',
    });
  });

  it('the comparison sees a difference (a column, an index, an ON DELETE)', () => {
    const pg = describePg(pgSchema.messages);
    const sqlite = describeSqlite(schema.messages);
    expect({ ...pg, columns: pg.columns.slice(1) }).not.toEqual(sqlite);
    expect({ ...pg, indexes: pg.indexes.map((index) => ({ ...index, unique: false })) }).not.toEqual(sqlite);
    expect({ ...pg, foreignKeys: pg.foreignKeys.map((fk) => ({ ...fk, onDelete: 'set null' })) }).not.toEqual(sqlite);
  });
});
