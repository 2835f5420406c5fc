/**
 * (f) Awards under 40-way concurrency across two server processes on one SQLite file (decision 014).
 *   pnpm --filter @ascenso/bench exec tsx src/awards-two-processes.ts [trials]
 *
 * Each trial uses a fresh user and fires 40 concurrent completions of a 1-per-day activity, split
 * between two built server processes (20 each), in two shapes:
 *  - claims: POST /api/activity-log `sesion_completa`, with 40 pieces of unused evidence behind it
 *    (so only the daily limit decides): exactly 1 award and 39 zero-step completions;
 *  - one practice: POST /api/trpc/practice.complete of the same finished practice 40 times: exactly
 *    1 award (200) and 39 × 409.
 * The same trials then run against a single process (40 to one server) for the latency ratio.
 * Goal: exactly one award in every trial, no 5xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { breakSeconds, findActiveBreak } from '@ascenso/domain/active-breaks';
import { startRedis } from '../../tooling/test-services/redis';
import { median, ORIGIN, prepareDatabase, report, startServer } from './lib';

const CONCURRENCY = 40;

type Trial = { awards: number; statuses: Record<string, number>; wallMs: number; medianMs: number };

async function timed(url: string, path: string, cookie: string, body: unknown): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

export async function awardsTwoProcessesBench(trials = 8) {
  const dir = mkdtempSync(join(tmpdir(), 'ascenso-bench-awards-'));
  const file = join(dir, 'app.db');
  // One user per trial, per shape and per topology (a 1-per-day activity awards once per user and day).
  const users = await prepareDatabase(file, trials * 4);
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  // Two instances on one file share a Redis, as they must (decision 035); the awards are decided by the database.
  const redis = await startRedis();
  const shared = { DATABASE_PATH: file, REDIS_URL: redis.url, INSTANCES: '2' };
  const servers = await Promise.all([startServer(shared), startServer(shared)]);
  const planned = breakSeconds(findActiveBreak('cuello')!);
  const grant = db.prepare("insert into step_evidence (id, user_id, activity_key, source, ref, created_at) values (?, ?, 'sesion_completa', 'session', ?, ?)");
  const practice = db.prepare(
    "insert into practice_sessions (id, user_id, kind, ref, planned_seconds, started_at) values (?, ?, 'active_break', 'cuello', ?, ?)",
  );
  const awardsOf = db.prepare('select count(*) as n from activity_completions where user_id = ? and award_slot is not null').pluck();
  let next = 0;

  async function trial(shape: 'claims' | 'practice', urls: string[]): Promise<Trial> {
    const user = users[next++];
    if (!user) throw new Error('not enough users');
    let send: (url: string) => Promise<{ status: number; ms: number }>;
    if (shape === 'claims') {
      db.transaction(() => {
        for (let i = 0; i < CONCURRENCY; i += 1) grant.run(crypto.randomUUID(), user.userId, crypto.randomUUID(), Date.now());
      })();
      send = (url) => timed(url, '/api/activity-log', user.cookie, { activity_key: 'sesion_completa' });
    } else {
      const sessionId = crypto.randomUUID();
      practice.run(sessionId, user.userId, planned, Date.now() - (planned + 2) * 1000);
      send = (url) => timed(url, '/api/trpc/practice.complete', user.cookie, { json: { sessionId, practicedSeconds: planned } });
    }
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => send(urls[i % urls.length] ?? '')));
    const wallMs = performance.now() - started;
    const statuses: Record<string, number> = {};
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return { awards: Number(awardsOf.get(user.userId)), statuses, wallMs, medianMs: median(results.map((r) => r.ms)) };
  }

  try {
    const two = servers.map((s) => s.url);
    const one = [servers[0]?.url ?? ''];
    const rows: Array<[string, string | number]> = [];
    let ok = true;
    for (const shape of ['claims', 'practice'] as const) {
      const twoTrials: Trial[] = [];
      const oneTrials: Trial[] = [];
      // Interleaved: two processes, then one, per round.
      for (let i = 0; i < trials; i += 1) {
        twoTrials.push(await trial(shape, two));
        oneTrials.push(await trial(shape, one));
      }
      const all = [...twoTrials, ...oneTrials];
      const exact = all.every((t) => t.awards === 1);
      const no5xx = all.every((t) => Object.keys(t.statuses).every((s) => Number(s) < 500));
      ok &&= exact && no5xx;
      rows.push(
        [`${shape}: awards per trial, two processes`, twoTrials.map((t) => t.awards).join(' ')],
        [`${shape}: awards per trial, one process`, oneTrials.map((t) => t.awards).join(' ')],
        [`${shape}: statuses (last two-process trial)`, JSON.stringify(twoTrials.at(-1)?.statuses ?? {})],
        [`${shape}: median request ms, two processes`, median(twoTrials.map((t) => t.medianMs))],
        [`${shape}: median request ms, one process`, median(oneTrials.map((t) => t.medianMs))],
        [`${shape}: median wall ms for 40, two processes`, median(twoTrials.map((t) => t.wallMs))],
        [`${shape}: median wall ms for 40, one process`, median(oneTrials.map((t) => t.wallMs))],
        [`${shape}: latency ratio two/one (median wall)`, median(twoTrials.map((t) => t.wallMs)) / median(oneTrials.map((t) => t.wallMs))],
        [`${shape}: exactly one award every trial, no 5xx`, exact && no5xx ? 'yes' : 'NO'],
      );
    }
    report(`(f) Awards under ${CONCURRENCY}-way concurrency, two processes on one file, ${trials} trials per shape and topology`, rows);
    return { ok };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await redis.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const trials = Number(process.argv[2] ?? 8);
  const result = await awardsTwoProcessesBench(Number.isInteger(trials) && trials > 0 ? trials : 8);
  process.exit(result.ok ? 0 : 1);
}
