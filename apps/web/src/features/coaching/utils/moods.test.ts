import { describe, expect, it } from 'vitest';
import { MOOD_OPTIONS, resolveMood, savedStepsMessage, wordsLabel } from './moods';

describe('journal mood', () => {
  it('offers the six chips', () => {
    expect(MOOD_OPTIONS).toEqual(['tranquila/o', 'cansada/o', 'agradecida/o', 'preocupada/o', 'motivada/o', 'triste']);
  });
  it('prefers the user’s own words, trimmed to 40 characters', () => {
    expect(resolveMood('triste', '  con ganas de empezar ')).toBe('con ganas de empezar');
    expect(resolveMood(null, 'x'.repeat(60))).toHaveLength(40);
    expect(resolveMood('triste', '   ')).toBe('triste');
    expect(resolveMood(null, '')).toBeUndefined();
  });
});

describe('after saving', () => {
  it('explains the 50-word minimum when no steps were earned', () => {
    expect(savedStepsMessage({ wordCount: 12, stepsEarned: 0, minWords: 50 })).toBe('Escribe al menos 50 palabras para sumar pasos.');
  });
  it('says how many steps were earned', () => {
    expect(savedStepsMessage({ wordCount: 60, stepsEarned: 325, minWords: 50 })).toBe('Has sumado 325 pasos.');
  });
  it("gives the server's reason when an entry did not earn (too short or too repetitive)", () => {
    const stepsNote = 'Esta entrada no suma pasos porque repite muchas palabras: para sumarlos, escribe al menos 20 palabras distintas.';
    expect(savedStepsMessage({ wordCount: 60, stepsEarned: 0, minWords: 50, stepsNote })).toBe(stepsNote);
  });
  it('says the daily limit was reached when long enough but not rewarded', () => {
    expect(savedStepsMessage({ wordCount: 80, stepsEarned: 0, minWords: 50 })).toMatch(/Hoy ya has sumado/);
  });
  it('labels word counts', () => {
    expect(wordsLabel(1)).toBe('1 palabra');
    expect(wordsLabel(57)).toBe('57 palabras');
  });
});
