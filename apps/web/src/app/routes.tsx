import { lazy, type ComponentType } from 'react';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { SignedInRedirect } from '../features/auth/components/signed-in-redirect';
import { HomePage } from '../features/home/components/home-page';
import { LandingPage } from '../features/landing/components/landing-page';

/**
 * The route table (product spec §2).
 *
 * Landing, sign-in and Home are in the entry chunk because they are the first paint for every
 * visitor/user. Every other screen is lazy-loaded with this pattern:
 *
 *   const BreathingListPage = lazy(() =>
 *     import('../features/breathing/components/breathing-list-page').then((m) => ({ default: m.BreathingListPage })),
 *   );
 *   { path: '/breathing', Component: BreathingListPage },
 */
export const NotFoundPage = lazy(() => import('./not-found-page').then((m) => ({ default: m.NotFoundPage })));

const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);

export interface AppRoute {
  path: string;
  Component: ComponentType;
}

/** Signed out: only these paths exist; every other path shows the 404 page. */
export const visitorRoutes: readonly AppRoute[] = [
  { path: '/', Component: LandingPage },
  { path: '/acceso', Component: SignInPage },
];

/** Signed in with a completed assessment: the app, inside the app shell. */
export const memberRoutes: readonly AppRoute[] = [
  { path: '/', Component: HomePage },
  // Already signed in: honour ?next= (same-site paths only) or go home.
  { path: '/acceso', Component: SignedInRedirect },
  { path: '/profile', Component: ProfilePage },
];

/**
 * Slot: what a signed-in user WITHOUT a completed assessment sees on every path (spec §2: the
 * assessment wizard). The assessment issue assigns the lazy wizard here, e.g.
 *   lazy(() => import('../features/assessment/components/assessment-wizard-page').then(...))
 * While it is null the gate falls back to `memberRoutes`.
 */
export const assessmentPendingScreen: ComponentType | null = null;
