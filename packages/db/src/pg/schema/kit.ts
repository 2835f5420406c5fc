import { bigint, boolean, customType, doublePrecision, integer, jsonb, timestamp } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL column kit (decision 039): the same names as `../../schema/kit.ts`, the SQLite one. The
 * schema files in this folder are generated from `../../schema/*.ts` (`pnpm db:generate`); their `./kit`
 * import resolves here. Every column infers the same TypeScript type as its SQLite twin (decision 023,
 * `../kit-types.test.ts`).
 */
export { index, integer as int, primaryKey, pgTable as table, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** A point in time, to the millisecond, read and written as a `Date`: `timestamptz(3)`. */
export const at = <N extends string>(name: N) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** A boolean. */
export const flag = <N extends string>(name: N) => boolean(name);

/** A JSON value, as `jsonb` (keeps the value, not its text); give it a type with `.$type<T>()`. */
export const json = <N extends string>(name: N) => jsonb(name);

/** `double precision`: SQLite's REAL is a double, so every value it holds fits. */
export const double = <N extends string>(name: N) => doublePrecision(name);

/** `bytea` read and written as a Node `Buffer` (drizzle 0.45 has no `bytea`; node-postgres maps both ways). */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
export const bytes = <N extends string>(name: N) => bytea(name);

/** An `integer` identity primary key, optional on insert; `db:copy` moves its sequence past the copied ids. */
export const serial = <N extends string>(name: N) => integer(name).primaryKey().generatedByDefaultAsIdentity();

/** A `bigint` identity primary key, read as a number (2^53 rows before a number loses precision). */
export const seq = <N extends string>(name: N) => bigint(name, { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
