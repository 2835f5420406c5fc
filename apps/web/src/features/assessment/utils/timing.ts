/** Spec §9: the assessment wizard's timings. */
export const QUESTION_REVEAL_DELAY_MS = 2000;
export const COMPLETION_REDIRECT_MS = 6000;
export const SUCCESS_SCREEN_MS = 10_000;
export const SUCCESS_MESSAGE_ROTATION_MS = 2000;

/** The messages of the `?success=true` screen, one every 2 s (the spec leaves the texts to us). */
export const SUCCESS_MESSAGES = [
  'Tu evaluación está guardada.',
  'Tu coach ya conoce tu punto de partida.',
  'Estamos preparando tus recomendaciones.',
  'Cada paso pequeño cuenta.',
  'Todo listo: vamos al inicio.',
] as const;

/** Which rotating message shows after `elapsedMs` (wraps around, never past the list). */
export function rotatingIndex(elapsedMs: number, count: number, intervalMs = SUCCESS_MESSAGE_ROTATION_MS): number {
  if (count <= 0) return 0;
  const step = Math.floor(Math.max(0, elapsedMs) / intervalMs);
  return step % count;
}

/** Whole seconds left before a timed redirect (for the visible countdown). */
export function secondsLeft(elapsedMs: number, totalMs: number): number {
  return Math.max(0, Math.ceil((totalMs - elapsedMs) / 1000));
}
