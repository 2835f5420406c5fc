import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedKeySubscription, writeStoredAndNotify } from './use-stored-state';

/** A window (an EventTarget) with an in-memory localStorage. */
function fakeWindow() {
  const items = new Map<string, string>();
  const localStorage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  const win = Object.assign(new EventTarget(), { localStorage });
  vi.stubGlobal('window', win);
  return { win, items };
}

/** What another tab's write looks like here (the `storage` event; StorageEvent is not in Node). */
const storageEvent = (key: string) => Object.assign(new Event('storage'), { key });

afterEach(() => vi.unstubAllGlobals());

describe('storedKeySubscription', () => {
  it("calls back for this key's writes from other tabs and from this one, and for nothing else", () => {
    const { win, items } = fakeWindow();
    const onChange = vi.fn();
    const unsubscribe = storedKeySubscription('ascenso.prueba', 'ascenso:prueba')(onChange);

    win.dispatchEvent(storageEvent('ascenso.prueba'));
    expect(onChange).toHaveBeenCalledTimes(1);
    win.dispatchEvent(storageEvent('ascenso.otra'));
    expect(onChange).toHaveBeenCalledTimes(1);

    writeStoredAndNotify('ascenso.prueba', { minutos: 10 }, 'ascenso:prueba');
    expect(items.get('ascenso.prueba')).toBe('{"minutos":10}');
    expect(onChange).toHaveBeenCalledTimes(2);

    unsubscribe();
    win.dispatchEvent(storageEvent('ascenso.prueba'));
    writeStoredAndNotify('ascenso.prueba', 1, 'ascenso:prueba');
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
