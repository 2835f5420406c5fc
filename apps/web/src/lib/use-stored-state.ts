import { useCallback, useState } from 'react';

/** Reads a JSON value from localStorage; anything unreadable yields the fallback. */
export function readStored<T>(key: string, fallback: T, accept: (value: unknown) => value is T): T {
  try {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return fallback;
    const parsed: unknown = JSON.parse(raw);
    return accept(parsed) ? parsed : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private mode or full storage: the preference lasts for this visit only.
  }
}

/** useState persisted in localStorage under `key` (a device preference, not synced). */
export function useStoredState<T>(key: string, fallback: T, accept: (value: unknown) => value is T) {
  const [value, setValue] = useState<T>(() => readStored(key, fallback, accept));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      writeStored(key, next);
    },
    [key],
  );
  return [value, update] as const;
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

/**
 * A `useSyncExternalStore` subscription to one localStorage key: other tabs' writes arrive as the `storage`
 * event, this tab's as `event` (sent by `writeStoredAndNotify`). Create it once, at module level (a stable
 * function).
 */
export function storedKeySubscription(key: string, event: string): (onChange: () => void) => () => void {
  return (onChange) => {
    const onStorage = (storage: StorageEvent) => {
      if (storage.key === key) onChange();
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener(event, onChange);
    return () => {
      window.removeEventListener('storage', onStorage);
      window.removeEventListener(event, onChange);
    };
  };
}

/** Writes `value` under `key` and tells this tab's subscribers (other tabs get the `storage` event). */
export function writeStoredAndNotify(key: string, value: unknown, event: string): void {
  writeStored(key, value);
  window.dispatchEvent(new Event(event));
}
