import { describe, expect, it } from 'vitest';
import { isCounterHiddenOn, nextCounterVisibility } from './counter-visibility';

describe('isCounterHiddenOn', () => {
  it.each([
    ['/assessment', true],
    ['/evaluacion', true],
    ['/evaluacion/', true],
    ['/coaching/chat', true],
    ['/journaling/chat', true],
    ['/', false],
    ['/profile', false],
    ['/assessment/results', false],
    ['/coaching', false],
    ['/journaling', false],
  ])('%s → %s', (path, hidden) => expect(isCounterHiddenOn(path)).toBe(hidden));
});

describe('nextCounterVisibility', () => {
  it('hides only when scrolling down past 100 px, and shows again on the way up', () => {
    expect(nextCounterVisibility(true, 0, 80)).toBe(true);
    expect(nextCounterVisibility(true, 80, 100)).toBe(true);
    expect(nextCounterVisibility(true, 100, 101)).toBe(false);
    expect(nextCounterVisibility(false, 400, 500)).toBe(false);
    expect(nextCounterVisibility(false, 500, 490)).toBe(true);
    expect(nextCounterVisibility(true, 490, 600)).toBe(false);
    expect(nextCounterVisibility(false, 600, 600)).toBe(false);
    expect(nextCounterVisibility(true, 600, 600)).toBe(true);
    expect(nextCounterVisibility(false, 20, 50)).toBe(true); // near the top it is always shown
  });
});
