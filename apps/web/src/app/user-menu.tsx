import { Suspense, lazy, memo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import { HeaderName, NameInitial, UserMenuButton } from './user-menu-button';
import type { MenuArrival } from './user-menu-content';

/** The menu without its machine: the button as it looks, with nothing to open (its chunk could not load). */
function NameOnly({ firstName }: { firstName: string }) {
  return (
    <>
      <NameInitial firstName={firstName} />
      <HeaderName firstName={firstName} />
    </>
  );
}

// The menu's machine, positioning and dismissal (Zag, Ark, the positioning library: about 38 KB gzip
// that a member's first screen does not otherwise load) come in their own chunks, requested when the
// header first renders, so Home is not held back by them. The server renders the real button, which
// stays the server's markup until they have arrived.
const UserMenuContent = lazy(() =>
  import('./user-menu-content').catch((error: unknown) => {
    console.warn('[menú] No se pudo cargar el menú', error);
    return { default: ({ firstName }: { firstName: string }) => <NameOnly firstName={firstName} /> };
  }),
);

const NOTHING_YET: MenuArrival = { open: false, highlight: null };

/**
 * The header's name as a menu button (user-menu-content.tsx). Until the menu's chunk has arrived, a
 * stand-in that looks and is named the same remembers what was done to it (pressed, from the keyboard or
 * not; focused), and the menu does it when it arrives.
 *
 * The stand-in is replaced by another element when the menu arrives. A mouse press opens it at once
 * (pointer down): had it waited for the click, the swap could fall between the press and the release,
 * and the browser sends no click then. Focus is followed in a ref, so that focusing it (which a press
 * does first) never re-renders it, and so never makes React swap it in the middle of a press.
 *
 * Memoised: on Home, rendered on the server, the button stays the server's markup until the chunk has
 * arrived, and a new render of the header meanwhile would make React drop it and render it anew.
 */
export const UserMenu = memo(function UserMenu({ firstName, onSignOut }: { firstName: string; onSignOut: () => void }) {
  const [arrival, setArrival] = useState<MenuArrival>(NOTHING_YET);
  const standInFocused = useRef(false);

  // `detail` is 0 for a click made with Enter or Space (the menu then highlights its first item, as Zag does).
  const press = (event: MouseEvent) => setArrival((a) => (a.open ? a : { open: true, highlight: event.detail === 0 ? 'first' : null }));
  const pointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button === 0) setArrival((a) => (a.open ? a : { open: true, highlight: null }));
  };
  const arrow = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setArrival({ open: true, highlight: event.key === 'ArrowDown' ? 'first' : 'last' });
  };

  const standIn = (
    <UserMenuButton
      firstName={firstName}
      aria-expanded={arrival.open}
      onPointerDown={pointerDown}
      onClick={press}
      onKeyDown={arrow}
      onFocus={() => (standInFocused.current = true)}
      onBlur={() => (standInFocused.current = false)}
    />
  );
  return (
    <Suspense fallback={standIn}>
      <UserMenuContent firstName={firstName} onSignOut={onSignOut} arrival={arrival} standInFocused={standInFocused} />
    </Suspense>
  );
});
