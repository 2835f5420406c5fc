import { describe, expect, it } from 'vitest';
import { isRouteAvailable } from '#lib/route-availability';
import { memberRoutes } from './routes';

describe('route availability from the registered member route table', () => {
  it('loading routes.tsx registers memberRoutes: its screens are available, other paths are not', () => {
    expect(memberRoutes.length).toBeGreaterThan(10);
    expect(isRouteAvailable('/coaching')).toBe(true);
    expect(isRouteAvailable('/breathing/4')).toBe(true);
    expect(isRouteAvailable('/journaling/entry/abc')).toBe(true);
    expect(isRouteAvailable('/no-such-screen')).toBe(false);
  });
});
