import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { breakSeconds, findActiveBreak } from '@ascenso/domain/active-breaks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../deps';
import { loadConfig } from '../../env';
import { createLogger } from '../../logger';
import { startServerProcess } from '../../testing/server-process';
import { register } from '../auth/auth.service';

const ORIGIN = 'http://localhost:3998';
const TRIALS = 5;
const CONCURRENCY = 8;
const children: ChildProcess[] = [];
let dir: string;
let cookie: string;
let userId: string;
let urls: string[];
let db: ReturnType<typeof createDeps>['dbHandle']['sqlite'];
let deps: ReturnType<typeof createDeps>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-practice-two-processes-'));
  const databasePath = join(dir, 'app.db');
  deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), {
    logger: createLogger('silent'),
  });
  const signedIn = await register(
    deps,
    { email: 'practica@ejemplo.es', password: 'una frase bastante larga', firstName: 'Pia' },
    { ip: '127.0.0.1' },
  );
  cookie = `session=${signedIn.token}`;
  userId = signedIn.user.id;
  const started = await Promise.all([
    startServerProcess(databasePath, ORIGIN),
    startServerProcess(databasePath, ORIGIN),
  ]);
  for (const s of started) children.push(s.child);
  urls = started.map((s) => s.url);
  db = deps.dbHandle.sqlite;
}, 60_000);

afterAll(() => {
  deps?.dbHandle.close();
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A practice started on the server long enough ago to be complete (written as `practice.start` would). */
function practiceStartedAgo(seconds: number, planned: number): string {
  const id = crypto.randomUUID();
  db.prepare(
    "insert into practice_sessions (id, user_id, kind, ref, planned_seconds, started_at) values (?, ?, 'active_break', 'cuello', ?, ?)",
  ).run(id, userId, planned, Date.now() - seconds * 1000);
  return id;
}

describe('practice.complete from two server processes on one database file', () => {
  it(`awards one practice exactly once under ${CONCURRENCY} concurrent completions, in each of ${TRIALS} trials`, async () => {
    const planned = breakSeconds(findActiveBreak('cuello')!);
    const awardsPerTrial: number[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const sessionId = practiceStartedAgo(planned + 2, planned);
      const responses = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) =>
          fetch(`${urls[i % 2]}/api/trpc/practice.complete`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, cookie },
            body: JSON.stringify({ json: { sessionId, practicedSeconds: planned } }),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array(CONCURRENCY - 1).fill(409)]);
      const rows = db
        .prepare(
          "select steps_earned from activity_completions where user_id = ? and json_extract(metadata, '$.sessionId') = ?",
        )
        .all(userId, sessionId) as Array<{ steps_earned: number }>;
      awardsPerTrial.push(rows.length);
    }
    expect(awardsPerTrial).toEqual(Array(TRIALS).fill(1));
    const total = db.prepare('select total_steps from step_totals where user_id = ?').get(userId) as {
      total_steps: number;
    };
    expect(total.total_steps).toBe(70 * TRIALS);
  }, 60_000);
});
