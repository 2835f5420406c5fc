import { type Column } from 'drizzle-orm';
import { getTableConfig as getPgTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as getSqliteTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as sqliteKit from '../schema/kit';
import * as pgKit from './schema/kit';

// Type-level: the two column kits (decision 039) export the same names, and each kit column infers the same
// row types on both dialects, so a schema file written once against `./kit` has one row shape (decision 023).
// `pnpm typecheck` (tsc) checks these; a drift is a compile error. The types are also pinned, so both kits
// cannot drift together unnoticed. At run time, the probe tables' columns are compared like
// `schema-parity.test.ts` compares the real ones.

// One probe table per kit, built from the same text.
const sqlite = sqliteKit.table('kit_probe', {
  text: sqliteKit.text('text').notNull(),
  textNull: sqliteKit.text('text_null'),
  textEnum: sqliteKit.text('text_enum', { enum: ['a', 'b'] }).notNull(),
  textDefault: sqliteKit.text('text_default').notNull().default('x'),
  int: sqliteKit.int('int').notNull(),
  intNull: sqliteKit.int('int_null'),
  intDefault: sqliteKit.int('int_default').notNull().default(0),
  at: sqliteKit.at('at').notNull(),
  atNull: sqliteKit.at('at_null'),
  atDefaultFn: sqliteKit
    .at('at_default_fn')
    .notNull()
    .$defaultFn(() => new Date()),
  flag: sqliteKit.flag('flag').notNull(),
  flagDefault: sqliteKit.flag('flag_default').notNull().default(false),
  json: sqliteKit.json('json').notNull(),
  jsonNull: sqliteKit.json('json_null'),
  jsonTyped: sqliteKit.json('json_typed').$type<string[]>().notNull(),
  double: sqliteKit.double('double').notNull(),
  doubleNull: sqliteKit.double('double_null'),
  bytes: sqliteKit.bytes('bytes').notNull(),
});

const pg = pgKit.table('kit_probe', {
  text: pgKit.text('text').notNull(),
  textNull: pgKit.text('text_null'),
  textEnum: pgKit.text('text_enum', { enum: ['a', 'b'] }).notNull(),
  textDefault: pgKit.text('text_default').notNull().default('x'),
  int: pgKit.int('int').notNull(),
  intNull: pgKit.int('int_null'),
  intDefault: pgKit.int('int_default').notNull().default(0),
  at: pgKit.at('at').notNull(),
  atNull: pgKit.at('at_null'),
  atDefaultFn: pgKit
    .at('at_default_fn')
    .notNull()
    .$defaultFn(() => new Date()),
  flag: pgKit.flag('flag').notNull(),
  flagDefault: pgKit.flag('flag_default').notNull().default(false),
  json: pgKit.json('json').notNull(),
  jsonNull: pgKit.json('json_null'),
  jsonTyped: pgKit.json('json_typed').$type<string[]>().notNull(),
  double: pgKit.double('double').notNull(),
  doubleNull: pgKit.double('double_null'),
  bytes: pgKit.bytes('bytes').notNull(),
});

const sqliteSerial = sqliteKit.table('kit_serial', { id: sqliteKit.serial('id'), n: sqliteKit.int('n').notNull() });
const pgSerial = pgKit.table('kit_serial', { id: pgKit.serial('id'), n: pgKit.int('n').notNull() });
const sqliteSeq = sqliteKit.table('kit_seq', { seq: sqliteKit.seq('seq'), n: sqliteKit.int('n').notNull() });
const pgSeq = pgKit.table('kit_seq', { seq: pgKit.seq('seq'), n: pgKit.int('n').notNull() });
const sqliteBytesKey = sqliteKit.table('kit_bytes_key', { hash: sqliteKit.bytes('hash').primaryKey() });
const pgBytesKey = pgKit.table('kit_bytes_key', { hash: pgKit.bytes('hash').primaryKey() });

/** A column as both dialects must agree on it (a bytea custom type holds a Buffer). */
const describeColumn = (column: Column) => ({
  name: column.name,
  kind: column.dataType === 'custom' && column.getSQLType() === 'bytea' ? 'buffer' : column.dataType,
  notNull: column.notNull,
  primary: column.primary,
  hasDefault: column.hasDefault,
  default: column.default,
  defaultFn: column.defaultFn !== undefined,
  enumValues: column.enumValues ?? null,
});

type Select = typeof sqlite.$inferSelect;
type Insert = typeof sqlite.$inferInsert;

describe('the two column kits (decision 039)', () => {
  it('export the same names', () => {
    expectTypeOf<keyof typeof pgKit>().toEqualTypeOf<keyof typeof sqliteKit>();
  });

  it('infer the same row types for every column', () => {
    expectTypeOf<typeof pg.$inferSelect>().toEqualTypeOf<Select>();
    expectTypeOf<typeof pg.$inferInsert>().toEqualTypeOf<Insert>();
  });

  it('text and int', () => {
    expectTypeOf<Select['text']>().toEqualTypeOf<string>();
    expectTypeOf<Select['textNull']>().toEqualTypeOf<string | null>();
    expectTypeOf<Select['textEnum']>().toEqualTypeOf<'a' | 'b'>();
    expectTypeOf<Insert['textDefault']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Select['int']>().toEqualTypeOf<number>();
    expectTypeOf<Select['intNull']>().toEqualTypeOf<number | null>();
    expectTypeOf<Insert['intDefault']>().toEqualTypeOf<number | undefined>();
  });

  it('at: a Date', () => {
    expectTypeOf<Select['at']>().toEqualTypeOf<Date>();
    expectTypeOf<Select['atNull']>().toEqualTypeOf<Date | null>();
    expectTypeOf<Insert['atDefaultFn']>().toEqualTypeOf<Date | undefined>();
  });

  it('flag: a boolean', () => {
    expectTypeOf<Select['flag']>().toEqualTypeOf<boolean>();
    expectTypeOf<Insert['flagDefault']>().toEqualTypeOf<boolean | undefined>();
  });

  it('json: unknown, or its $type', () => {
    expectTypeOf<Select['json']>().toEqualTypeOf<unknown>();
    expectTypeOf<Select['jsonTyped']>().toEqualTypeOf<string[]>();
  });

  it('double: a number', () => {
    expectTypeOf<Select['double']>().toEqualTypeOf<number>();
    expectTypeOf<Select['doubleNull']>().toEqualTypeOf<number | null>();
  });

  it('bytes: a Buffer, also as a primary key', () => {
    expectTypeOf<Select['bytes']>().toEqualTypeOf<Buffer>();
    expectTypeOf<typeof pgBytesKey.$inferSelect>().toEqualTypeOf<typeof sqliteBytesKey.$inferSelect>();
    expectTypeOf<typeof pgBytesKey.$inferInsert>().toEqualTypeOf<typeof sqliteBytesKey.$inferInsert>();
    expectTypeOf<(typeof sqliteBytesKey.$inferInsert)['hash']>().toEqualTypeOf<Buffer>();
  });

  it('build the same columns at run time', () => {
    const pairs: [SQLiteTable, PgTable][] = [
      [sqlite, pg],
      [sqliteSerial, pgSerial],
      [sqliteSeq, pgSeq],
      [sqliteBytesKey, pgBytesKey],
    ];
    for (const [sqliteTable, pgTable] of pairs) {
      expect(getPgTableConfig(pgTable).columns.map(describeColumn)).toEqual(getSqliteTableConfig(sqliteTable).columns.map(describeColumn));
    }
  });

  it('serial and seq: a number the database assigns (optional on insert)', () => {
    expectTypeOf<typeof pgSerial.$inferSelect>().toEqualTypeOf<typeof sqliteSerial.$inferSelect>();
    expectTypeOf<typeof pgSerial.$inferInsert>().toEqualTypeOf<typeof sqliteSerial.$inferInsert>();
    expectTypeOf<typeof pgSeq.$inferSelect>().toEqualTypeOf<typeof sqliteSeq.$inferSelect>();
    expectTypeOf<typeof pgSeq.$inferInsert>().toEqualTypeOf<typeof sqliteSeq.$inferInsert>();
    expectTypeOf<(typeof sqliteSerial.$inferSelect)['id']>().toEqualTypeOf<number>();
    expectTypeOf<(typeof sqliteSerial.$inferInsert)['id']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<(typeof sqliteSeq.$inferInsert)['seq']>().toEqualTypeOf<number | undefined>();
  });
});
