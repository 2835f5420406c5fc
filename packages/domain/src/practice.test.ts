import { describe, expect, it } from 'vitest';
import { ACTIVE_BREAKS, breakSeconds } from './active-breaks';
import { BREATHING_PATTERNS, breathingActivityKey, breathsPerMinute, cycleSeconds, findBreathingPattern, phaseAt } from './breathing';
import { FITNESS_CLASSES, classMinutes, fitnessActivityKey, fitnessBand } from './fitness';
import { JournalEntryInputSchema, countWords, promptForDay } from './journal';

describe('breathing patterns', () => {
  it('include box 4-4-4-4, 4-7-8, coherent (~5.5/min) and the cyclic sigh (5 min), with evidence', () => {
    const ids = BREATHING_PATTERNS.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining(['cuadrada', '4-7-8', 'coherente', 'suspiro-ciclico']));
    expect(findBreathingPattern('cuadrada')?.phases.map((p) => p.seconds)).toEqual([4, 4, 4, 4]);
    expect(findBreathingPattern('4-7-8')?.phases.map((p) => p.seconds)).toEqual([4, 7, 8]);
    expect(breathsPerMinute(findBreathingPattern('coherente')!)).toBeCloseTo(5.5, 1);
    expect(findBreathingPattern('suspiro-ciclico')?.defaultMinutes).toBe(5);
    for (const p of BREATHING_PATTERNS) expect(p.evidence.summary.length).toBeGreaterThan(40);
  });

  it.each([
    [0, 'Inhala', 4, 0],
    [3.5, 'Inhala', 0.5, 0],
    [4, 'Mantén', 4, 0],
    [9, 'Exhala', 3, 0],
    [12, 'Mantén', 4, 0],
    [16, 'Inhala', 4, 1],
    [41, 'Exhala', 3, 2],
  ])('box pacer at %s s: %s, %s s left, %s cycles done', (elapsed, label, remaining, cycles) => {
    const at = phaseAt(findBreathingPattern('cuadrada')!, elapsed);
    expect(at.phase.label).toBe(label);
    expect(at.remaining).toBeCloseTo(remaining);
    expect(at.cycles).toBe(cycles);
  });

  it('cycles in the stated rhythm', () => {
    expect(cycleSeconds(findBreathingPattern('4-7-8')!)).toBe(19);
    expect(phaseAt(findBreathingPattern('suspiro-ciclico')!, 2.5).phase.label).toBe('Inhala un poco más');
  });

  it.each([
    [60, 'breathing_short'],
    [299, 'breathing_short'],
    [300, 'breathing_long'],
    [900, 'breathing_long'],
  ])('%i s of practice → %s', (seconds, key) => expect(breathingActivityKey(seconds)).toBe(key));
});

describe('fitness classes', () => {
  it('cover every duration band with levels, equipment and one-line instructions', () => {
    const bands = new Set(FITNESS_CLASSES.map((c) => fitnessBand(classMinutes(c))));
    expect([...bands].sort()).toEqual(['corta', 'larga', 'media']);
    for (const c of FITNESS_CLASSES) {
      for (const e of c.exercises) {
        expect(e.instruction.length).toBeLessThanOrEqual(60);
        expect(e.instruction).not.toContain('\n');
      }
    }
  });

  it.each([
    [7, 'fitness_class_short'],
    [14, 'fitness_class_short'],
    [15, 'fitness_class_medium'],
    [29, 'fitness_class_medium'],
    [30, 'fitness_class_long'],
  ])('%i min → %s', (minutes, key) => expect(fitnessActivityKey(minutes)).toBe(key));
});

describe('active breaks', () => {
  it('last 1–3 minutes with moves readable in two seconds', () => {
    expect(ACTIVE_BREAKS.map((b) => b.tag)).toEqual(expect.arrayContaining(['cuello', 'espalda', 'ojos', 'muñecas', 'piernas', 'respiracion']));
    for (const b of ACTIVE_BREAKS) {
      expect(breakSeconds(b)).toBeGreaterThanOrEqual(60);
      expect(breakSeconds(b)).toBeLessThanOrEqual(180);
      for (const move of b.moves) expect(countWords(move.instruction)).toBeLessThanOrEqual(7);
    }
  });
});

describe('journal', () => {
  it('counts words and rotates prompts by day', () => {
    expect(countWords('  Hoy  ha sido — un buen día. ')).toBe(6);
    expect(promptForDay('2026-11-22')).toBe(promptForDay('2026-11-22'));
    expect(promptForDay('2026-11-22')).not.toBe(promptForDay('2026-11-23'));
  });
  it('asks for the mood first and a non-empty body', () => {
    expect(JournalEntryInputSchema.safeParse({ mood: 'gratitud', body: 'Hola' }).success).toBe(true);
    expect(JournalEntryInputSchema.safeParse({ mood: '', body: 'Hola' }).success).toBe(false);
    expect(JournalEntryInputSchema.safeParse({ mood: 'x', body: '   ' }).success).toBe(false);
  });
});
