import { createElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route';

function Screen({ name }: { name: string }) {
  return createElement('p', null, name);
}

describe('lazyRoute', () => {
  it('renders through React.lazy until preloaded, then the module directly (no suspension)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Route = lazyRoute(load);
    const before = (Route as (props: { name: string }) => { type: unknown })({ name: 'a' });
    expect(before.type).not.toBe(Screen);
    await Route.preload();
    await Route.preload();
    const after = (Route as (props: { name: string }) => { type: unknown; props: unknown })({ name: 'a' });
    expect(after.type).toBe(Screen);
    expect(after.props).toEqual({ name: 'a' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load so that a later attempt can succeed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Screen });
    const Route = lazyRoute(load as () => Promise<{ default: typeof Screen }>);
    await expect(Route.preload()).rejects.toThrow('offline');
    await Route.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
