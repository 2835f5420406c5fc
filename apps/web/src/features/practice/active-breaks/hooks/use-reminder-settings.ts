import { useSyncExternalStore } from 'react';
import { storedKeySubscription, writeStoredAndNotify } from '#lib/use-stored-state';
import { REMINDER_SETTINGS_CHANGED, REMINDER_SETTINGS_KEY } from './reminder-keys';
import { DEFAULT_REMINDER_SETTINGS, parseReminderSettings, type ReminderSettings } from '../utils/reminders';

const KEY = REMINDER_SETTINGS_KEY;
const CHANGED = REMINDER_SETTINGS_CHANGED;

let cachedRaw: string | null | undefined;
let cached: ReminderSettings = DEFAULT_REMINDER_SETTINGS;

function read(): ReminderSettings {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    try {
      cached = parseReminderSettings(raw === null ? null : JSON.parse(raw));
    } catch {
      cached = DEFAULT_REMINDER_SETTINGS;
    }
  }
  return cached;
}

const subscribe = storedKeySubscription(KEY, CHANGED);

/** This device's break-reminder settings (other tabs follow through the storage event). */
export function useReminderSettings(): [ReminderSettings, (next: ReminderSettings) => void] {
  const settings = useSyncExternalStore(subscribe, read, () => DEFAULT_REMINDER_SETTINGS);
  const update = (next: ReminderSettings) => {
    writeStoredAndNotify(KEY, next, CHANGED);
  };
  return [settings, update];
}
