import { DEFAULT_WORK_HOURS } from '@ascenso/domain/work-hours';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useWorkHoursQuery } from '#lib/work-hours-queries';
import { claimReminder, lastClaimedReminder } from '../hooks/use-reminder-claim';
import { useReminderSettings } from '../hooks/use-reminder-settings';
import { useReminderSnooze } from '../hooks/use-reminder-snooze';
import { DEFAULT_REMINDER_TITLE, dueReminder, LATE_MS, reminderMessage } from '../utils/reminders';

/** Longest single wait; the schedule is recomputed after it (sleep, clock changes). */
const MAX_WAIT_MS = 15 * 60_000;

/** The in-app notice is its own chunk: most visits never show one. */
const ReminderNotice = lazy(() => import('./reminder-notice').then((m) => ({ default: m.ReminderNotice })));

/** The scheduler of BreakReminders (see there), once reminders are on. */
export function ScheduledReminders() {
  const [settings] = useReminderSettings();
  const [snoozedUntil, snooze] = useReminderSnooze();
  const workHours = useWorkHoursQuery();
  const hours = workHours.data ?? DEFAULT_WORK_HOURS;
  const ready = workHours.data !== undefined || workHours.isError;
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [notice, setNotice] = useState<{ at: number; title: string; message: string } | null>(null);

  useEffect(() => {
    if (!ready) return;
    const next = dueReminder(new Date(), settings, hours, snoozedUntil, lastClaimedReminder());
    if (!next) return;
    const wait = next.getTime() - Date.now();
    const timer = window.setTimeout(
      () => {
        // Due now; one missed by more than LATE_MS (the computer slept) is skipped, not shown hours late.
        const late = Date.now() - next.getTime();
        if (late >= -1000 && late <= LATE_MS) {
          const reminder = { at: next.getTime(), title: DEFAULT_REMINDER_TITLE, message: reminderMessage(settings) };
          void claimReminder(reminder.at).then((mine) => {
            // Not tied to this effect run: the timer's own setRound below ends the run before the claim answers.
            if (!mine) return;
            setNotice(reminder);
            showSystemNotification(reminder.title, reminder.message, () => void navigate('/active-breaks'));
          });
        }
        setRound((r) => r + 1);
      },
      Math.max(1000, Math.min(wait, MAX_WAIT_MS)),
    );
    return () => window.clearTimeout(timer);
  }, [ready, settings, hours, snoozedUntil, round, navigate]);

  if (!notice) return null;
  return (
    <Suspense fallback={null}>
      <ReminderNotice
        title={notice.title}
        message={notice.message}
        onStart={() => {
          setNotice(null);
          void navigate('/active-breaks');
        }}
        onSnooze={(minutes) => {
          setNotice(null);
          snooze(minutes);
        }}
        onClose={() => setNotice(null)}
      />
    </Suspense>
  );
}

/** With the page hidden and permission granted: a system notification too (the in-app notice waits in the tab). */
function showSystemNotification(title: string, body: string, open: () => void) {
  const canNotify = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  if (!canNotify || document.visibilityState !== 'hidden') return;
  try {
    const notification = new Notification(title, { body, tag: 'ascenso-pausa-activa', icon: '/favicon.svg' });
    notification.onclick = () => {
      window.focus();
      open();
      notification.close();
    };
  } catch (error) {
    console.warn('[pausas] could not show a notification', error);
  }
}
