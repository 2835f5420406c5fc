import { describe, expect, it } from 'vitest';
import { createTestApp, createTestClock } from '../../testing/test-app';

type Caller = ReturnType<ReturnType<typeof createTestApp>['callerFor']>;

/** Does an active break for real (started on the server, finished once its time has passed). */
async function doActiveBreak(t: ReturnType<typeof createTestApp>, caller: Caller) {
  const session = await caller.practice.start({ kind: 'active_break', ref: 'ojos' });
  t.clock.advance(session.plannedSeconds * 1000);
  return caller.practice.complete({ sessionId: session.sessionId, practicedSeconds: session.plannedSeconds });
}

describe('the plan arrives with its progress (completedToday)', () => {
  it('lists the activities the ledger holds on the plan’s day, in catalogue order, on today, generate and a forced regeneration', async () => {
    const t = createTestApp({ clock: createTestClock(new Date('2026-11-23T09:00:00Z')) });
    const { caller } = await t.signedInCaller({ firstName: 'Ana' });
    const generated = await caller.dailyPlan.generate();
    expect(generated.plan).toMatchObject({ day: '2026-11-23', completedToday: [] });

    await doActiveBreak(t, caller);
    const breathing = await caller.practice.start({ kind: 'breathing', ref: 'cuadrada', minutes: 1 });
    t.clock.advance(61_000);
    await caller.practice.complete({ sessionId: breathing.sessionId, practicedSeconds: 60 });

    expect((await caller.dailyPlan.today()).plan?.completedToday).toEqual(['active_break', 'breathing_short']);
    // Asked again without force: the same plan, with its progress.
    expect((await caller.dailyPlan.generate()).plan?.completedToday).toEqual(['active_break', 'breathing_short']);
    // A new plan for the same day: what was done today is still done.
    expect((await caller.dailyPlan.generate({ force: true })).plan?.completedToday).toEqual(['active_break', 'breathing_short']);
  });

  it('only the user’s own ledger counts', async () => {
    const t = createTestApp({ clock: createTestClock(new Date('2026-11-23T09:00:00Z')) });
    const ana = await t.signedInCaller({ firstName: 'Ana' });
    const leo = await t.signedInCaller({ firstName: 'Leo' });
    await ana.caller.dailyPlan.generate();
    await leo.caller.dailyPlan.generate();
    await doActiveBreak(t, leo.caller);
    expect((await ana.caller.dailyPlan.today()).plan?.completedToday).toEqual([]);
    expect((await leo.caller.dailyPlan.today()).plan?.completedToday).toEqual(['active_break']);
  });

  it('the day is the user’s local day: the evening’s break marks that day’s plan, and tomorrow’s plan starts undone', async () => {
    // 23:00 on 22 November in Mexico City (UTC-6) is 05:00 UTC on the 23rd: the next hour is the same UTC day.
    const t = createTestApp({ clock: createTestClock(new Date('2026-11-23T05:00:00Z')) });
    const { caller } = await t.signedInCaller({ firstName: 'Ana' });
    await caller.profile.update({ firstName: 'Ana', timezone: 'America/Mexico_City' });
    expect((await caller.dailyPlan.generate()).plan?.day).toBe('2026-11-22');
    await doActiveBreak(t, caller);
    expect((await caller.dailyPlan.today()).plan).toMatchObject({ day: '2026-11-22', completedToday: ['active_break'] });

    t.clock.advance(60 * 60 * 1000); // 00:00:40 on the 23rd, local time
    expect((await caller.dailyPlan.today()).plan).toBeNull();
    expect((await caller.dailyPlan.generate()).plan).toMatchObject({ day: '2026-11-23', completedToday: [] });
    await doActiveBreak(t, caller);
    expect((await caller.dailyPlan.today()).plan).toMatchObject({ day: '2026-11-23', completedToday: ['active_break'] });
  });
});
