import { describe, expect, it } from 'vitest';
import { areaHref } from './areas';
import { energyBars, energyChartLabel } from './energy-chart';
import { isRouteAvailable } from '#lib/route-availability';
import { SUCCESS_MESSAGES, rotatingIndex, secondsLeft } from './timing';

describe('energy chart data', () => {
  it('one bar per factor, diverging from the neutral 3; 0 and out-of-range are "sin puntuar"', () => {
    const bars = energyBars({
      autonomy: 5,
      collaboration: 4,
      learning: 3,
      recognition: 2,
      pressure: 1,
      routine: 0,
      meetings: 7,
    });
    expect(bars.map((b) => [b.factor, b.direction, b.magnitude])).toEqual([
      ['autonomy', 'boost', 2],
      ['collaboration', 'boost', 1],
      ['learning', 'neutral', 0],
      ['recognition', 'drain', 1],
      ['pressure', 'drain', 2],
      ['routine', 'unrated', 0],
      ['meetings', 'unrated', 0],
    ]);
    const label = energyChartLabel(bars);
    expect(label).toContain('Autonomía: 5 (te da mucha energía)');
    expect(label).toContain('Rutina: sin puntuar');
  });
});

describe('route availability (no dead links)', () => {
  const routes = [{ path: '/' }, { path: '/coaching' }, { path: '/breathing/:id' }, { path: '*' }];

  it('matches only real routes of the table, with parameters', () => {
    expect(isRouteAvailable('/coaching', routes)).toBe(true);
    expect(isRouteAvailable('/breathing/4', routes)).toBe(true);
    expect(isRouteAvailable('/breathing', routes)).toBe(false);
    expect(isRouteAvailable('/fitness', routes)).toBe(false);
  });

  it('a recommendation links to its area only when the area exists', () => {
    const available = (path: string) => isRouteAvailable(path, routes);
    expect(areaHref('coaching', available)).toBe('/coaching');
    expect(areaHref('fitness', available)).toBeNull();
  });
});

describe('timed screens', () => {
  it('rotates the success messages every 2 s', () => {
    expect(rotatingIndex(0, SUCCESS_MESSAGES.length)).toBe(0);
    expect(rotatingIndex(1999, SUCCESS_MESSAGES.length)).toBe(0);
    expect(rotatingIndex(2000, SUCCESS_MESSAGES.length)).toBe(1);
    expect(rotatingIndex(8000, SUCCESS_MESSAGES.length)).toBe(4);
    expect(rotatingIndex(10_000, SUCCESS_MESSAGES.length)).toBe(0);
  });

  it('counts whole seconds down', () => {
    expect(secondsLeft(0, 6000)).toBe(6);
    expect(secondsLeft(5001, 6000)).toBe(1);
    expect(secondsLeft(7000, 6000)).toBe(0);
  });
});
