import { describe, expect, it } from 'vitest';
import {
  EMPTY_LISTEN_LOG,
  addRange,
  breakPlayback,
  completionPercentage,
  listenedSeconds,
  listenedShare,
  observePlayback,
  type ListenLog,
} from './listened-ranges';

/** Time updates every `step` seconds from `from` to `to` (inclusive), as the element fires them. */
function play(log: ListenLog, from: number, to: number, step = 0.25): ListenLog {
  let next = log;
  for (let t = from; t <= to + 1e-9; t += step) next = observePlayback(next, Math.min(t, to));
  return next;
}

describe('addRange', () => {
  it('merges overlapping and touching ranges and keeps them sorted', () => {
    let ranges = addRange([], 10, 20);
    ranges = addRange(ranges, 30, 40);
    ranges = addRange(ranges, 0, 5);
    expect(ranges).toEqual([
      [0, 5],
      [10, 20],
      [30, 40],
    ]);
    expect(addRange(ranges, 18, 32)).toEqual([
      [0, 5],
      [10, 40],
    ]);
    expect(addRange(ranges, 5, 10)).toEqual([
      [0, 20],
      [30, 40],
    ]);
    expect(addRange(ranges, 3, 3)).toBe(ranges);
  });
});

describe('listened share', () => {
  it('counts continuous playback', () => {
    const log = play(EMPTY_LISTEN_LOG, 0, 60);
    expect(listenedSeconds(log)).toBeCloseTo(60);
    expect(listenedShare(log, 240)).toBeCloseTo(0.25);
    expect(completionPercentage(log, 240)).toBe(25);
  });

  it('does not count a seek ahead', () => {
    let log = play(EMPTY_LISTEN_LOG, 0, 10);
    log = breakPlayback(log); // "seeking"
    log = play(log, 200, 240);
    expect(listenedSeconds(log)).toBeCloseTo(50);
  });

  it('treats a jump without a seeking event as a seek too', () => {
    let log = play(EMPTY_LISTEN_LOG, 0, 10);
    log = observePlayback(log, 230);
    log = play(log, 230, 240);
    expect(listenedSeconds(log)).toBeCloseTo(20);
  });

  it('counts a passage heard twice once', () => {
    let log = play(EMPTY_LISTEN_LOG, 0, 30);
    log = breakPlayback(log);
    log = play(log, 10, 40);
    expect(listenedSeconds(log)).toBeCloseTo(40);
  });

  it('does not count paused time, and resumes from where it paused', () => {
    let log = play(EMPTY_LISTEN_LOG, 0, 20);
    log = breakPlayback(log);
    log = play(log, 20, 30);
    expect(listenedSeconds(log)).toBeCloseTo(30);
  });

  it('a full listen is 100 %, capped; no duration is 0', () => {
    const log = play(EMPTY_LISTEN_LOG, 0, 180);
    expect(completionPercentage(log, 180)).toBe(100);
    expect(completionPercentage(log, 170)).toBe(100);
    expect(listenedShare(log, 0)).toBe(0);
  });

  it('ignores non-finite positions', () => {
    expect(observePlayback(EMPTY_LISTEN_LOG, Number.NaN)).toBe(EMPTY_LISTEN_LOG);
  });

  it('rounds to one decimal', () => {
    const log = play(EMPTY_LISTEN_LOG, 0, 100);
    expect(completionPercentage(log, 300)).toBe(33.3);
  });
});
