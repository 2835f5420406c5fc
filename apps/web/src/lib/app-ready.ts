let announced = false;

/**
 * Called when the first screen has been committed (src/lib/lazy-route.tsx: every screen is a lazy
 * route, the innermost part of the page): the app has started. `<html data-app-ready>` says so to
 * whoever needs to wait for it (tests that scroll, for instance: scroll-driven behaviour starts with
 * the app).
 */
export function announceAppReady(doc: Document = document): void {
  if (announced) return;
  announced = true;
  doc.documentElement.setAttribute('data-app-ready', '');
}
