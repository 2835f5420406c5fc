import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Whether the person has pressed a key or a pointer in this document yet (not on the first paint). */
function hasInteracted(): boolean {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  return activation?.hasBeenActive ?? true;
}

/**
 * Focus after an in-app navigation: the link or button that was activated belonged to the previous
 * screen, so focus would fall back to <body> and keyboard and screen-reader users would start again
 * from the top. When that happens, focus moves to the new screen's main heading (attach the returned
 * ref to an h1 with tabIndex={-1}). The page a document opens on is left alone (nobody has pressed
 * anything yet), so the first Tab still reaches "Saltar al contenido".
 */
export function useRouteFocus<T extends HTMLElement = HTMLHeadingElement>() {
  // The shell's <main> holds focus while a lazy screen loads (useMainFocusFallback); take it over.
  return useFocusAfterNavigation<T>((active) => active.matches(MAIN_SELECTOR));
}

const MAIN_SELECTOR = 'main#contenido';

/**
 * Spread on a control that outlives screens but should not keep focus across them: the header's menu
 * button, which its menu (Zag) focuses again when an item is chosen, also when the item navigates.
 * After a navigation, focus on it moves on to the new screen as if it had fallen back to <body>.
 */
export const YIELDS_FOCUS_ON_NAVIGATION = { 'data-yields-focus-on-navigation': '' } as const;

function yieldsFocus(active: Element): boolean {
  return active.hasAttribute('data-yields-focus-on-navigation');
}

/**
 * The app shell's fallback for every screen, also those without their own heading focus: after an
 * in-app navigation that left focus on <body>, focus goes to <main> (tabIndex=-1), so the next Tab
 * starts from the new screen's content. A screen that focuses its heading (useRouteFocus) wins, also
 * when it arrives later from a lazy chunk.
 */
export function useMainFocusFallback<T extends HTMLElement = HTMLElement>() {
  return useFocusAfterNavigation<T>(() => false);
}

/** Moves focus to the ref after a navigation when focus is lost, or when `replaceable` says so. */
function useFocusAfterNavigation<T extends HTMLElement>(replaceable: (active: Element) => boolean) {
  const ref = useRef<T>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default' || !hasInteracted()) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !replaceable(active) && !yieldsFocus(active)) return;
    ref.current?.focus({ preventScroll: true });
    // `replaceable` is a fixed rule per hook; only a navigation re-runs this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return ref;
}
