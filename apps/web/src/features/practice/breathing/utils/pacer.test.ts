import { BREATHING_PATTERNS, findBreathingPattern } from '@ascenso/domain/breathing';
import { describe, expect, it } from 'vitest';
import { elapsedMs, pauseStopwatch, resumeStopwatch, startStopwatch } from '#lib/practice/stopwatch';
import { PACER_MAX_SCALE, PACER_MIN_SCALE, breathsIn, pacerAt, phaseLevels, remainingSeconds, rhythmLabel } from './pacer';

const box = findBreathingPattern('cuadrada')!;
const sigh = findBreathingPattern('suspiro-ciclico')!;
const coherent = findBreathingPattern('coherente')!;

describe('breathing pacer view model', () => {
  it('names the phase and counts its seconds down (box breathing)', () => {
    expect(pacerAt(box, 0)).toMatchObject({ word: 'Inhala', kind: 'inhale', countdown: 4, cycles: 0 });
    expect(pacerAt(box, 0.5).countdown).toBe(4);
    expect(pacerAt(box, 1).countdown).toBe(3);
    expect(pacerAt(box, 3.9).countdown).toBe(1);
    expect(pacerAt(box, 4)).toMatchObject({ word: 'Mantén', kind: 'hold', countdown: 4 });
    expect(pacerAt(box, 8)).toMatchObject({ word: 'Exhala', countdown: 4 });
    expect(pacerAt(box, 12)).toMatchObject({ word: 'Mantén', phaseIndex: 3 });
    expect(pacerAt(box, 16)).toMatchObject({ word: 'Inhala', cycles: 1, step: 4 });
  });

  it('grows on the inhale, holds full, shrinks on the exhale, holds empty', () => {
    expect(pacerAt(box, 0).scale).toBeCloseTo(PACER_MIN_SCALE);
    expect(pacerAt(box, 2).scale).toBeGreaterThan(PACER_MIN_SCALE);
    expect(pacerAt(box, 2).scale).toBeLessThan(PACER_MAX_SCALE);
    expect(pacerAt(box, 5).scale).toBeCloseTo(PACER_MAX_SCALE);
    expect(pacerAt(box, 7.9).scale).toBeCloseTo(PACER_MAX_SCALE);
    expect(pacerAt(box, 10).scale).toBeLessThan(PACER_MAX_SCALE);
    expect(pacerAt(box, 13).scale).toBeCloseTo(PACER_MIN_SCALE);
  });

  it('tops the inhale up on the cyclic sigh and says so', () => {
    expect(pacerAt(sigh, 2.2)).toMatchObject({ word: 'Inhala un poco más', kind: 'inhale-top', countdown: 1 });
    expect(phaseLevels(sigh)[0]!.to).toBeLessThan(PACER_MAX_SCALE);
    expect(phaseLevels(sigh)[1]!.to).toBe(PACER_MAX_SCALE);
    expect(pacerAt(sigh, 3)).toMatchObject({ word: 'Exhala', countdown: 6 });
  });

  it('handles half seconds (coherent breathing at 5.5 s)', () => {
    expect(pacerAt(coherent, 5.4)).toMatchObject({ word: 'Inhala', countdown: 1 });
    expect(pacerAt(coherent, 5.5)).toMatchObject({ word: 'Exhala', countdown: 6 });
    expect(pacerAt(coherent, 11)).toMatchObject({ word: 'Inhala', cycles: 1 });
  });

  it('has a word for every phase of every pattern', () => {
    for (const pattern of BREATHING_PATTERNS) {
      for (let t = 0; t < 40; t += 0.5) expect(pacerAt(pattern, t).word).toMatch(/^(Inhala|Mantén|Exhala|Inhala un poco más)$/);
    }
  });

  it('freezes while paused and continues where it stopped', () => {
    let watch = startStopwatch(0);
    const before = pacerAt(box, elapsedMs(watch, 5_000) / 1000); // 5 s: holding, 3 s left
    watch = pauseStopwatch(watch, 5_000);
    expect(pacerAt(box, elapsedMs(watch, 60_000) / 1000)).toEqual(before);
    watch = resumeStopwatch(watch, 60_000);
    expect(pacerAt(box, elapsedMs(watch, 63_000) / 1000)).toMatchObject({ word: 'Exhala', countdown: 4 });
  });

  it('labels the rhythm and counts breaths and time left', () => {
    expect(rhythmLabel(box)).toBe('4-4-4-4');
    expect(rhythmLabel(coherent)).toBe('5,5-5,5');
    expect(breathsIn(box, 1)).toBe(3);
    expect(remainingSeconds(60, 0)).toBe(60);
    expect(remainingSeconds(60, 59.2)).toBe(1);
    expect(remainingSeconds(60, 61)).toBe(0);
  });
});
