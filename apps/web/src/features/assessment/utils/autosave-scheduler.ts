/** The saving indicator: nothing yet, "Guardando..." (waiting or in flight), "Guardado". */
export type AutosaveStatus = 'idle' | 'saving' | 'saved';

export interface AutosaveScheduler<T> {
  /** (Re)starts the debounce with the newest payload. */
  schedule(payload: T): void;
  /** Drops a waiting save (e.g. before completing the assessment). */
  cancel(): void;
  /** Sends a waiting save now (e.g. when the wizard unmounts). */
  flush(): void;
  /** Resolves once no save is in flight (never rejects). */
  settled(): Promise<void>;
}

export interface AutosaveOptions<T> {
  delayMs: number;
  save: (payload: T) => Promise<unknown>;
  onStatusChange: (status: AutosaveStatus) => void;
  /** A failed save is only logged (spec §8); the indicator is cleared. */
  onError?: (error: unknown) => void;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Spec §9: the autosave debounce. */
export const AUTOSAVE_DEBOUNCE_MS = 2000;

/**
 * Debounced autosave: every `schedule` restarts the timer; when it fires the newest payload is saved.
 * Saves never overlap: a payload scheduled while one is in flight waits for it, then for its own timer.
 */
export function createAutosaveScheduler<T>(options: AutosaveOptions<T>): AutosaveScheduler<T> {
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  const onError = options.onError ?? ((error) => console.warn('[evaluación] No se pudo guardar el progreso', error));

  let timer: unknown = null;
  let waiting: { payload: T } | null = null;
  let inFlight: Promise<void> | null = null;
  let status: AutosaveStatus = 'idle';

  const setStatus = (next: AutosaveStatus) => {
    if (next === status) return;
    status = next;
    options.onStatusChange(next);
  };

  const fire = () => {
    timer = null;
    if (!waiting) return;
    if (inFlight) {
      // One save at a time: try again once the current one is done.
      void inFlight.then(() => {
        if (waiting && timer === null) fire();
      });
      return;
    }
    const { payload } = waiting;
    waiting = null;
    const run = async () => {
      try {
        await options.save(payload);
        if (!waiting) setStatus('saved');
      } catch (error) {
        onError(error);
        if (!waiting) setStatus('idle');
      }
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
  };

  return {
    schedule(payload) {
      waiting = { payload };
      setStatus('saving');
      if (timer !== null) clearTimer(timer);
      timer = setTimer(fire, options.delayMs);
    },
    cancel() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      waiting = null;
      if (!inFlight) setStatus('idle');
    },
    flush() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      fire();
    },
    settled() {
      return inFlight ?? Promise.resolve();
    },
  };
}
