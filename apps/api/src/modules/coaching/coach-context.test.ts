import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { recordUnverifiedActivity } from '../activities/activities.service';
import { buildCoachContext } from './coach-context';

describe('buildCoachContext', () => {
  it('summarises the last 7 local days of the ledger, oldest first, with the profile and commitments', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser({ firstName: 'Lucía' });
    await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    const row = (await t.deps.repos.users.findById(user.id))!;
    const day = 24 * 60 * 60 * 1000;
    // Eight days ago (outside the window), three days ago, and today twice.
    t.clock.advance(-8 * day);
    await recordUnverifiedActivity(t.deps, row, { activity_key: 'breathing_short' });
    t.clock.advance(5 * day);
    await recordUnverifiedActivity(t.deps, row, { activity_key: 'fitness_class_short' });
    t.clock.advance(3 * day);
    await recordUnverifiedActivity(t.deps, row, { activity_key: 'breathing_short' });
    await recordUnverifiedActivity(t.deps, row, { activity_key: 'breathing_short' });

    const context = await buildCoachContext(t.deps, row);
    expect(context.firstName).toBe('Lucía');
    expect(context.ledger).toHaveLength(7);
    expect(context.ledger.at(-1)?.day).toBe(context.today);
    expect(context.ledger.map((d) => d.day)).toEqual([...context.ledger.map((d) => d.day)].sort());
    const today = context.ledger.at(-1)!;
    expect(today.activities.breathing_short).toBe(2);
    expect(context.ledger[3]?.activities).toEqual({ fitness_class_short: 1 });
    expect(context.ledger.slice(0, 3).every((d) => d.steps === 0 && Object.keys(d.activities).length === 0)).toBe(true);
    const total = context.ledger.reduce((sum, d) => sum + d.steps, 0);
    const ledgerSteps = (await t.deps.repos.steps.rangeByActivity(user.id, context.ledger[0]!.day, context.today)).reduce((s, r) => s + r.steps, 0);
    expect(total).toBe(ledgerSteps);
    expect(total).toBeGreaterThan(0);
    expect(context.profile).not.toBeNull();
    // The derived profile is reused for the same assessment.
    expect((await buildCoachContext(t.deps, row)).profile).toBe(context.profile);
  });
});
