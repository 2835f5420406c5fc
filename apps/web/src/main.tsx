import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { BootSpinner } from './app/boot-spinner';
import { preloadInitialScreen } from './app/initial-screen';
import { takeInitialBootstrap } from './lib/bootstrap';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

/** Never wait longer than this for the first screen's chunks (they are modulepreloaded). */
const PRELOAD_TIMEOUT_MS = 5000;
/** Past this, a wait for those chunks shows the "Cargando..." spinner instead of a blank page. */
const SPINNER_DELAY_MS = 300;

const root = createRoot(container);
// The first screen's chunk is loaded before the first render, so that render is the page itself (no
// "Cargando..." frame first); a failed load is left to the route's own lazy().
const ready = preloadInitialScreen(takeInitialBootstrap(), window.location.pathname).catch(() => undefined);
void (async () => {
  // A slow connection: the spinner rather than a blank page.
  const spinner = setTimeout(() => root.render(<BootSpinner />), SPINNER_DELAY_MS);
  await Promise.race([ready, new Promise((resolve) => setTimeout(resolve, PRELOAD_TIMEOUT_MS))]);
  clearTimeout(spinner);
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
})();
