import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

export type IntegrityReport = { ok: boolean; detail: string };

export function integrityCheck(file: string): IntegrityReport {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const detail = String(db.pragma('integrity_check', { simple: true }));
    return { ok: detail === 'ok', detail };
  } finally {
    db.close();
  }
}

/**
 * A consistent online copy of a live database with SQLite's backup API (pages copied while the
 * database stays writable; never a plain file copy of a WAL database). The copy is a single file with
 * no -wal/-shm, checked with `PRAGMA integrity_check`.
 */
export async function backupDatabase(source: string, target: string): Promise<IntegrityReport & { pages: number }> {
  mkdirSync(dirname(target), { recursive: true });
  if (existsSync(target)) throw new Error(`La copia ${target} ya existe`);
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const result = await db.backup(target);
    // The copy inherits WAL mode; switch it to a rollback journal so it stays one self-contained file.
    const copy = new Database(target);
    copy.pragma('journal_mode = DELETE');
    copy.close();
    const check = integrityCheck(target);
    return { ...check, pages: result.totalPages };
  } finally {
    db.close();
  }
}

/**
 * Restores a backup over `target` (the server must be stopped): checks the backup first, removes the
 * target's stale -wal/-shm files, then copies the backup into place.
 */
export function restoreDatabase(backup: string, target: string): IntegrityReport {
  const check = integrityCheck(backup);
  if (!check.ok) throw new Error(`La copia no supera integrity_check: ${check.detail}`);
  mkdirSync(dirname(target), { recursive: true });
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
  return integrityCheck(target);
}
