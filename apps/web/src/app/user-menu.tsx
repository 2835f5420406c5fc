import { Suspense, lazy, memo, useState, type KeyboardEvent, type MouseEvent } from 'react';
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

// The menu's machine, positioning and dismissal (Zag, Ark, the positioning library: ~38 KB gzip) are
// their own chunk, requested when the header first renders: Home, rendered on the server, is not
// held back by them. The server renders the real button; hydration waits for the chunk only there.
const UserMenuContent = lazy(() =>
  import('./user-menu-content').catch((error: unknown) => {
    console.warn('[menú] No se pudo cargar el menú', error);
    return { default: ({ firstName }: { firstName: string }) => <NameOnly firstName={firstName} /> };
  }),
);

const NOTHING_YET: MenuArrival = { open: false, highlight: null, focused: false };

/**
 * The header's name as a menu button (user-menu-content.tsx). Until the menu's chunk has arrived, a
 * stand-in that looks and is named the same remembers what was done to it (pressed, from the keyboard or
 * not; focused), and the menu does it when it arrives.
 *
 * Memoised: on Home, rendered on the server, the button stays the server's markup until the chunk has
 * arrived, and a new render of the header meanwhile would make React drop it and render it anew.
 */
export const UserMenu = memo(function UserMenu({ firstName, onSignOut }: { firstName: string; onSignOut: () => void }) {
  const [arrival, setArrival] = useState<MenuArrival>(NOTHING_YET);

  // `detail` is 0 for a click made with Enter or Space (the menu then highlights its first item, as Zag does).
  const press = (event: MouseEvent) => setArrival((a) => ({ ...a, open: true, highlight: event.detail === 0 ? 'first' : null }));
  const arrow = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    setArrival((a) => ({ ...a, open: true, highlight: event.key === 'ArrowDown' ? 'first' : 'last' }));
  };

  const standIn = (
    <UserMenuButton
      firstName={firstName}
      aria-expanded={arrival.open}
      onClick={press}
      onKeyDown={arrow}
      onFocus={() => setArrival((a) => ({ ...a, focused: true }))}
      onBlur={() => setArrival((a) => ({ ...a, focused: false }))}
    />
  );
  return (
    <Suspense fallback={standIn}>
      <UserMenuContent firstName={firstName} onSignOut={onSignOut} arrival={arrival} />
    </Suspense>
  );
});
