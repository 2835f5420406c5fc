import { Menu, Portal } from '@chakra-ui/react';
import { useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { UserMenuButton } from './user-menu-button';
import { SIGN_OUT_ITEM, USER_MENU_LINKS } from './user-menu-items';

/** What happened to the stand-in button before this chunk arrived (user-menu.tsx). */
export interface MenuArrival {
  /** It was pressed (a mouse button down, a click, Enter, Space, ↓ or ↑): open now. */
  open: boolean;
  /** Opened from the keyboard: which item to highlight. */
  highlight: 'first' | 'last' | null;
}

const subscribeToNothing = () => () => {};
const isBrowser = () => true;
const isServer = () => false;

/**
 * The header's menu (Chakra's Menu on Zag's menu machine), loaded on its own (user-menu.tsx): «Tu
 * perfil», «Tu evaluación», «Tu semana», «Compartir» and «Cerrar sesión». Enter, Space or ↓ open it on
 * the first item, ↑ on the last; arrows move, Esc closes and gives focus back to the button. Its content
 * mounts on first opening and unmounts when closed.
 *
 * A link item navigates and closes the menu; Zag then focuses the button again, which yields to the new
 * screen (YIELDS_FOCUS_ON_NAVIGATION), so focus goes on to its heading as after any link.
 */
export default function UserMenuContent({
  firstName,
  onSignOut,
  arrival,
  standInFocused,
}: {
  firstName: string;
  onSignOut: () => void;
  arrival: MenuArrival;
  /** Whether the stand-in has focus (a ref: following focus must not re-render, see user-menu.tsx). */
  standInFocused: RefObject<boolean>;
}) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  // `data-menu-ready`: the button works. Absent on the server and while hydrating the server's markup
  // (React's server snapshot), present from then on and on every render in the browser.
  const ready = useSyncExternalStore(subscribeToNothing, isBrowser, isServer);
  const [initial] = useState(arrival);
  const highlighted = initial.highlight === 'first' ? USER_MENU_LINKS[0].value : initial.highlight === 'last' ? SIGN_OUT_ITEM.value : null;

  // The stand-in this button replaces had focus: it keeps it (an open menu takes it itself).
  useEffect(() => {
    if (standInFocused.current && !initial.open) buttonRef.current?.focus();
  }, [initial, standInFocused]);

  return (
    <Menu.Root
      lazyMount
      unmountOnExit
      defaultOpen={initial.open}
      defaultHighlightedValue={highlighted}
      // Fixed, like the sticky header it hangs from: it stays under the button wherever the page is
      // scrolled, without being moved again on every scroll.
      positioning={{ placement: 'bottom-end', strategy: 'fixed' }}
      // Enter or Space on a link item: Zag's default dispatches a click that does not bubble, so React
      // Router's link never hears it and the browser loads the page anew. A real click bubbles: the link
      // navigates in the app, and the item's own handler closes the menu, as for a mouse click.
      navigate={({ node }) => node.click()}
      onSelect={({ value }) => {
        if (value === SIGN_OUT_ITEM.value) onSignOut();
      }}
    >
      <Menu.Trigger asChild>
        <UserMenuButton ref={buttonRef} firstName={firstName} data-menu-ready={ready ? '' : undefined} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            {USER_MENU_LINKS.map((link) => (
              <Menu.Item key={link.value} value={link.value} asChild cursor="pointer">
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value={SIGN_OUT_ITEM.value} cursor="pointer">
              {SIGN_OUT_ITEM.label}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
