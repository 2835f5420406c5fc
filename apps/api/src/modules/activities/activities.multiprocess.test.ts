import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../../deps';
import { loadConfig } from '../../env';
import { createLogger } from '../../logger';
import { register } from '../auth/auth.service';
import { startServerProcess } from '../../testing/server-process';

const ORIGIN = 'http://localhost:3999';
const children: ChildProcess[] = [];
let dir: string;
let cookie: string;
let userId: string;
let urls: string[];
let db: ReturnType<typeof createDeps>['dbHandle']['sqlite'];
let deps: ReturnType<typeof createDeps>;

async function startServer(databasePath: string) {
  const started = await startServerProcess(databasePath, ORIGIN);
  children.push(started.child);
  return started;
}

/** Unused evidence of `activityKey` (as if the user had finished that many activities). */
function grant(activityKey: string, count: number) {
  const insert = db.prepare(
    'insert into step_evidence (id, user_id, activity_key, source, ref, created_at) values (?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < count; i += 1)
    insert.run(crypto.randomUUID(), userId, activityKey, 'practice', crypto.randomUUID(), Date.now());
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ascenso-two-processes-'));
  const databasePath = join(dir, 'app.db');
  deps = createDeps(loadConfig({ DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' }), {
    logger: createLogger('silent'),
  });
  const signedIn = await register(
    deps,
    { email: 'dos@ejemplo.es', password: 'una frase bastante larga', firstName: 'Dos' },
    { ip: '127.0.0.1' },
  );
  cookie = `session=${signedIn.token}`;
  userId = signedIn.user.id;
  urls = (await Promise.all([startServer(databasePath), startServer(databasePath)])).map((s) => s.url);
  db = deps.dbHandle.sqlite;
}, 60_000);

afterAll(() => {
  deps?.dbHandle.close();
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/activity-log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie, ...headers },
    body: JSON.stringify(body),
  });
}

describe('two server processes on one database file', () => {
  it('award a 1-per-day activity exactly once under 40 concurrent completions, with no 5xx', async () => {
    grant('sesion_completa', 40);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(urls[i % 2] ?? '', { activity_key: 'sesion_completa' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(200));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Array<{
      stepsEarned: number;
      totalSteps: number;
    }>;
    expect(bodies.filter((b) => b.stepsEarned > 0)).toHaveLength(1);
    expect(Math.max(...bodies.map((b) => b.totalSteps))).toBe(1250);
  });

  it('replay one Idempotency-Key across both processes', async () => {
    grant('active_break', 10);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(urls[i % 2] ?? '', { activity_key: 'active_break' }, { 'idempotency-key': 'cross-process-key-1' }),
      ),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(texts).size).toBe(1);
    const stats = await fetch(`${urls[0]}/api/activity-log/users/${userId}/activity-stats`, { headers: { cookie } });
    const { stats: s } = (await stats.json()) as {
      stats: { byActivity: Array<{ activityKey: string; todayCount: number }> };
    };
    expect(s.byActivity.find((a) => a.activityKey === 'active_break')?.todayCount).toBe(1);
  });

  it('refuse 40 concurrent completions with no evidence: all 409, nothing recorded', async () => {
    const before = (
      db.prepare('select count(*) as n from activity_completions where user_id = ?').get(userId) as { n: number }
    ).n;
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(urls[i % 2] ?? '', { activity_key: 'breathing_long' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(409));
    const after = (
      db.prepare('select count(*) as n from activity_completions where user_id = ?').get(userId) as { n: number }
    ).n;
    expect(after).toBe(before);
  });
});
