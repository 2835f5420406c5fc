/**
 * A timed sequence (a fitness class's exercises, an active break's moves) played from a cursor in
 * seconds. The cursor is the practised time plus what was skipped, so pausing stops it and skipping
 * jumps it to the start of the next item. Pure: the players derive everything from the cursor.
 */
export interface TimedItem {
  seconds: number;
}

export interface SequenceView<T extends TimedItem> {
  /** Index of the current item; equals items.length when the sequence is over. */
  index: number;
  current: T | null;
  next: T | null;
  /** Seconds left in the current item. */
  remaining: number;
  /** 0–1 through the current item. */
  itemProgress: number;
  /** 0–1 through the whole sequence. */
  progress: number;
  /** Seconds left in the whole sequence. */
  totalRemaining: number;
  done: boolean;
}

export function totalSeconds(items: readonly TimedItem[]): number {
  return items.reduce((sum, item) => sum + item.seconds, 0);
}

export function sequenceAt<T extends TimedItem>(items: readonly T[], cursor: number): SequenceView<T> {
  const total = totalSeconds(items);
  const at = Math.max(0, cursor);
  let start = 0;
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index] as T;
    if (at < start + item.seconds) {
      const into = at - start;
      return {
        index,
        current: item,
        next: items[index + 1] ?? null,
        remaining: item.seconds - into,
        itemProgress: item.seconds > 0 ? into / item.seconds : 1,
        progress: total > 0 ? at / total : 1,
        totalRemaining: total - at,
        done: false,
      };
    }
    start += item.seconds;
  }
  return {
    index: items.length,
    current: null,
    next: null,
    remaining: 0,
    itemProgress: 1,
    progress: 1,
    totalRemaining: 0,
    done: true,
  };
}

/** Seconds to add to the skip offset to jump from `cursor` to the start of the next item. */
export function skipAmount(items: readonly TimedItem[], cursor: number): number {
  const view = sequenceAt(items, cursor);
  return view.done ? 0 : view.remaining;
}

/** Where each item starts, in seconds (for "Ejercicio 3 de 12" lists and seeking). */
export function itemStarts(items: readonly TimedItem[]): number[] {
  const starts: number[] = [];
  let start = 0;
  for (const item of items) {
    starts.push(start);
    start += item.seconds;
  }
  return starts;
}
