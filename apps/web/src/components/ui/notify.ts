import type { toaster } from './toaster';

type ToastOptions = Parameters<typeof toaster.create>[0];

/**
 * Shows an app-wide toast. The toaster (Zag's toast machines, ~20 KB) is its own chunk, loaded on
 * first use, so the screens every signed-in visit starts with (the shell, Home, the step counter)
 * do not wait for it. Screens that are lazy chunks anyway may import `toaster` directly.
 */
export function notify(options: ToastOptions): void {
  void import('./toaster').then((m) => m.toaster.create(options));
}
