import type { Deps } from '../../deps';

/** Liveness plus a real round trip to the database. */
export async function checkHealth(deps: Deps): Promise<{ ok: boolean; database: boolean }> {
  let database = false;
  try {
    database = await deps.store.ping();
  } catch (error) {
    deps.logger.error('health: database check failed', { error: String(error) });
  }
  return { ok: database, database };
}
