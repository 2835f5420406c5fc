import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The element id a location's hash names (`#perfil-compartir` → `perfil-compartir`), or null when the
 * hash is empty, malformed or not a plain id (letters, digits, `-` and `_`, starting with a letter).
 */
export function hashTargetId(hash: string): string | null {
  if (!hash.startsWith('#') || hash.length < 2) return null;
  let id: string;
  try {
    id = decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
  return /^[A-Za-z][\w-]*$/.test(id) ? id : null;
}

/**
 * A link to a section of a screen (`/profile#perfil-compartir`, from the header's menu): once the screen
 * is there, its section scrolls into view and its heading (tabIndex -1) takes focus, so a keyboard or
 * screen-reader user starts there. The browser cannot do it by itself: the section is rendered after the
 * page loaded. Runs on every navigation to a hash, also to the same screen.
 */
export function useHashTarget(): void {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = hashTargetId(hash);
    const target = id ? document.getElementById(id) : null;
    if (!target) return;
    // The section around the heading carries the scroll margin that keeps it clear of the sticky header.
    (target.closest('section') ?? target).scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [hash, key]);
}
