import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { BootSpinner } from './app/boot-spinner';
import { preloadInitialScreen } from './app/initial-screen';
import { takeInitialBootstrap } from '#lib/bootstrap';
import { nextTask } from '#lib/when-idle';
import { getSystem } from './theme';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/** Never wait longer than this for the first screen's chunks (they are modulepreloaded). */
const PRELOAD_TIMEOUT_MS = 5000;
/** Past this, a wait for those chunks shows the "Cargando..." spinner instead of a blank page. */
const SPINNER_DELAY_MS = 300;

// A member's Home arrives rendered by the server (src/prerender/member-home.tsx) from the same
// bootstrap state: the first render hydrates that markup (React's hydrateRoot) instead of replacing it.
const serverRendered = container.dataset.page === 'server' && container.hasChildNodes();
const root = serverRendered ? null : createRoot(container);
// The first screen's chunk is loaded before the first render, so that render is the page itself (no
// "Cargando..." frame first); a failed load is left to the route's own lazy().
const ready = preloadInitialScreen(takeInitialBootstrap(), window.location.pathname).catch(() => undefined);
void (async () => {
  // Start-up work in separate tasks, so that the browser can handle input in between (Lighthouse's
  // Total Blocking Time counts each long task): the modules' evaluation, Chakra's system (tens of
  // milliseconds on a phone), built while the first screen's chunks may still be arriving, then the
  // render.
  await nextTask();
  getSystem();
  // A slow connection: the spinner rather than a blank page (never over markup the server sent).
  const spinner = root ? setTimeout(() => root.render(<BootSpinner />), SPINNER_DELAY_MS) : undefined;
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, PRELOAD_TIMEOUT_MS))]);
  clearTimeout(spinner);
  await nextTask();
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) in slices of a few milliseconds and yields to the browser
  // in between.
  startTransition(() => {
    if (root) root.render(app);
    else hydrateRoot(container, app);
  });
})();
