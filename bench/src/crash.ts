/**
 * Crash safety: kill -9 the server at random moments during a completion load, restart, and verify
 * PRAGMA integrity_check, that no acknowledged completion was lost and that no daily limit was exceeded.
 *   pnpm --filter @ascenso/bench crash [rounds]   (default 20)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { grantEvidence } from './evidence';
import { ORIGIN, prepareDatabase, report, sleep, startServer } from './lib';

const KEYS = ['active_break', 'breathing_short', 'journaling', 'sesion_completa', 'audio_ascenso_archive'];

export async function crashTest(rounds = 20) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-crash-'));
  const file = join(dir, 'app.db');
  const [user] = await prepareDatabase(file);
  if (!user) throw new Error('no user');
  // Steps need evidence (decision 014): unused evidence for every completion the workers can post.
  grantEvidence(
    file,
    KEYS.map((activityKey) => ({ userId: user.userId, activityKey, count: 400 * rounds })),
  );
  const acknowledged = new Set<string>();
  let failures = 0;
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const server = await startServer({ DATABASE_PATH: file });
      let stop = false;
      const worker = async () => {
        while (!stop) {
          try {
            const response = await fetch(`${server.url}/api/activity-log`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: user.cookie },
              body: JSON.stringify({ activity_key: KEYS[Math.floor(Math.random() * KEYS.length)] }),
            });
            if (response.status === 200) acknowledged.add(((await response.json()) as { activityId: string }).activityId);
            else if (response.status >= 500) failures += 1;
          } catch {
            // connection cut by the kill: not acknowledged
          }
        }
      };
      const workers = Array.from({ length: 8 }, worker);
      await sleep(100 + Math.random() * 400);
      await server.stop('SIGKILL');
      stop = true;
      await Promise.all(workers);
    }

    const db = new Database(file, { readonly: true });
    const integrity = String(db.pragma('integrity_check', { simple: true }));
    const stored = new Set(db.prepare('select id from activity_completions').pluck().all() as string[]);
    const lost = [...acknowledged].filter((id) => !stored.has(id)).length;
    const violations = db
      .prepare(
        `select c.activity_key, c.day, count(c.award_slot) as awarded, a.daily_limit from activity_completions c
         join activities a on a.key = c.activity_key group by c.user_id, c.activity_key, c.day having awarded > a.daily_limit`,
      )
      .all().length;
    const ledgerSum = Number(db.prepare('select coalesce(sum(steps_earned), 0) from activity_completions').pluck().get());
    const total = Number(db.prepare('select coalesce(sum(total_steps), 0) from step_totals').pluck().get());
    db.close();
    report('Crash safety (kill -9 during completions)', [
      ['rounds', String(rounds)],
      ['acknowledged completions', String(acknowledged.size)],
      ['lost acknowledged completions', String(lost)],
      ['integrity_check', integrity],
      ['daily-limit violations', String(violations)],
      ['running total = ledger sum', String(total === ledgerSum)],
      ['5xx responses', String(failures)],
    ]);
    const ok = integrity === 'ok' && lost === 0 && violations === 0 && total === ledgerSum && failures === 0 && acknowledged.size > 0;
    return { ok, rounds, acknowledged: acknowledged.size, lost, violations };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 20);
  const result = await crashTest(rounds);
  if (!result.ok) process.exit(1);
}
