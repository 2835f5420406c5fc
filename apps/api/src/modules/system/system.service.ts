import type { Deps } from '../../deps';

/** Liveness plus a real round trip to the database. */
export function checkHealth(deps: Deps): { ok: boolean; database: boolean } {
  let database = false;
  try {
    database = deps.dbHandle.sqlite.prepare('select 1 as one').get() !== undefined;
  } catch (error) {
    deps.logger.error('health: database check failed', { error: String(error) });
  }
  return { ok: database, database };
}
