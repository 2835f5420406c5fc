import { useSyncExternalStore } from 'react';
import { storedKeySubscription } from '#lib/use-stored-state';
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

const subscribe = storedKeySubscription(REMINDER_SETTINGS_KEY, REMINDER_SETTINGS_CHANGED);

/** Whether the break reminders are on on this device: all the always-loaded shell needs to know (the rest is lazy). */
export function useRemindersEnabled(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
