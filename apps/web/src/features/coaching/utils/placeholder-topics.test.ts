import { describe, expect, it } from 'vitest';
import {
  PLACEHOLDER_PREFIX,
  PLACEHOLDER_ROTATION_MS,
  PLACEHOLDER_TOPICS,
  nextPlaceholderIndex,
  placeholderAt,
  shouldRotatePlaceholder,
} from './placeholder-topics';

describe('Home placeholder rotation', () => {
  it('has eight distinct topics and rotates every 4 s', () => {
    expect(PLACEHOLDER_TOPICS).toHaveLength(8);
    expect(new Set(PLACEHOLDER_TOPICS).size).toBe(8);
    expect(PLACEHOLDER_ROTATION_MS).toBe(4000);
  });

  it('every placeholder begins with "Hoy quiero hablar de"', () => {
    for (let i = 0; i < PLACEHOLDER_TOPICS.length; i += 1) {
      expect(placeholderAt(i).startsWith(`${PLACEHOLDER_PREFIX} `)).toBe(true);
    }
    expect(placeholderAt(0)).toBe('Hoy quiero hablar de cómo delegar más en mi equipo...');
  });

  it('cycles through all topics and wraps around', () => {
    const seen: string[] = [];
    let index = 0;
    for (let step = 0; step < 8; step += 1) {
      seen.push(placeholderAt(index));
      index = nextPlaceholderIndex(index);
    }
    expect(new Set(seen).size).toBe(8);
    expect(index).toBe(0);
    expect(placeholderAt(8)).toBe(placeholderAt(0));
    expect(placeholderAt(-1)).toBe(placeholderAt(7));
  });

  it('copes with an empty topic list', () => {
    expect(placeholderAt(3, [])).toBe('Hoy quiero hablar de...');
    expect(nextPlaceholderIndex(3, 0)).toBe(0);
  });

  it('rotates only while the box is empty', () => {
    expect(shouldRotatePlaceholder('')).toBe(true);
    expect(shouldRotatePlaceholder(' ')).toBe(false);
    expect(shouldRotatePlaceholder('hola')).toBe(false);
  });
});
