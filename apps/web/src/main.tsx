import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadInitialScreen } from './app/initial-screen';
import { takeInitialBootstrap } from './lib/bootstrap';
import { getSystem } from './theme';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/** Never wait longer than this for the first screen's chunks (they are modulepreloaded). */
const PRELOAD_TIMEOUT_MS = 5000;

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

const root = createRoot(container);
// The first screen's chunk is loaded before the first render, so that render is the page itself (no
// "Cargando..." frame first); a failed load is left to the route's own lazy().
const ready = preloadInitialScreen(takeInitialBootstrap(), window.location.pathname).catch(() => undefined);
void (async () => {
  // Start-up work in separate tasks, so that the browser can handle input in between: the Chakra
  // system (src/theme), built while the first screen's chunks may still be arriving, then the render.
  await nextTask();
  getSystem();
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, PRELOAD_TIMEOUT_MS))]);
  await nextTask();
  // A transition: React renders in slices of a few milliseconds and yields to the browser in between,
  // instead of one long task (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
})();
