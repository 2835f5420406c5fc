import { createElement, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './lazy-route';

function Screen({ name }: { name: string }) {
  return createElement('p', null, name);
}

describe('lazyRoute', () => {
  it('renders through React.lazy until preloaded, then the module directly (no suspension)', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Screen }));
    const Route = lazyRoute(load);
    const render = () => renderToStaticMarkup(createElement(Suspense, { fallback: 'Cargando...' }, createElement(Route, { name: 'a' })));
    // Not loaded yet: React.lazy suspends, the fallback shows (and the module starts loading).
    expect(render()).toBe('Cargando...');
    await Route.preload();
    await Route.preload();
    // Loaded: the screen itself, at once.
    expect(render()).toBe('<p>a</p>');
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
