import { bootstrapData, type BootstrapState } from '#lib/bootstrap';
import type { SessionUser } from '#lib/session';
import { SignedInApp } from './route-gate';
import { assessmentPendingScreen, isMemberOnlyPath, memberRoutes, preloadRoute, visitorRoutes } from './routes';

/**
 * The chunks of the first screen, as far as the server's bootstrap tells who the visitor is: the
 * landing page or sign-in screen for a visitor; for a signed-in user the signed-in app plus the route's
 * screen (or the assessment wizard while the assessment is pending). Without a bootstrap (dev server)
 * nothing is known yet and nothing is loaded here. The server modulepreloads the same chunks.
 */
export function preloadInitialScreen(state: BootstrapState | undefined, pathname: string): Promise<unknown> {
  const user = bootstrapData<SessionUser | null>(state, 'auth.me');
  if (user === undefined) return Promise.resolve();
  // A signed-out deep link to a member screen goes to sign-in (route-gate.tsx): load that screen.
  if (user === null) return preloadRoute(visitorRoutes, isMemberOnlyPath(pathname) ? '/acceso' : pathname);
  const status = bootstrapData<{ completed: boolean }>(state, 'assessment.status');
  const pending = assessmentPendingScreen as { preload?: () => Promise<void> } | null;
  const screen = !status ? undefined : status.completed ? preloadRoute(memberRoutes, pathname) : pending?.preload?.();
  return Promise.all([SignedInApp.preload(), screen]);
}
