import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask, whenIdleAfterLoad } from './when-idle';

/** A window (an EventTarget, with or without requestIdleCallback) and a document in `readyState`. */
function page(readyState: DocumentReadyState, requestIdleCallback?: (cb: () => void, options: { timeout: number }) => number) {
  const win = Object.assign(new EventTarget(), requestIdleCallback ? { requestIdleCallback } : {});
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', { readyState });
  return win;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('whenIdleAfterLoad', () => {
  it('waits for the load event, then for an idle moment (with the timeout given)', () => {
    const idle = vi.fn((callback: () => void) => {
      callback();
      return 1;
    });
    const win = page('loading', idle);
    const run = vi.fn();
    whenIdleAfterLoad(run, 2000);
    expect(run).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2000 });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('falls back to 200 ms after load without requestIdleCallback', () => {
    vi.useFakeTimers();
    page('complete');
    const run = vi.fn();
    whenIdleAfterLoad(run, 5000);
    vi.advanceTimersByTime(199);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled, before or after the load event', () => {
    vi.useFakeTimers();
    page('complete');
    const run = vi.fn();
    whenIdleAfterLoad(run, 5000)();
    vi.advanceTimersByTime(1000);
    const win = page('loading');
    whenIdleAfterLoad(run, 5000)();
    win.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(1000);
    expect(run).not.toHaveBeenCalled();
  });
});

describe('nextTask', () => {
  it('resolves in a later task: after the pending microtasks, once a zero timeout has fired', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const later = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    expect(order).toEqual(['microtask']);
    await vi.advanceTimersByTimeAsync(0);
    await later;
    expect(order).toEqual(['microtask', 'next task']);
  });
});
