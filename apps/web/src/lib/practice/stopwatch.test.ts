import { describe, expect, it } from 'vitest';
import { clockTime, shortDuration, spokenDuration } from '../format-time';
import { elapsedMs, pauseStopwatch, practisedSeconds, resumeStopwatch, startStopwatch } from './stopwatch';

describe('stopwatch (paused time excluded)', () => {
  it('counts running time only', () => {
    let watch = startStopwatch(1_000);
    expect(elapsedMs(watch, 11_000)).toBe(10_000);
    watch = pauseStopwatch(watch, 11_000);
    expect(elapsedMs(watch, 99_000)).toBe(10_000);
    watch = resumeStopwatch(watch, 99_000);
    expect(elapsedMs(watch, 104_500)).toBe(15_500);
    expect(practisedSeconds(watch, 104_500)).toBe(15);
  });

  it('pausing twice or resuming a running watch changes nothing', () => {
    const paused = pauseStopwatch(startStopwatch(0), 5_000);
    expect(pauseStopwatch(paused, 9_000)).toBe(paused);
    const running = startStopwatch(0);
    expect(resumeStopwatch(running, 3_000)).toBe(running);
  });

  it('never goes backwards with a clock that does', () => {
    expect(elapsedMs(startStopwatch(10_000), 9_000)).toBe(0);
  });
});

describe('time formatting', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [65, '1:05'],
    [600, '10:00'],
    [3723, '1:02:03'],
    [-4, '0:00'],
    [59.9, '0:59'],
  ])('clockTime(%d) = %s', (seconds, text) => {
    expect(clockTime(seconds)).toBe(text);
  });

  it('speaks durations in Spanish', () => {
    expect(spokenDuration(245)).toBe('4 minutos y 5 segundos');
    expect(spokenDuration(60)).toBe('1 minuto');
    expect(spokenDuration(61)).toBe('1 minuto y 1 segundo');
    expect(spokenDuration(30)).toBe('30 segundos');
    expect(shortDuration(80)).toBe('1 min 20 s');
    expect(shortDuration(45)).toBe('45 s');
    expect(shortDuration(240)).toBe('4 min');
  });
});
