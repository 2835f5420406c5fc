import { earnedStepsLabel } from './format-steps';

/**
 * Step-completion toasts (product spec §4 "Step-completion toast", §9): the queue and its timing,
 * framework-free so it runs under fake timers. Components only render `getSnapshot()`.
 *
 * - a toast stays 4 s, then leaves with a 300 ms exit animation (0 ms under reduced motion);
 *   a click (or "Cerrar notificación") dismisses it sooner;
 * - at most 3 are on screen (leaving ones included); the rest wait in order;
 * - queued completions appear 500 ms apart;
 * - each activityId is toasted once per queue (one queue per tab), whichever path reports it first;
 * - `onShown` listeners hear about a toast once, when it is first displayed.
 */

export const STEP_TOAST_DURATION_MS = 4000;
export const STEP_TOAST_EXIT_MS = 300;
export const STEP_TOAST_MAX_VISIBLE = 3;
export const STEP_TOAST_QUEUE_DELAY_MS = 500;
/** Distance between the tops of stacked toasts of the usual height. */
export const STEP_TOAST_SPACING_PX = 90;
/** After focus or hover leaves a held toast, it stays at least this long. */
export const STEP_TOAST_MIN_REMAINING_MS = 1000;

export interface StepToastInput {
  activityId: string;
  activityName: string;
  stepsEarned: number;
  limitReached: boolean;
  dailyLimit: number;
  /** Catalogue icon name (stretch, wind, headphones...), when known. */
  icon?: string;
}

export type StepToastPhase = 'visible' | 'exiting';

export interface StepToast extends StepToastInput {
  phase: StepToastPhase;
}

export interface ToastTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export interface StepToastQueueOptions {
  timers: ToastTimers;
  /** True when the user prefers reduced motion: toasts leave without an exit animation. */
  reducedMotion?: () => boolean;
}

export interface StepToastQueue {
  /** Queues a toast; false when this activityId was already seen here. */
  enqueue(input: StepToastInput): boolean;
  /** Starts the exit of a visible toast (click or close button). */
  dismiss(activityId: string): void;
  /** Pauses the auto-dismiss while the toast has focus or the pointer. */
  hold(activityId: string): void;
  release(activityId: string): void;
  /** Drops what is shown and queued (sign-out); the seen ids are kept. */
  clear(): void;
  hasSeen(activityId: string): boolean;
  getSnapshot(): readonly StepToast[];
  subscribe(listener: () => void): () => void;
  onShown(listener: (toast: StepToastInput) => void): () => void;
}

interface Timing {
  timer: unknown;
  startedAt: number;
  remainingMs: number;
  held: boolean;
}

export function createStepToastQueue({ timers, reducedMotion = () => false }: StepToastQueueOptions): StepToastQueue {
  const seen = new Set<string>();
  const pending: StepToastInput[] = [];
  const timing = new Map<string, Timing>();
  const exitTimers = new Map<string, unknown>();
  const listeners = new Set<() => void>();
  const shownListeners = new Set<(toast: StepToastInput) => void>();
  let toasts: readonly StepToast[] = [];
  let lastShownAt: number | null = null;
  let pumpTimer: unknown = null;

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };

  const startTimer = (activityId: string, ms: number) => {
    const entry: Timing = {
      timer: timers.setTimeout(() => dismiss(activityId), ms),
      startedAt: timers.now(),
      remainingMs: ms,
      held: false,
    };
    timing.set(activityId, entry);
  };

  const show = (input: StepToastInput) => {
    toasts = [...toasts, { ...input, phase: 'visible' }];
    lastShownAt = timers.now();
    startTimer(input.activityId, STEP_TOAST_DURATION_MS);
    emit();
    for (const listener of [...shownListeners]) listener(input);
  };

  const pump = () => {
    if (pumpTimer !== null || pending.length === 0 || toasts.length >= STEP_TOAST_MAX_VISIBLE) return;
    const wait = lastShownAt === null ? 0 : lastShownAt + STEP_TOAST_QUEUE_DELAY_MS - timers.now();
    if (wait > 0) {
      pumpTimer = timers.setTimeout(() => {
        pumpTimer = null;
        pump();
      }, wait);
      return;
    }
    const next = pending.shift();
    if (next) show(next);
    pump();
  };

  const remove = (activityId: string) => {
    exitTimers.delete(activityId);
    toasts = toasts.filter((toast) => toast.activityId !== activityId);
    emit();
    pump();
  };

  function dismiss(activityId: string) {
    const toast = toasts.find((t) => t.activityId === activityId);
    if (!toast || toast.phase !== 'visible') return;
    const entry = timing.get(activityId);
    if (entry) timers.clearTimeout(entry.timer);
    timing.delete(activityId);
    const exitMs = reducedMotion() ? 0 : STEP_TOAST_EXIT_MS;
    if (exitMs === 0) {
      remove(activityId);
      return;
    }
    toasts = toasts.map((t) => (t.activityId === activityId ? { ...t, phase: 'exiting' } : t));
    emit();
    exitTimers.set(
      activityId,
      timers.setTimeout(() => remove(activityId), exitMs),
    );
  }

  return {
    enqueue(input) {
      if (seen.has(input.activityId)) return false;
      seen.add(input.activityId);
      pending.push(input);
      pump();
      return true;
    },
    dismiss,
    hold(activityId) {
      const entry = timing.get(activityId);
      if (!entry || entry.held) return;
      timers.clearTimeout(entry.timer);
      entry.remainingMs -= timers.now() - entry.startedAt;
      entry.held = true;
    },
    release(activityId) {
      const entry = timing.get(activityId);
      if (!entry?.held) return;
      startTimer(activityId, Math.max(entry.remainingMs, STEP_TOAST_MIN_REMAINING_MS));
    },
    clear() {
      for (const entry of timing.values()) timers.clearTimeout(entry.timer);
      for (const timer of exitTimers.values()) timers.clearTimeout(timer);
      if (pumpTimer !== null) timers.clearTimeout(pumpTimer);
      timing.clear();
      exitTimers.clear();
      pumpTimer = null;
      pending.length = 0;
      lastShownAt = null;
      if (toasts.length > 0) {
        toasts = [];
        emit();
      }
    },
    hasSeen: (activityId) => seen.has(activityId),
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onShown(listener) {
      shownListeners.add(listener);
      return () => shownListeners.delete(listener);
    },
  };
}

/** The Spanish copy of a toast: never silent, also when the daily limit is reached. */
export function stepToastCopy(toast: Pick<StepToastInput, 'activityName' | 'stepsEarned' | 'limitReached' | 'dailyLimit'>): {
  title: string;
  headline: string | null;
  description: string;
} {
  const name = toast.activityName || 'esta actividad';
  if (toast.limitReached || toast.stepsEarned <= 0) {
    const times = toast.dailyLimit === 1 ? '1 vez' : `${toast.dailyLimit} veces`;
    return {
      title: 'Límite diario alcanzado',
      headline: null,
      description: `Ya has sumado los pasos de «${name}» ${times} hoy. Queda registrado, sin pasos extra.`,
    };
  }
  return {
    title: '¡Actividad completada!',
    headline: earnedStepsLabel(toast.stepsEarned),
    description: toast.activityName || 'Actividad registrada',
  };
}
