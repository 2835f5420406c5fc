import { useSyncExternalStore } from 'react';
import { writeStored } from '../../../../lib/use-stored-state';
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

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** Until when reminders are snoozed (ms; null: not snoozed). Survives a reload; every tab follows (storage event). */
export function useReminderSnooze(): [number | null, (minutes: number) => void] {
  const until = useSyncExternalStore(subscribe, read, () => null);
  const snooze = (minutes: number) => {
    writeStored(KEY, Date.now() + minutes * 60_000);
    window.dispatchEvent(new Event(CHANGED));
  };
  return [until, snooze];
}
