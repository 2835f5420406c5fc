import { blob, integer, real, text } from 'drizzle-orm/sqlite-core';

/**
 * The SQLite column kit (decision 039). `../pg/schema/kit.ts` exports the same names for PostgreSQL, so a
 * schema file written against `./kit` compiles on either dialect, and every column infers the same
 * TypeScript type on both (`pg/kit-types.test.ts`). The kits are the only dialect-specific code in the schema.
 */
export { index, integer as int, primaryKey, sqliteTable as table, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** A point in time, to the millisecond, read and written as a `Date`: integer milliseconds since the epoch. */
export const at = <N extends string>(name: N) => integer(name, { mode: 'timestamp_ms' });

/** A boolean: 0 or 1. */
export const flag = <N extends string>(name: N) => integer(name, { mode: 'boolean' });

/** A JSON value, stored as its text; give it a type with `.$type<T>()`. */
export const json = <N extends string>(name: N) => text(name, { mode: 'json' });

/** A double-precision number (SQLite's REAL is an 8-byte float). */
export const double = <N extends string>(name: N) => real(name);

/** Bytes, read and written as a Node `Buffer`. */
export const bytes = <N extends string>(name: N) => blob(name, { mode: 'buffer' });

/** An integer primary key the database assigns, optional on insert (INTEGER PRIMARY KEY AUTOINCREMENT). */
export const serial = <N extends string>(name: N) => integer(name).primaryKey({ autoIncrement: true });

/** Like `serial`, for a counter that may outgrow 32 bits (SQLite's integers are 64-bit already). */
export const seq = serial;
