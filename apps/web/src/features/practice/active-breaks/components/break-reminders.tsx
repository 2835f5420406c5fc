import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../../components/ui/notify';
import { useReminderSettings } from '../hooks/use-reminder-settings';
import { nextReminder } from '../utils/reminders';

/** Longest single wait; the schedule is recomputed after it (sleep, clock changes). */
const MAX_WAIT_MS = 15 * 60_000;

/**
 * Fires the active-break reminders the user opted into, while the app is open. With the page hidden
 * and notification permission granted it shows a system notification; otherwise an in-app notice.
 * Renders nothing. Mount once for signed-in users.
 */
export function BreakReminders() {
  const [settings] = useReminderSettings();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);

  useEffect(() => {
    const next = nextReminder(new Date(), settings);
    if (!next) return;
    const wait = next.getTime() - Date.now();
    const timer = window.setTimeout(
      () => {
        if (Date.now() >= next.getTime() - 1000) remind(() => void navigate('/active-breaks'));
        setRound((r) => r + 1);
      },
      Math.max(1000, Math.min(wait, MAX_WAIT_MS)),
    );
    return () => window.clearTimeout(timer);
  }, [settings, round, navigate]);

  return null;
}

function remind(open: () => void) {
  const title = 'Hora de una pausa activa';
  const body = 'Levántate un par de minutos: cuello, espalda, ojos o piernas. Tu cuerpo te lo agradecerá.';
  const canNotify = typeof Notification !== 'undefined' && Notification.permission === 'granted';
  if (canNotify && document.visibilityState === 'hidden') {
    try {
      const notification = new Notification(title, { body, tag: 'ascenso-pausa-activa', icon: '/favicon.svg' });
      notification.onclick = () => {
        window.focus();
        open();
        notification.close();
      };
      return;
    } catch (error) {
      console.warn('[pausas] could not show a notification', error);
    }
  }
  notify({
    type: 'info',
    title,
    description: body,
    duration: 15_000,
    closable: true,
    action: { label: 'Empezar una pausa', onClick: open },
  });
}
