import { lazy, Suspense } from 'react';
import { useRemindersEnabled } from '../hooks/use-reminders-enabled';

/** The scheduler, its work-hours query and its notice are a chunk of their own, loaded once reminders are on. */
const ScheduledReminders = lazy(() => import('./scheduled-reminders').then((m) => ({ default: m.ScheduledReminders })));

/**
 * Fires the active-break reminders the user opted into, while the app is open: every N minutes inside the
 * work hours from the profile (default 09:00–18:00, Monday to Friday), never in the quiet break, after a
 * snooze when there is one. Only one open tab shows a given reminder (claimReminder). The reminder is an
 * in-app notice (with "Empezar una pausa", "Posponer 10 min" and "Posponer 30 min"); with the page hidden
 * and notification permission granted, also a system notification (a click brings the tab back).
 * Mount once for signed-in users.
 */
export function BreakReminders() {
  // Off (the default): nothing loaded, no query asked (Home's first screen asks the server for nothing).
  return useRemindersEnabled() ? (
    <Suspense fallback={null}>
      <ScheduledReminders />
    </Suspense>
  ) : null;
}
