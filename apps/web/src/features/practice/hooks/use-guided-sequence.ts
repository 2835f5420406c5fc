import { useCallback, useEffect, useRef, useState } from 'react';
import { playTone } from '#lib/practice/cues';
import { sequenceAt, skipAmount, type TimedItem } from '#lib/practice/sequence';
import type { usePracticeSession } from './use-practice-session';

type Session = ReturnType<typeof usePracticeSession>;

/**
 * Plays a timed sequence (class exercises, break moves) on top of a practice session: the cursor is
 * the practised time plus what was skipped; when the last item ends the practice is recorded, with
 * what was skipped (`finish` does the same for "Terminar"): a break that falls short because its moves
 * were skipped is then told so.
 * Optional soft ticks in the last 3 seconds of each item and a tone when the next one starts.
 */
export function useGuidedSequence<T extends TimedItem>(items: readonly T[], session: Session, { sound }: { sound: boolean }) {
  const [skipped, setSkipped] = useState(0);
  const cursor = session.elapsedMs / 1000 + skipped;
  const view = sequenceAt(items, cursor);
  const running = session.phase === 'running';
  const { finish: finishSession } = session;
  const finish = useCallback(() => finishSession(undefined, skipped), [finishSession, skipped]);

  useEffect(() => {
    if (running && view.done) finish();
  }, [running, view.done, finish]);

  const tick = running && !view.done ? Math.ceil(view.remaining) : null;
  const index = view.index;
  useEffect(() => {
    if (!sound || tick === null) return;
    if (tick <= 3 && tick >= 1) playTone({ frequency: 660, seconds: 0.15, volume: 0.07 });
  }, [sound, tick]);
  const lastIndex = useRef(index);
  useEffect(() => {
    if (lastIndex.current === index) return;
    lastIndex.current = index;
    if (sound && running && index < items.length) playTone({ frequency: 523, glideTo: 784, seconds: 0.4 });
  }, [index, sound, running, items.length]);

  const skip = useCallback(() => {
    setSkipped((s) => s + skipAmount(items, session.elapsedMs / 1000 + s));
  }, [items, session.elapsedMs]);

  const { reset, start } = session;
  const restart = useCallback(() => {
    setSkipped(0);
    reset();
  }, [reset]);
  const begin = useCallback(
    (minutes?: number) => {
      setSkipped(0);
      void start(minutes);
    },
    [start],
  );

  return { view, skip, restart, begin, finish, skipped };
}
