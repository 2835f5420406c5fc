import type { ComponentType } from 'react';
import { useSignedInUser } from '#lib/session';
import { ForbiddenPage } from './forbidden-page';

export function isAdmin(user: { role: string }): boolean {
  return user.role === 'admin';
}

/**
 * Wraps an admin screen: a signed-in user without the admin role sees the 403 screen and the screen
 * itself never mounts (so none of its admin calls are made; the API refuses them anyway).
 */
export function adminOnly(Screen: ComponentType): ComponentType {
  function AdminOnlyScreen() {
    const user = useSignedInUser();
    return isAdmin(user) ? <Screen /> : <ForbiddenPage />;
  }
  AdminOnlyScreen.displayName = `AdminOnly(${Screen.displayName ?? Screen.name})`;
  return AdminOnlyScreen;
}
