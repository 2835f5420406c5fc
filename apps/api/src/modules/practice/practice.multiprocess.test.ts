import { breakSeconds, findActiveBreak } from '@ascenso/domain/active-breaks';
import { expect, it } from 'vitest';
import { describeWithRedis } from '../../testing/redis';
import { useTwoServerProcesses, type TwoProcesses } from '../../testing/two-processes';

const ORIGIN = 'http://localhost:3998';
const TRIALS = 5;
const CONCURRENCY = 8;
/** The suite's two processes (they share a Redis, as two instances must): set when the suite is collected. */
let two: TwoProcesses;

/** A practice started on the server long enough ago to be complete (written as `practice.start` would). */
function practiceStartedAgo(seconds: number, planned: number): string {
  const id = crypto.randomUUID();
  two.db
    .prepare("insert into practice_sessions (id, user_id, kind, ref, planned_seconds, started_at) values (?, ?, 'active_break', 'cuello', ?, ?)")
    .run(id, two.userId, planned, Date.now() - seconds * 1000);
  return id;
}

describeWithRedis('practice.complete from two server processes on one database file', () => {
  two = useTwoServerProcesses({ origin: ORIGIN, name: 'practice-two-processes', email: 'practica@ejemplo.es', firstName: 'Pia' });
  it(`awards one practice exactly once under ${CONCURRENCY} concurrent completions, in each of ${TRIALS} trials`, async () => {
    const planned = breakSeconds(findActiveBreak('cuello')!);
    const awardsPerTrial: number[] = [];
    for (let trial = 0; trial < TRIALS; trial += 1) {
      const sessionId = practiceStartedAgo(planned + 2, planned);
      const responses = await Promise.all(
        Array.from({ length: CONCURRENCY }, (_, i) =>
          fetch(`${two.urls[i % 2]}/api/trpc/practice.complete`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: two.cookie },
            body: JSON.stringify({ json: { sessionId, practicedSeconds: planned } }),
          }),
        ),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array(CONCURRENCY - 1).fill(409)]);
      const rows = two.db
        .prepare("select steps_earned from activity_completions where user_id = ? and json_extract(metadata, '$.sessionId') = ?")
        .all(two.userId, sessionId) as Array<{ steps_earned: number }>;
      awardsPerTrial.push(rows.length);
    }
    expect(awardsPerTrial).toEqual(Array(TRIALS).fill(1));
    const total = two.db.prepare('select total_steps from step_totals where user_id = ?').get(two.userId) as {
      total_steps: number;
    };
    expect(total.total_steps).toBe(70 * TRIALS);
  }, 60_000);
});
