import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE, ACTIVITY_KEYS, CompleteActivityInputSchema, IdempotencyKeySchema, decideAward } from './activities';

describe('the catalogue', () => {
  it('has the 12 activities of the spec with multiplier 1', () => {
    expect(ACTIVITY_CATALOGUE.map((a) => a.key)).toEqual([...ACTIVITY_KEYS]);
    expect(ACTIVITY_CATALOGUE.every((a) => a.multiplier === 1)).toBe(true);
  });

  it.each([
    ['active_break', 70, 10],
    ['breathing_short', 85, 8],
    ['breathing_long', 200, 5],
    ['audio_ascenso_daily', 165, 1],
    ['audio_ascenso_archive', 50, 3],
    ['journaling', 325, 2],
    ['consulta_rapida', 225, 3],
    ['sesion_completa', 1250, 1],
    ['fitness_class_short', 315, 3],
    ['fitness_class_medium', 650, 2],
    ['fitness_class_long', 1175, 1],
    ['assessment_completed', 1000, 1],
  ])('%s: %i pasos, %i a day', (key, base, limit) => {
    const activity = ACTIVITY_CATALOGUE.find((a) => a.key === key);
    expect(activity).toMatchObject({ baseSteps: base, dailyLimit: limit });
  });
});

describe('decideAward', () => {
  const journaling = { baseSteps: 325, multiplier: 1, dailyLimit: 2 };
  it.each([
    [0, { stepsEarned: 325, limitReached: false, awardSlot: 1 }],
    [1, { stepsEarned: 325, limitReached: false, awardSlot: 2 }],
    [2, { stepsEarned: 0, limitReached: true, awardSlot: null }],
    [7, { stepsEarned: 0, limitReached: true, awardSlot: null }],
  ])('after %i awards today → %j', (awarded, expected) => {
    expect(decideAward(journaling, awarded)).toEqual(expected);
  });

  it('applies the multiplier and rounds', () => {
    expect(decideAward({ baseSteps: 85, multiplier: 1.5, dailyLimit: 1 }, 0).stepsEarned).toBe(128);
  });

  it('never awards an activity whose limit is 0', () => {
    expect(decideAward({ baseSteps: 100, multiplier: 1, dailyLimit: 0 }, 0)).toMatchObject({
      stepsEarned: 0,
      limitReached: true,
    });
  });
});

describe('CompleteActivityInputSchema', () => {
  it.each([
    [{ activity_key: 'journaling' }, true],
    [{ activity_key: 'assessment_completed', duration_minutes: 1 }, true],
    [{ activity_key: 'active_break', metadata: { tag: 'cuello', seconds: 90 } }, true],
    [{ activity_key: 'unknown' }, false],
    [{ activity_key: 'journaling', duration_minutes: -1 }, false],
    [{ activity_key: 'journaling', duration_minutes: 100000 }, false],
    [{ activity_key: 'journaling', duration_minutes: '5' }, false],
    [{ activity_key: 'journaling', metadata: { nested: { a: 1 } } }, false],
    [{}, false],
  ])('%j → valid: %s', (input, ok) => {
    expect(CompleteActivityInputSchema.safeParse(input).success).toBe(ok);
  });
});

describe('IdempotencyKeySchema', () => {
  it.each([
    ['3f0c1c1e-6a4e-4d5e-9d1f-0a1b2c3d4e5f', true],
    ['short', false],
    ['with space inside', false],
    ['x'.repeat(256), false],
  ])('%s → %s', (key, ok) => expect(IdempotencyKeySchema.safeParse(key).success).toBe(ok));
});

describe('metadata keys', () => {
  it.each([
    ['{"ok_1":"x"}', true],
    ['{"constructor":"x"}', false],
    ['{"__proto__":"x"}', false],
    ['{"prototype":1}', false],
    ['{"a b":1}', false],
    ['{"1abc":1}', false],
    [`{"${'k'.repeat(65)}":1}`, false],
    [JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]))), false],
  ])('%s → valid: %s', (metadata, ok) => {
    // JSON.parse keeps "__proto__" as an own key, as a request body does.
    const input = JSON.parse(`{"activity_key":"journaling","metadata":${metadata}}`) as unknown;
    expect(CompleteActivityInputSchema.safeParse(input).success).toBe(ok);
  });
});
