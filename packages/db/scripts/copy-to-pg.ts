/**
 * pnpm db:copy -- --from ./data/app.db --to postgres://user:password@host:5432/ascenso
 *
 * Copies an Ascenso SQLite database into a PostgreSQL database (decision 023): applies the PostgreSQL
 * migrations to the target (under the advisory lock), refuses if the target already has rows, copies every
 * table in foreign-key order in one transaction and moves identity sequences past the copied ids. The
 * SQLite file is opened read-only. Stop the server first: writes made after the copy stay in SQLite only.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { createPgDb, migratePg } from '../src/pg/client';
import { CopyError, copySqliteToPg } from '../src/pg/copy';

const USAGE = 'Uso: pnpm db:copy -- --from ./data/app.db --to postgres://usuario:clave@servidor:5432/base';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: { from?: string; to?: string };
try {
  // pnpm forwards the `--` separator itself; drop it.
  ({ values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { from: { type: 'string' }, to: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (!values.from || !values.to) fail(USAGE);
if (!/^postgres(ql)?:\/\//.test(values.to)) fail(`--to debe ser una URL postgres://…\n${USAGE}`);

const from = resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
if (!existsSync(from)) fail(`No existe el fichero SQLite ${from}.`);

const source = new Database(from, { readonly: true, fileMustExist: true });
const target = createPgDb({ url: values.to, max: 2 });
const redacted = values.to.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
try {
  const started = performance.now();
  await migratePg(target.db);
  const report = await copySqliteToPg(source, target.db);
  const total = report.tables.reduce((sum, table) => sum + table.rows, 0);
  for (const { table, rows } of report.tables) console.log(`  ${table.padEnd(24)} ${rows}`);
  for (const { table, column, next } of report.sequences) console.log(`  secuencia ${table}.${column} → ${next}`);
  console.log(`Copiadas ${total} filas de ${report.tables.length} tablas de ${from} a ${redacted} en ${Math.round(performance.now() - started)} ms.`);
} catch (error) {
  if (error instanceof CopyError) fail(error.message);
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  fail(`No se ha copiado nada (la transacción se ha deshecho): ${(error as Error).message.split('\n')[0]}${cause}`);
} finally {
  source.close();
  await target.close();
}
