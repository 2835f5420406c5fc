import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastFromCompletion, toastFromEvent } from './completion-toast';
import { STEP_TOAST_DURATION_MS, STEP_TOAST_EXIT_MS, createStepToastQueue, stepToastCopy, type StepToastInput } from './step-toast-queue';

function toast(id: string, overrides: Partial<StepToastInput> = {}): StepToastInput {
  return {
    activityId: id,
    activityName: 'Respiración larga',
    stepsEarned: 200,
    limitReached: false,
    dailyLimit: 5,
    ...overrides,
  };
}

function setup({ reducedMotion = false } = {}) {
  const queue = createStepToastQueue({
    timers: {
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
    },
    reducedMotion: () => reducedMotion,
  });
  const shown: string[] = [];
  queue.onShown((t) => shown.push(t.activityId));
  const ids = () => queue.getSnapshot().map((t) => t.activityId);
  const phases = () => queue.getSnapshot().map((t) => `${t.activityId}:${t.phase}`);
  return { queue, shown, ids, phases };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('step toast queue', () => {
  it('shows a toast at once, for 4 s, then a 300 ms exit, then removes it', () => {
    const { queue, ids, phases } = setup();
    expect(queue.enqueue(toast('a'))).toBe(true);
    expect(phases()).toEqual(['a:visible']);
    vi.advanceTimersByTime(STEP_TOAST_DURATION_MS - 1);
    expect(phases()).toEqual(['a:visible']);
    vi.advanceTimersByTime(1);
    expect(phases()).toEqual(['a:exiting']);
    vi.advanceTimersByTime(STEP_TOAST_EXIT_MS - 1);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual([]);
  });

  it('skips the exit animation under reduced motion', () => {
    const { queue, ids } = setup({ reducedMotion: true });
    queue.enqueue(toast('a'));
    vi.advanceTimersByTime(STEP_TOAST_DURATION_MS);
    expect(ids()).toEqual([]);
  });

  it('shows queued completions 500 ms apart, at most 3 at once', () => {
    const { queue, ids } = setup();
    for (const id of ['a', 'b', 'c', 'd', 'e']) queue.enqueue(toast(id));
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(499);
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual(['a', 'b']);
    vi.advanceTimersByTime(500);
    expect(ids()).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(2000);
    expect(ids()).toEqual(['a', 'b', 'c']); // d waits: three are on screen

    // a leaves at 4 s (+300 ms exit); d takes its place, e follows 500 ms later.
    vi.advanceTimersByTime(4300 - 3000 - 1);
    expect(ids()).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual(['b', 'c', 'd']);
    vi.advanceTimersByTime(500);
    expect(ids()).toEqual(['c', 'd', 'e']); // b left at 4.5 s + 300 ms = 4.8 s, e came at 4.8 s
  });

  it('keeps the 500 ms spacing after a pause in the queue', () => {
    const { queue, ids } = setup();
    queue.enqueue(toast('a'));
    vi.advanceTimersByTime(200);
    queue.enqueue(toast('b'));
    expect(ids()).toEqual(['a']);
    vi.advanceTimersByTime(300);
    expect(ids()).toEqual(['a', 'b']);
    vi.advanceTimersByTime(2000);
    queue.enqueue(toast('c'));
    expect(ids()).toEqual(['a', 'b', 'c']); // more than 500 ms since the last one: at once
  });

  it('a click dismisses sooner (with the exit animation); dismissing twice is harmless', () => {
    const { queue, ids, phases } = setup();
    queue.enqueue(toast('a'));
    vi.advanceTimersByTime(1000);
    queue.dismiss('a');
    expect(phases()).toEqual(['a:exiting']);
    queue.dismiss('a');
    vi.advanceTimersByTime(STEP_TOAST_EXIT_MS);
    expect(ids()).toEqual([]);
    vi.advanceTimersByTime(10_000);
    expect(ids()).toEqual([]);
    queue.dismiss('unknown');
  });

  it('a dismissal lets a waiting toast in (after the 500 ms spacing)', () => {
    const { queue, ids } = setup();
    for (const id of ['a', 'b', 'c', 'd']) queue.enqueue(toast(id));
    vi.advanceTimersByTime(1000);
    expect(ids()).toEqual(['a', 'b', 'c']);
    queue.dismiss('b');
    vi.advanceTimersByTime(STEP_TOAST_EXIT_MS);
    expect(ids()).toEqual(['a', 'c']); // c appeared at 1000 ms: d waits until 1500 ms
    vi.advanceTimersByTime(199);
    expect(ids()).toEqual(['a', 'c']);
    vi.advanceTimersByTime(1);
    expect(ids()).toEqual(['a', 'c', 'd']);
  });

  it('toasts an activityId once, whichever path reports it first', () => {
    const { queue, ids, shown } = setup();
    expect(queue.enqueue(toast('a'))).toBe(true);
    expect(queue.enqueue(toast('a', { activityName: 'otro nombre' }))).toBe(false);
    vi.advanceTimersByTime(STEP_TOAST_DURATION_MS + STEP_TOAST_EXIT_MS);
    expect(queue.enqueue(toast('a'))).toBe(false); // also after it was dismissed
    vi.advanceTimersByTime(1000);
    expect(ids()).toEqual([]);
    expect(shown).toEqual(['a']);
    expect(queue.hasSeen('a')).toBe(true);
  });

  it('reports "shown" once per toast, when it is displayed (not when it is queued)', () => {
    const { queue, shown } = setup();
    for (const id of ['a', 'b', 'c', 'd']) queue.enqueue(toast(id));
    expect(shown).toEqual(['a']);
    vi.advanceTimersByTime(1000);
    expect(shown).toEqual(['a', 'b', 'c']);
    vi.advanceTimersByTime(STEP_TOAST_DURATION_MS + STEP_TOAST_EXIT_MS);
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
    vi.advanceTimersByTime(60_000);
    expect(shown).toEqual(['a', 'b', 'c', 'd']);
  });

  it('holds a toast while it has focus or the pointer, and gives it time after release', () => {
    const { queue, ids } = setup();
    queue.enqueue(toast('a'));
    vi.advanceTimersByTime(3900);
    queue.hold('a');
    vi.advanceTimersByTime(60_000);
    expect(ids()).toEqual(['a']);
    queue.release('a');
    vi.advanceTimersByTime(999); // 100 ms were left: it still gets at least 1 s
    expect(queue.getSnapshot()[0]?.phase).toBe('visible');
    vi.advanceTimersByTime(1 + STEP_TOAST_EXIT_MS);
    expect(ids()).toEqual([]);
  });

  it('clear() empties the screen and the queue but remembers what was seen', () => {
    const { queue, ids } = setup();
    for (const id of ['a', 'b', 'c', 'd']) queue.enqueue(toast(id));
    queue.clear();
    expect(ids()).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(ids()).toEqual([]);
    expect(queue.enqueue(toast('a'))).toBe(false);
    expect(queue.enqueue(toast('e'))).toBe(true);
    expect(ids()).toEqual(['e']);
  });

  it('notifies subscribers on every change', () => {
    const { queue } = setup();
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.enqueue(toast('a'));
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(STEP_TOAST_DURATION_MS + STEP_TOAST_EXIT_MS);
    expect(listener).toHaveBeenCalledTimes(3); // shown, exiting, removed
    unsubscribe();
    queue.enqueue(toast('b'));
    expect(listener).toHaveBeenCalledTimes(3);
  });
});

describe('stepToastCopy', () => {
  it('announces the steps earned', () => {
    expect(stepToastCopy(toast('a'))).toEqual({
      title: '¡Actividad completada!',
      headline: '+200 pasos',
      description: 'Respiración larga',
    });
    expect(stepToastCopy(toast('a', { stepsEarned: 1250 })).headline).toBe('+1250 pasos');
    expect(stepToastCopy(toast('a', { stepsEarned: 12345 })).headline).toBe('+12.345 pasos');
  });

  it('is never silent past the daily limit', () => {
    expect(stepToastCopy(toast('a', { activityName: 'Sesión completa', stepsEarned: 0, limitReached: true, dailyLimit: 1 }))).toEqual({
      title: 'Límite diario alcanzado',
      headline: null,
      description: 'Ya has sumado los pasos de «Sesión completa» 1 vez hoy. Queda registrado, sin pasos extra.',
    });
    expect(stepToastCopy(toast('a', { activityName: 'Journaling guiado', stepsEarned: 0, limitReached: true, dailyLimit: 2 })).description).toBe(
      'Ya has sumado los pasos de «Journaling guiado» 2 veces hoy. Queda registrado, sin pasos extra.',
    );
  });
});

describe('toast inputs from both paths', () => {
  it('maps a pushed event and a completion result to the same toast', () => {
    const fromEvent = toastFromEvent({
      activityId: 'a1',
      activityType: 'sesion_completa',
      activityName: 'Sesión completa',
      stepsEarned: 0,
      icon: 'compass',
      completedAt: '2026-11-22T10:00:00.000Z',
      limitReached: true,
      dailyLimit: 1,
    });
    const fromResult = toastFromCompletion({ activityId: 'a1', activityKey: 'sesion_completa', stepsEarned: 0, limitReached: true, dailyLimit: 1 }, [
      { key: 'sesion_completa', name: 'Sesión completa', icon: 'compass' },
    ]);
    expect(fromResult).toEqual(fromEvent);
    expect(toastFromCompletion({ activityId: 'a2', activityKey: 'x', stepsEarned: 5, limitReached: false, dailyLimit: 1 }, undefined)).toMatchObject({
      activityName: '',
      icon: undefined,
    });
  });
});
