/**
 * Vitest's global setup (the root `vitest.config.ts`): writes the PostgreSQL twin (`gen-pg.ts`, decision 039)
 * before any test imports it, so that `vitest run` tests what the SQLite source generates now. The twin is not
 * committed; this writes only the files that changed.
 */
import { writePg } from './gen-pg';

export default async function setup(): Promise<void> {
  await writePg();
}
