import { useSyncExternalStore } from 'react';
import { storedKeySubscription, writeStoredAndNotify } from '#lib/use-stored-state';
import { parseSnooze } from '../utils/reminders';

const KEY = 'ascenso.pausas.pospuesto';
const CHANGED = 'ascenso:pausas-pospuesto';

function read(): number | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw === null ? null : parseSnooze(JSON.parse(raw));
  } catch {
    return null;
  }
}

const subscribe = storedKeySubscription(KEY, CHANGED);

/** Until when reminders are snoozed (ms; null: not snoozed). Survives a reload; every tab follows (storage event). */
export function useReminderSnooze(): [number | null, (minutes: number) => void] {
  const until = useSyncExternalStore(subscribe, read, () => null);
  const snooze = (minutes: number) => {
    writeStoredAndNotify(KEY, Date.now() + minutes * 60_000, CHANGED);
  };
  return [until, snooze];
}
