/**
 * The entry script: starts the app (src/main.tsx), except on the prerendered landing page.
 *
 * The landing page (`/` for a visitor) arrives as finished HTML and CSS (src/prerender/landing.tsx,
 * apps/api/src/http/static.ts) and has nothing that needs JavaScript: every link is a real link (the
 * calls to action already leave through /api/login). So the app does not start there; once the page
 * has loaded and the browser is idle, the app's chunks are prefetched (the server lists them in
 * `<script id="ascenso-preload">` instead of modulepreloading them) so that the next page, /acceso
 * or Home, finds them in the cache. Reached inside the app (after "Cerrar sesión"), the landing page
 * is rendered by the app as any other screen.
 *
 * Elsewhere index.html modulepreloads main's chunks (vite.config.ts, `appPreloads`), and the server
 * adds the first screen's (Home's for a member), so they download in parallel with this script.
 * scripts/check-budget.mjs counts index.html's as initial JavaScript.
 */

import { nextTask, whenIdleAfterLoad } from '#lib/when-idle';

// `data-page="static"`: build-time markup the app does not start on (apps/api/src/http/static.ts).
// `data-page="server"`: a member's Home rendered for this request, which the app hydrates (src/main.tsx).
const page = document.getElementById('root')?.dataset.page;

/** The same-origin asset paths the server listed for later. */
function listedAssets(): string[] {
  try {
    const hrefs: unknown = JSON.parse(document.getElementById('ascenso-preload')?.textContent ?? '[]');
    return Array.isArray(hrefs) ? hrefs.filter((href): href is string => typeof href === 'string' && href.startsWith('/assets/')) : [];
  } catch {
    return [];
  }
}

function prefetchListed(): void {
  for (const href of listedAssets()) {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  }
}

/**
 * Runs `task` once the page has been painted: after the first contentful paint and the next frame.
 * Without paints (a tab in the background) it runs after `fallbackMs` anyway.
 */
function afterFirstPaint(task: () => void, fallbackMs = 1000): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    task();
  };
  let observer: PerformanceObserver | undefined;
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) requestAnimationFrame(() => setTimeout(start, 0));
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing: the fallback starts the app.
  }
  setTimeout(start, fallbackMs);
}

/**
 * The app's code evaluated a part per task (React, then the theme with Chakra, then the app) instead of
 * in one long task: the page is already shown, and the browser stays responsive while the app starts
 * (Lighthouse's Total Blocking Time counts each long task). The parts are chunks main.tsx imports anyway.
 */
async function startInStages(): Promise<void> {
  try {
    await import('react-dom/client');
    await nextTask();
    await import('./theme');
    await nextTask();
  } finally {
    await import('./main');
  }
}

if (page === 'static') whenIdleAfterLoad(prefetchListed, 5000);
// The server's markup is the page: the app (which hydrates it) is loaded once it has been painted, so
// that no script download or evaluation comes before the first paint.
else if (page === 'server') afterFirstPaint(() => void startInStages());
else void import('./main');
