/**
 * (b) The activity completion path (service: idempotency-free award under the daily limit, running
 * total, event) against raw better-sqlite3 doing the same conditional insert in BEGIN IMMEDIATE, on the
 * same file in the same run. Interleaved rounds; the median ratio is reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { applyPragmas } from '@ascenso/db/client';
import { createDeps } from '../../apps/api/src/deps';
import { loadConfig } from '../../apps/api/src/env';
import { createLogger } from '../../apps/api/src/logger';
import { recordUnverifiedActivity } from '../../apps/api/src/modules/activities/activities.service';
import { insertBenchUser, median, report } from './lib';

const OPS = 3000;

export async function completionBench(rounds = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-completion-'));
  try {
    const file = join(dir, 'app.db');
    let tick = Date.UTC(2026, 0, 1);
    // A fresh simulated day every 10 ms so both paths keep awarding (limit checks stay on the hot path).
    const deps = createDeps(loadConfig({ DATABASE_PATH: file, LOG_LEVEL: 'silent' }), {
      logger: createLogger('silent'),
      clock: () => new Date((tick += 1000)),
    });
    await insertBenchUser(deps);

    const raw = new Database(file);
    applyPragmas(raw);
    const count = raw.prepare('select count(award_slot) from activity_completions where user_id = ? and day = ? and activity_key = ?').pluck();
    const insert = raw.prepare(
      'insert into activity_completions (id, user_id, activity_key, day, completed_at, steps_earned, limit_reached, award_slot) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const total = raw.prepare(
      'insert into step_totals (user_id, total_steps) values (?, ?) on conflict(user_id) do update set total_steps = total_steps + excluded.total_steps',
    );
    let rawTick = Date.UTC(2030, 0, 1);
    const rawComplete = raw
      .transaction(() => {
        rawTick += 1000;
        const day = new Date(rawTick).toISOString().slice(0, 10);
        const awarded = Number(count.get('u1', day, 'active_break'));
        const earns = awarded < 10;
        insert.run(crypto.randomUUID(), 'u1', 'active_break', day, rawTick, earns ? 70 : 0, earns ? 0 : 1, earns ? awarded + 1 : null);
        if (earns) total.run('u1', 70);
      })
      .immediate.bind(null);

    const actor = { id: 'u1', timezone: 'UTC' };
    // The service is async (decision 022): each completion is awaited before the next, as a request would.
    const measure = async (fn: () => unknown) => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < OPS; i += 1) await fn();
      return OPS / (Number(process.hrtime.bigint() - start) / 1e9);
    };
    const ratios: number[] = [];
    const services: number[] = [];
    const raws: number[] = [];
    for (let r = 0; r < rounds; r += 1) {
      const rawOps = await measure(() => rawComplete());
      const serviceOps = await measure(() => recordUnverifiedActivity(deps, actor, { activity_key: 'active_break' }));
      raws.push(rawOps);
      services.push(serviceOps);
      ratios.push(serviceOps / rawOps);
    }
    raw.close();
    await deps.store.close();
    const ratio = median(ratios);
    report('(b) Completion path vs raw better-sqlite3 (ops/s, synchronous=FULL)', [
      ['raw conditional insert, median ops/s', median(raws)],
      ['recordUnverifiedActivity service, median ops/s', median(services)],
      ['ratio (goal ≥ 0.5)', ratio],
    ]);
    return { ok: ratio >= 0.5, ratio };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const result = await completionBench();
  if (!result.ok) process.exit(1);
}
