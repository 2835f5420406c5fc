/**
 * Practised time: wall-clock time while running, paused time excluded. Pure (time is passed in), so
 * the pacer and the players run under fake timers in tests.
 */
export interface Stopwatch {
  /** Milliseconds counted before the current run. */
  accumulatedMs: number;
  /** When the current run started, or null while paused. */
  runningSince: number | null;
}

export function startStopwatch(now: number): Stopwatch {
  return { accumulatedMs: 0, runningSince: now };
}

export function pauseStopwatch(watch: Stopwatch, now: number): Stopwatch {
  if (watch.runningSince === null) return watch;
  return { accumulatedMs: watch.accumulatedMs + Math.max(0, now - watch.runningSince), runningSince: null };
}

export function resumeStopwatch(watch: Stopwatch, now: number): Stopwatch {
  return watch.runningSince === null ? { ...watch, runningSince: now } : watch;
}

export function elapsedMs(watch: Stopwatch, now: number): number {
  return watch.accumulatedMs + (watch.runningSince === null ? 0 : Math.max(0, now - watch.runningSince));
}

/** Whole seconds practised, as sent to `practice.complete`. */
export function practisedSeconds(watch: Stopwatch, now: number): number {
  return Math.floor(elapsedMs(watch, now) / 1000);
}
