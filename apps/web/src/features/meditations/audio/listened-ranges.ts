/**
 * How much of an audio was really heard: the union of the played ranges over its duration. Seeking
 * ahead does not count the skipped part, listening to a passage twice counts it once. The share is
 * what the client sends as `completion_percentage` (under 90 % earns nothing).
 */

/** A jump between two consecutive time updates larger than this is a seek, not playback. */
export const MAX_PLAYBACK_STEP_SECONDS = 3;

export interface ListenLog {
  /** Merged, sorted [start, end] ranges in seconds. */
  ranges: readonly (readonly [number, number])[];
  /** Where the last continuous playback update was, or null after a seek or a pause. */
  last: number | null;
}

export const EMPTY_LISTEN_LOG: ListenLog = { ranges: [], last: null };

/** Adds [start, end] to sorted, merged ranges. */
export function addRange(ranges: ListenLog['ranges'], start: number, end: number): ListenLog['ranges'] {
  if (!(end > start)) return ranges;
  const out: [number, number][] = [];
  let next: [number, number] = [start, end];
  let placed = false;
  for (const [a, b] of ranges) {
    if (b < next[0]) out.push([a, b]);
    else if (a > next[1]) {
      if (!placed) {
        out.push(next);
        placed = true;
      }
      out.push([a, b]);
    } else next = [Math.min(a, next[0]), Math.max(b, next[1])];
  }
  if (!placed) out.push(next);
  return out;
}

/**
 * A time update while playing. Consecutive small forward steps are listened time; a backward step or
 * a jump is a seek, and listening restarts from the new position.
 */
export function observePlayback(log: ListenLog, position: number): ListenLog {
  if (!Number.isFinite(position)) return log;
  if (log.last !== null) {
    const step = position - log.last;
    if (step >= 0 && step <= MAX_PLAYBACK_STEP_SECONDS) {
      return { ranges: addRange(log.ranges, log.last, position), last: position };
    }
  }
  return { ranges: log.ranges, last: position };
}

/** A seek, a pause or the end: the next update starts a new range. */
export function breakPlayback(log: ListenLog): ListenLog {
  return log.last === null ? log : { ranges: log.ranges, last: null };
}

export function listenedSeconds(log: ListenLog): number {
  return log.ranges.reduce((sum, [a, b]) => sum + (b - a), 0);
}

/** The heard share of the audio, 0–1. */
export function listenedShare(log: ListenLog, duration: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(1, listenedSeconds(log) / duration);
}

/** `completion_percentage` as sent to the server: 0–100, one decimal. */
export function completionPercentage(log: ListenLog, duration: number): number {
  return Math.round(listenedShare(log, duration) * 1000) / 10;
}
