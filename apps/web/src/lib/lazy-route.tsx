import { createElement, lazy, useEffect, type ComponentProps, type ComponentType } from 'react';
import { announceAppReady } from './app-ready';

/** A lazily loaded screen that can be fetched ahead of its first render (`preload`). */
export type LazyRoute<C> = C & { preload: () => Promise<void> };

/**
 * `React.lazy` plus `preload()`: once the module has arrived, the component renders it directly,
 * without suspending. React.lazy alone suspends on its first render even when the chunk is already
 * loaded (its promise is new), which would commit the Suspense fallback ("Cargando...") for a frame;
 * main.tsx preloads the first screen so its first render is final.
 * apps/web/scripts/check-budget.mjs treats `lazyRoute(() => import(...))` like `lazy(...)`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props, as React.lazy's own signature
export function lazyRoute<C extends ComponentType<any>>(load: () => Promise<{ default: C }>): LazyRoute<C> {
  type P = ComponentProps<C>;
  let loaded: C | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const fetchModule = () => {
    if (!pending) {
      const attempt = load().then((module) => {
        loaded = module.default;
        return module;
      });
      // A failed load is forgotten, so a later render may try again.
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
      pending = attempt;
    }
    return pending;
  };
  const Lazy = lazy(fetchModule);
  function LazyRouteComponent(props: P) {
    // The first screen committed: the app has started (src/lib/app-ready.ts).
    useEffect(() => announceAppReady(), []);
    return loaded ? createElement(loaded as ComponentType<P>, props) : createElement(Lazy as ComponentType<P>, props);
  }
  return Object.assign(LazyRouteComponent as unknown as C, { preload: () => fetchModule().then(() => undefined) });
}
