import { useEffect, useState } from 'react';
import { QUESTION_REVEAL_DELAY_MS } from '../utils/timing';

/**
 * Spec §2/§9: a section's questions appear 2 s after each step change. Mount the caller with
 * `key={step}` so every step change starts a new wait (reduced motion keeps the delay; only the
 * fade-in is dropped, in CSS).
 */
export function useQuestionReveal(delayMs = QUESTION_REVEAL_DELAY_MS): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setRevealed(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return revealed;
}
