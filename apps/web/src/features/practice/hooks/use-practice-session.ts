import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from '#lib/trpc';
import { useAudio } from '#lib/audio/audio-provider';
import { isRefusal, refusalMessage } from '#lib/server-message';
import { elapsedMs, pauseStopwatch, practisedSeconds, resumeStopwatch, startStopwatch, type Stopwatch } from '#lib/practice/stopwatch';
import { useStepFeedback, type PracticeCompletion } from '#lib/steps/use-step-feedback';

export type PracticeKind = 'breathing' | 'fitness' | 'active_break';

/**
 * ready ──start──> starting ──(server started it)──> running ⇄ paused ──finish──> saving ──> done
 *                      │                                                             └──> failed
 *                      └──> failed (could not start)
 */
export type SessionPhase = 'ready' | 'starting' | 'running' | 'paused' | 'saving' | 'done' | 'failed';

export interface PracticeSessionState {
  phase: SessionPhase;
  sessionId: string | null;
  watch: Stopwatch | null;
  /** Seconds sent to the server when finishing. */
  practised: number;
  /** Seconds the player skipped (a class's or a break's "Saltar"), sent along to word a refusal. */
  skipped: number;
  result: PracticeCompletion | null;
  /** Why starting or saving failed (the server's own words for a refusal). */
  message: string | null;
  /** A failed save that may work on a second try (network, server busy). */
  canRetry: boolean;
}

const READY: PracticeSessionState = {
  phase: 'ready',
  sessionId: null,
  watch: null,
  practised: 0,
  skipped: 0,
  result: null,
  message: null,
  canRetry: false,
};

/** `Date.now()` refreshed every `intervalMs` while `active` (state, so renders stay pure). */
export function useNow(active: boolean, intervalMs = 250): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [active, intervalMs]);
  return now;
}

/**
 * One practice (breathing, fitness class, active break) against the server: `practice.start` when it
 * begins, `practice.complete` with the seconds actually practised (pauses excluded) when it ends, and
 * the step toast + stats update on success.
 */
export function usePracticeSession({ kind, refId }: { kind: PracticeKind; refId: string }) {
  const trpc = useTRPC();
  const feedback = useStepFeedback();
  const { pauseAll } = useAudio();
  const startMutation = useMutation(trpc.practice.start.mutationOptions());
  const completeMutation = useMutation(trpc.practice.complete.mutationOptions());
  const [state, setState] = useState<PracticeSessionState>(READY);
  // The latest committed state, for callbacks that must act on it exactly once (finishing).
  const stateRef = useRef(state);
  useEffect(() => {
    stateRef.current = state;
  }, [state]);
  const now = useNow(state.phase === 'running');
  const elapsed = state.watch ? elapsedMs(state.watch, state.phase === 'running' ? Math.max(now, state.watch.runningSince ?? 0) : now) : 0;

  const { mutateAsync: startAsync } = startMutation;
  const { mutateAsync: completeAsync } = completeMutation;
  const { fromCompletion } = feedback;

  const start = useCallback(
    async (minutes?: number) => {
      // A practice and an Audio Ascenso do not play over each other.
      pauseAll();
      setState({ ...READY, phase: 'starting' });
      try {
        const started = await startAsync({ kind, ref: refId, ...(minutes === undefined ? {} : { minutes }) });
        setState({ ...READY, phase: 'running', sessionId: started.sessionId, watch: startStopwatch(Date.now()) });
      } catch (error) {
        setState({ ...READY, phase: 'failed', message: refusalMessage(error) });
      }
    },
    [kind, refId, startAsync, pauseAll],
  );

  const pause = useCallback(() => {
    setState((s) => (s.phase === 'running' && s.watch ? { ...s, phase: 'paused', watch: pauseStopwatch(s.watch, Date.now()) } : s));
  }, []);

  const resume = useCallback(() => {
    setState((s) => (s.phase === 'paused' && s.watch ? { ...s, phase: 'running', watch: resumeStopwatch(s.watch, Date.now()) } : s));
  }, []);

  const save = useCallback(
    async (sessionId: string, practised: number, skipped: number) => {
      try {
        // What was skipped earns nothing; it lets the server say why a short practice did not count.
        const result = await completeAsync({ sessionId, practicedSeconds: practised, ...(skipped > 0 ? { skippedSeconds: skipped } : {}) });
        fromCompletion(result);
        setState((s) => ({ ...s, phase: 'done', result, message: null, canRetry: false }));
      } catch (error) {
        setState((s) => ({ ...s, phase: 'failed', message: refusalMessage(error), canRetry: !isRefusal(error) }));
      }
    },
    [completeAsync, fromCompletion],
  );

  /**
   * Ends the practice now (or when its time is up) and records what was practised; `skippedSeconds`:
   * what the player skipped on the way.
   */
  const finish = useCallback(
    (capSeconds?: number, skippedSeconds = 0) => {
      const current = stateRef.current;
      if ((current.phase !== 'running' && current.phase !== 'paused') || !current.watch || !current.sessionId) return;
      const at = Date.now();
      const watch = pauseStopwatch(current.watch, at);
      const seconds = practisedSeconds(watch, at);
      const practised = capSeconds === undefined ? seconds : Math.min(seconds, capSeconds);
      const next: PracticeSessionState = { ...current, phase: 'saving', watch, practised, skipped: skippedSeconds };
      stateRef.current = next;
      setState(next);
      void save(current.sessionId, practised, skippedSeconds);
    },
    [save],
  );

  const retrySave = useCallback(() => {
    if (state.sessionId && state.canRetry) {
      setState((s) => ({ ...s, phase: 'saving', message: null }));
      void save(state.sessionId, state.practised, state.skipped);
    }
  }, [save, state.canRetry, state.practised, state.sessionId, state.skipped]);

  const reset = useCallback(() => setState(READY), []);

  return { ...state, elapsedMs: elapsed, start, pause, resume, finish, retrySave, reset, now };
}
