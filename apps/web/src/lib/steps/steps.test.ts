import { describe, expect, it } from 'vitest';
import { earnedStepsLabel, formatSteps, stepsLabel } from './format-steps';
import { patchStepStats, type StepStats } from './stats-cache';

describe('step formatting (es-ES)', () => {
  it('groups thousands with a dot from five digits, as Spanish does', () => {
    expect(formatSteps(0)).toBe('0');
    expect(formatSteps(1250)).toBe('1250');
    expect(formatSteps(12345)).toBe('12.345');
    expect(formatSteps(1234567)).toBe('1.234.567');
  });

  it('labels counts in singular and plural', () => {
    expect(stepsLabel(1)).toBe('1 paso');
    expect(stepsLabel(0)).toBe('0 pasos');
    expect(stepsLabel(12345)).toBe('12.345 pasos');
    expect(earnedStepsLabel(200)).toBe('+200 pasos');
  });
});

describe('patchStepStats', () => {
  const cached: StepStats = {
    stats: {
      totalSteps: 100,
      todaySteps: 10,
      day: '2026-11-22',
      byActivity: [
        {
          activityKey: 'journaling',
          name: 'Journaling guiado',
          icon: 'notebook',
          todayCount: 0,
          todaySteps: 0,
          dailyLimit: 2,
          remaining: 2,
        },
      ],
    },
  };

  it('sets the totals and keeps the rest', () => {
    expect(patchStepStats(cached, { totalSteps: 425, todaySteps: 335 })).toEqual({
      stats: { ...cached.stats, totalSteps: 425, todaySteps: 335 },
    });
  });

  it('keeps today when only the total is known (a completion result)', () => {
    expect(patchStepStats(cached, { totalSteps: 425 })?.stats.todaySteps).toBe(10);
  });

  it('has nothing to patch without cached stats', () => {
    expect(patchStepStats(undefined, { totalSteps: 1, todaySteps: 1 })).toBeUndefined();
  });
});
