/** Spec §2: the floating counter is hidden on these paths. */
const HIDDEN_PATHS = new Set(['/assessment', '/evaluacion', '/coaching/chat', '/journaling/chat']);

/** Spec §9: scroll threshold. */
export const COUNTER_SCROLL_THRESHOLD_PX = 100;

export function isCounterHiddenOn(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return HIDDEN_PATHS.has(normalised.toLowerCase());
}

/**
 * Spec §2: the counter hides when the user scrolls down past the threshold and comes back when they
 * scroll up (and always near the top of the page).
 */
export function nextCounterVisibility(visible: boolean, previousY: number, currentY: number, threshold = COUNTER_SCROLL_THRESHOLD_PX): boolean {
  if (currentY <= threshold) return true;
  if (currentY > previousY) return false;
  if (currentY < previousY) return true;
  return visible;
}
