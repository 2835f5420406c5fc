import { expect, it } from 'vitest';
import { describeWithRedis } from '../../testing/redis';
import { useTwoServerProcesses, type TwoProcesses } from '../../testing/two-processes';

const ORIGIN = 'http://localhost:3999';
/** The suite's two processes (they share a Redis, as two instances must): set when the suite is collected. */
let two: TwoProcesses;

/** Unused evidence of `activityKey` (as if the user had finished that many activities). */
function grant(activityKey: string, count: number) {
  const insert = two.db.prepare('insert into step_evidence (id, user_id, activity_key, source, ref, created_at) values (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < count; i += 1) insert.run(crypto.randomUUID(), two.userId, activityKey, 'practice', crypto.randomUUID(), Date.now());
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${url}/api/activity-log`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: two.cookie, ...headers },
    body: JSON.stringify(body),
  });
}

describeWithRedis('two server processes on one database file', () => {
  two = useTwoServerProcesses({ origin: ORIGIN, name: 'two-processes', email: 'dos@ejemplo.es', firstName: 'Dos' });
  it('award a 1-per-day activity exactly once under 40 concurrent completions, with no 5xx', async () => {
    grant('sesion_completa', 40);
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => post(two.urls[i % 2] ?? '', { activity_key: 'sesion_completa' })));
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
      Array.from({ length: 10 }, (_, i) => post(two.urls[i % 2] ?? '', { activity_key: 'active_break' }, { 'idempotency-key': 'cross-process-key-1' })),
    );
    const texts = await Promise.all(responses.map((r) => r.text()));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect(new Set(texts).size).toBe(1);
    const stats = await fetch(`${two.urls[0]}/api/activity-log/users/${two.userId}/activity-stats`, {
      headers: { cookie: two.cookie },
    });
    const { stats: s } = (await stats.json()) as {
      stats: { byActivity: Array<{ activityKey: string; todayCount: number }> };
    };
    expect(s.byActivity.find((a) => a.activityKey === 'active_break')?.todayCount).toBe(1);
  });

  it('refuse 40 concurrent completions with no evidence: all 409, nothing recorded', async () => {
    const before = (
      two.db.prepare('select count(*) as n from activity_completions where user_id = ?').get(two.userId) as {
        n: number;
      }
    ).n;
    const responses = await Promise.all(Array.from({ length: 40 }, (_, i) => post(two.urls[i % 2] ?? '', { activity_key: 'breathing_long' })));
    expect(responses.map((r) => r.status)).toEqual(Array(40).fill(409));
    const after = (
      two.db.prepare('select count(*) as n from activity_completions where user_id = ?').get(two.userId) as {
        n: number;
      }
    ).n;
    expect(after).toBe(before);
  });
});
