import { BREATHING_PATTERNS, breathsPerMinute } from '@ascenso/domain/breathing';
import { describe, expect, it } from 'vitest';
import { breathsPerMinuteText, howToText, patternSubtitle } from './pattern-text';

describe('breathing pattern text', () => {
  it('writes the rate with a decimal comma', () => {
    expect(breathsPerMinuteText(5.5)).toBe('5,5 respiraciones por minuto');
    expect(breathsPerMinuteText(4)).toBe('4 respiraciones por minuto');
  });

  it('never says the rate twice in a card subtitle, for every pattern of the catalogue', () => {
    for (const pattern of BREATHING_PATTERNS) {
      const subtitle = patternSubtitle({ name: pattern.name, breathsPerMinute: breathsPerMinute(pattern) });
      expect(subtitle.match(/respiraciones por minuto/g), pattern.id).toHaveLength(1);
      expect(subtitle.startsWith(pattern.name)).toBe(true);
    }
    expect(patternSubtitle({ name: 'Respiración coherente (5,5 respiraciones por minuto)', breathsPerMinute: 5.5 })).toBe(
      'Respiración coherente (5,5 respiraciones por minuto)',
    );
    expect(patternSubtitle({ name: 'Respiración 4-7-8', breathsPerMinute: 3.2 })).toBe('Respiración 4-7-8 · 3,2 respiraciones por minuto');
  });

  it('says the rate in "Cómo se hace" only when the evidence beside it does not', () => {
    for (const pattern of BREATHING_PATTERNS) {
      const view = { breathsPerMinute: breathsPerMinute(pattern), evidence: pattern.evidence };
      const screen = `${howToText(view)} ${pattern.evidence.summary}`;
      expect(screen.split(breathsPerMinuteText(view.breathsPerMinute)).length - 1, pattern.id).toBe(1);
    }
  });
});
