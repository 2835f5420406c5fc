import { describe, expect, it } from 'vitest';
import { ACTIVITY_KEYS } from './activities';
import { ACTIVITY_AREAS } from './assessment-evaluation';
import { PLAN_AREA_ACTIVITIES, isPlanAreaDone, planAreaOfLinkClass, progressAfterCompletion } from './plan-progress';

describe('plan areas and their activities', () => {
  it('every area of the plan maps to catalogue activities, each activity to at most one area; only the assessment carries out none', () => {
    const mapped = ACTIVITY_AREAS.flatMap((area) => PLAN_AREA_ACTIVITIES[area]);
    for (const area of ACTIVITY_AREAS) expect(PLAN_AREA_ACTIVITIES[area].length, area).toBeGreaterThan(0);
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(ACTIVITY_KEYS.filter((key) => !mapped.includes(key))).toEqual(['assessment_completed']);
  });

  it('reads a link class as its area ("meditations" is the audio area too); other classes are no area', () => {
    expect(planAreaOfLinkClass('breathing')).toBe('breathing');
    expect(planAreaOfLinkClass('active-breaks')).toBe('active-breaks');
    expect(planAreaOfLinkClass('meditation')).toBe('meditation');
    expect(planAreaOfLinkClass('meditations')).toBe('meditation');
    for (const other of ['btn', 'toString', '__proto__', 'constructor', '', null, undefined]) expect(planAreaOfLinkClass(other), String(other)).toBeNull();
  });

  it.each([
    ['breathing', ['breathing_short'], true],
    ['breathing', ['breathing_long'], true],
    ['fitness', ['fitness_class_medium'], true],
    ['coaching', ['sesion_completa'], true],
    ['coaching', ['consulta_rapida'], true],
    ['meditation', ['audio_ascenso_archive'], true],
    ['journal', ['journaling'], true],
    ['active-breaks', ['active_break'], true],
    ['active-breaks', ['breathing_short', 'journaling', 'assessment_completed'], false],
    ['journal', [], false],
  ] as const)('an item of %s with %j in the ledger is done: %s', (area, completed, done) => {
    expect(isPlanAreaDone(area, completed)).toBe(done);
  });

  it('an item with no area is never done', () => {
    expect(isPlanAreaDone(null, [...ACTIVITY_KEYS])).toBe(false);
  });
});

describe('a pushed completion and the plan’s progress', () => {
  const plan = { day: '2026-11-23', completedToday: ['journaling'] };

  it('a completion of the plan’s day joins its completed activities, once', () => {
    expect(progressAfterCompletion(plan, 'active_break', '2026-11-23')).toEqual({ completedToday: ['journaling', 'active_break'], stale: false });
    expect(progressAfterCompletion(plan, 'journaling', '2026-11-23')).toEqual({ completedToday: null, stale: false });
  });

  it('a completion of the next day leaves yesterday’s plan as it was and says it is stale (the day rolled over)', () => {
    expect(progressAfterCompletion(plan, 'active_break', '2026-11-24')).toEqual({ completedToday: null, stale: true });
    expect(progressAfterCompletion(plan, 'active_break', '2027-01-01')).toEqual({ completedToday: null, stale: true });
  });

  it('a completion of an earlier day (replayed after a reconnect) changes nothing', () => {
    expect(progressAfterCompletion(plan, 'active_break', '2026-11-22')).toEqual({ completedToday: null, stale: false });
  });
});
