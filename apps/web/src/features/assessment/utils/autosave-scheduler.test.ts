import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTOSAVE_DEBOUNCE_MS, createAutosaveScheduler, type AutosaveStatus } from './autosave-scheduler';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('createAutosaveScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup(save: (payload: number) => Promise<unknown>) {
    const statuses: AutosaveStatus[] = [];
    const errors: unknown[] = [];
    const scheduler = createAutosaveScheduler<number>({
      delayMs: AUTOSAVE_DEBOUNCE_MS,
      save,
      onStatusChange: (status) => statuses.push(status),
      onError: (error) => errors.push(error),
    });
    return { scheduler, statuses, errors };
  }

  it('debounces: only the newest payload is saved, 2 s after the last change', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { scheduler, statuses } = setup(save);
    scheduler.schedule(1);
    await vi.advanceTimersByTimeAsync(1500);
    scheduler.schedule(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(save).not.toHaveBeenCalled();
    expect(statuses).toEqual(['saving']);
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(2);
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('a failed save is only reported and clears the indicator', async () => {
    const failure = new Error('offline');
    const { scheduler, statuses, errors } = setup(() => Promise.reject(failure));
    scheduler.schedule(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(errors).toEqual([failure]);
    expect(statuses).toEqual(['saving', 'idle']);
  });

  it('never overlaps saves: a change during a save waits for it', async () => {
    const first = deferred();
    const save = vi.fn((payload: number) => (payload === 1 ? first.promise : Promise.resolve()));
    const { scheduler, statuses } = setup(save);
    scheduler.schedule(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    scheduler.schedule(2);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    first.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(save).toHaveBeenLastCalledWith(2);
    // "Guardado" only once the newest answers are stored.
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('cancel drops a waiting save; settled waits for the one in flight', async () => {
    const inFlight = deferred();
    const save = vi.fn(() => inFlight.promise);
    const { scheduler } = setup(save);
    scheduler.schedule(1);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    scheduler.schedule(2);
    scheduler.cancel();
    let settled = false;
    void scheduler.settled().then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    inFlight.resolve();
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS * 2);
    expect(settled).toBe(true);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('flush sends a waiting save at once', async () => {
    const save = vi.fn(() => Promise.resolve());
    const { scheduler } = setup(save);
    scheduler.schedule(7);
    scheduler.flush();
    expect(save).toHaveBeenCalledWith(7);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledTimes(1);
    scheduler.flush();
    expect(save).toHaveBeenCalledTimes(1);
  });
});
