/**
 * The header's menu (app/user-menu.tsx): the ways to what is the person's own, then "Cerrar sesión".
 * «Compartir» is a section of the profile: `/profile#<its heading's id>` scrolls to it and focuses it
 * (lib/use-hash-target.ts, in the profile page).
 */
export const USER_MENU_LINKS = [
  { value: 'perfil', label: 'Tu perfil', to: '/profile' },
  { value: 'evaluacion', label: 'Tu evaluación', to: '/assessment/results' },
  { value: 'semana', label: 'Tu semana', to: '/semana' },
  { value: 'compartir', label: 'Compartir', to: '/profile#perfil-compartir' },
] as const;

/** The menu item that signs out (not a link: it ends the session, then shows the landing page). */
export const SIGN_OUT_ITEM = { value: 'cerrar-sesion', label: 'Cerrar sesión' } as const;

/**
 * The menu button's accessible name: it says what the button opens and contains the name it shows
 * (WCAG 2.5.3, label in name), e.g. "Menú de Irene".
 */
export function userMenuLabel(firstName: string): string {
  const name = firstName.trim();
  return name ? `Menú de ${name}` : 'Tu menú';
}
