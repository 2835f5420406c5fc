/**
 * pnpm db:backup [target]         → a consistent online copy of DATABASE_PATH (default ./data/app.db)
 *                                   into ./data/backups/app-<timestamp>.db, checked with integrity_check.
 * pnpm db:restore <backup>        → restores a backup over DATABASE_PATH (stop the server first).
 */
import { resolve } from 'node:path';
import { backupDatabase, restoreDatabase } from '@ascenso/db/backup';
import { loadConfig } from '../src/env';

const [command, argument] = process.argv.slice(2);
const database = resolve(process.env.INIT_CWD ?? process.cwd(), loadConfig(process.env).databasePath);

if (command === 'restore') {
  if (!argument) {
    console.error('Uso: pnpm db:restore <fichero-de-copia>');
    process.exit(1);
  }
  const report = restoreDatabase(resolve(process.env.INIT_CWD ?? process.cwd(), argument), database);
  console.log(`Restaurada ${database}: integrity_check ${report.detail}`);
} else {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = resolve(process.env.INIT_CWD ?? process.cwd(), argument ?? `data/backups/app-${stamp}.db`);
  const report = await backupDatabase(database, target);
  console.log(`Copia de ${database} en ${target}: ${report.pages} páginas, integrity_check ${report.detail}`);
  if (!report.ok) process.exit(1);
}
