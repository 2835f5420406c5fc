/**
 * Runs `run` once the page has loaded and the browser is idle (at the latest `timeoutMs` after the
 * load event; 200 ms after it where requestIdleCallback is missing). Returns a function that cancels.
 */
export function whenIdleAfterLoad(run: () => void, timeoutMs: number): () => void {
  let cancelled = false;
  const go = () => {
    if (!cancelled) run();
  };
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(go, { timeout: timeoutMs }) : setTimeout(go, 200));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', idle);
  };
}

/** Resolves in a later task (a zero timeout), letting the browser handle input and paint in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
