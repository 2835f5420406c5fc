import { useEffect, useRef, useState } from 'react';
import { stepsLabel } from '#lib/steps/format-steps';

const SETTLE_MS = 1500;

/**
 * A polite screen-reader message for the new total, only when it changes after the first load and
 * only once it has settled (several quick completions → one message).
 */
export function useTotalAnnouncement(total: number | undefined): string {
  const [message, setMessage] = useState('');
  const announced = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (total === undefined) return;
    if (announced.current === undefined) {
      announced.current = total;
      return;
    }
    if (announced.current === total) return;
    const timer = window.setTimeout(() => {
      announced.current = total;
      setMessage(`Ahora tienes ${stepsLabel(total)}.`);
    }, SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [total]);

  return message;
}
