import { useSyncExternalStore } from 'react';
import { REMINDER_SETTINGS_CHANGED, REMINDER_SETTINGS_KEY } from './reminder-keys';

function read(): boolean {
  try {
    const raw = window.localStorage.getItem(REMINDER_SETTINGS_KEY);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return typeof value === 'object' && value !== null && (value as { enabled?: unknown }).enabled === true;
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === REMINDER_SETTINGS_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(REMINDER_SETTINGS_CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(REMINDER_SETTINGS_CHANGED, onChange);
  };
}

/** Whether the break reminders are on on this device: all the always-loaded shell needs to know (the rest is lazy). */
export function useRemindersEnabled(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
