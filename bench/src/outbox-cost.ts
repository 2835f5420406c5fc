/**
 * The outbox's cost on the completion path (decision 026): completions per second through
 * `recordUnverifiedActivity` with the event row, against the same code with `tx.events.append` stubbed
 * out (and no publish), on the same database, the two alternating in order round by round; the median of
 * the per-round ratios. One sequential client: it measures latency added per completion, not capacity.
 *
 *   pnpm --filter @ascenso/bench exec tsx src/outbox-cost.ts sqlite 500 9     (a file, synchronous=FULL)
 *   pnpm --filter @ascenso/bench exec tsx src/outbox-cost.ts postgres 300 9   (a throwaway cluster)
 *
 * Run it under `flock /tmp/ascenso-heavy.lock` on the shared machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createPgDb, migratePg } from '@ascenso/db/pg/client';
import { createPgStore } from '@ascenso/db/pg/pg-store';
import type { Store } from '@ascenso/db/store';
import { startPostgres } from '../../tooling/test-services/postgres';
import { createDeps, type Deps } from '../../apps/api/src/deps';
import { loadConfig } from '../../apps/api/src/env';
import { createLogger } from '../../apps/api/src/logger';
import { recordUnverifiedActivity } from '../../apps/api/src/modules/activities/activities.service';
import { insertBenchUser } from './lib';

const dialect = process.argv[2] ?? 'sqlite';
const OPS = Number(process.argv[3] ?? 500);
const ROUNDS = Number(process.argv[4] ?? 9);
const dir = mkdtempSync(join(tmpdir(), 'ascenso-outbox-cost-'));
let tick = Date.UTC(2026, 0, 1);
const clock = () => new Date((tick += 1000));
let cluster: Awaited<ReturnType<typeof startPostgres>> | undefined;
let store: Store | undefined;
if (dialect === 'postgres') {
  cluster = await startPostgres();
  const handle = createPgDb({ url: cluster.url });
  await migratePg(handle.db, { migrationsFolder: join(import.meta.dirname, '../../packages/db/drizzle-pg') });
  store = await createPgStore(handle, { catalogue: { definitions: ACTIVITY_CATALOGUE, now: new Date() } });
}
const deps = createDeps(loadConfig({ DATABASE_PATH: join(dir, 'app.db'), LOG_LEVEL: 'silent', NODE_ENV: 'production' }), {
  logger: createLogger('silent'),
  clock,
  ...(store ? { store } : {}),
});
await insertBenchUser(deps);
const real = deps.store;
const noOutbox: Store = { ...real, transaction: (fn, o) => real.transaction((tx) => fn({ ...tx, events: { ...tx.events, append: async () => 1 } }), o) };
// The same wrapper on both sides, so only the append differs.
const withOutbox: Store = { ...real, transaction: (fn, o) => real.transaction((tx) => fn({ ...tx, events: { ...tx.events } }), o) };
const variants: Record<string, Deps> = {
  outbox: { ...deps, store: withOutbox },
  without: { ...deps, store: noOutbox, outbox: { ...deps.outbox, publish: () => {} } },
};
const results: Record<string, number[]> = { outbox: [], without: [] };
const run = async (name: string) => {
  const d = variants[name]!;
  const start = performance.now();
  for (let i = 0; i < OPS; i++) await recordUnverifiedActivity(d, { id: 'u1', timezone: 'UTC' }, { activity_key: 'active_break' });
  results[name]!.push(OPS / ((performance.now() - start) / 1000));
};
for (let i = 0; i < 50; i++) await recordUnverifiedActivity(deps, { id: 'u1', timezone: 'UTC' }, { activity_key: 'active_break' });
for (let round = 0; round < ROUNDS; round++) {
  for (const name of round % 2 ? ['without', 'outbox'] : ['outbox', 'without']) await run(name);
}
await deps.outbox.flush();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ratios = results.outbox!.map((x, i) => x / results.without![i]!);
console.log(
  JSON.stringify({
    dialect,
    ops: OPS,
    outbox: results.outbox!.map(Math.round),
    without: results.without!.map(Math.round),
    medianRatio: +median(ratios).toFixed(3),
    medianOutbox: Math.round(median(results.outbox!)),
    medianWithout: Math.round(median(results.without!)),
  }),
);
await deps.store.close();
await cluster?.stop();
rmSync(dir, { recursive: true, force: true });
