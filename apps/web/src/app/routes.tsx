import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { lazyRoute } from '#lib/lazy-route';
import { registerMemberRoutes } from '#lib/route-availability';

/**
 * The route table (product spec §2).
 *
 * No screen is in the entry chunk, which holds only what every visitor needs to find out who they are
 * (route gate, providers). Home and the signed-in /acceso redirect ship in the signed-in app chunk
 * (signed-in-app.tsx); every other screen, the landing page and the sign-in screen included, is its
 * own lazy chunk. apps/web/scripts/check-budget.mjs (run by `pnpm test`) fails when a route other than
 * Home or /acceso is bundled into the initial JavaScript, or when that exceeds its budget. Pattern:
 *
 *   const BreathingListPage = lazyRoute(() =>
 *     import('../features/practice/breathing/components/breathing-list-page').then(pick('BreathingListPage')),
 *   );
 *   { path: '/breathing', Component: BreathingListPage },
 */
/** `import(…).then(pick('X'))`: a module's named export X as the lazy route's component. */
function pick<K extends string>(name: K) {
  return <M extends Record<K, ComponentType>>(module: M) => ({ default: module[name] });
}

// Home and the signed-in /acceso redirect ship inside the signed-in app chunk (signed-in-app.tsx
// imports them statically), so these resolve without another request once the user is known.
const HomePage = lazyRoute(() => import('./home/home-page').then(pick('HomePage')));
const SignedInRedirect = lazyRoute(() => import('../features/auth/components/signed-in-redirect').then(pick('SignedInRedirect')));
const LandingPage = lazyRoute(() => import('../features/landing/components/landing-page').then(pick('LandingPage')));
const SignInPage = lazyRoute(() => import('../features/auth/components/sign-in-page').then(pick('SignInPage')));
const EmailVerificationPage = lazyRoute(() => import('../features/auth/components/email-verification-page').then(pick('EmailVerificationPage')));

export const NotFoundPage = lazyRoute(() => import('./not-found-page').then(pick('NotFoundPage')));

const ProfilePage = lazyRoute(() => import('./profile-route').then(pick('ProfileRoute')));

// Admin-only screens (each shows the "No tienes permiso" screen to a signed-in non-admin).
const AdminDashboardPage = lazyRoute(() => import('../features/admin/components/admin-dashboard-page').then(pick('AdminDashboardPage')));
const AdminStepsPage = lazyRoute(() => import('../features/admin/components/admin-steps-page').then(pick('AdminStepsPage')));
const EmailTestPage = lazyRoute(() => import('../features/admin/components/email-test-page').then(pick('EmailTestPage')));
const AiEmailTestPage = lazyRoute(() => import('../features/admin/components/ai-email-test-page').then(pick('AiEmailTestPage')));

const AssessmentWizardPage = lazyRoute(() => import('../features/assessment/components/assessment-wizard-page').then(pick('AssessmentWizardPage')));
const AssessmentResultsPage = lazyRoute(() => import('../features/assessment/components/assessment-results-page').then(pick('AssessmentResultsPage')));
const AssessmentEvaluationPage = lazyRoute(() => import('../features/assessment/components/assessment-evaluation-page').then(pick('AssessmentEvaluationPage')));

const CoachingHubPage = lazyRoute(() => import('../features/coaching/components/coaching-hub-page').then(pick('CoachingHubPage')));
const CoachingChatPage = lazyRoute(() => import('../features/coaching/components/coaching-chat-page').then(pick('CoachingChatPage')));
const CoachingSessionsPage = lazyRoute(() => import('../features/coaching/components/sessions-page').then(pick('CoachingSessionsPage')));
const CoachingSessionPage = lazyRoute(() => import('../features/coaching/components/session-page').then(pick('CoachingSessionPage')));
const JournalingChatPage = lazyRoute(() => import('../features/coaching/components/journaling-chat-page').then(pick('JournalingChatPage')));

// Wellbeing activities: audio, breathing, fitness, active breaks, the journal.
const MeditationsPage = lazyRoute(() => import('../features/meditations/components/meditations-page').then(pick('MeditationsPage')));
const MeditationPage = lazyRoute(() => import('../features/meditations/components/meditation-page').then(pick('MeditationPage')));
const BreathingListPage = lazyRoute(() => import('../features/practice/breathing/components/breathing-list-page').then(pick('BreathingListPage')));
const BreathingExercisePage = lazyRoute(() => import('../features/practice/breathing/components/breathing-exercise-page').then(pick('BreathingExercisePage')));
const FitnessPage = lazyRoute(() => import('../features/practice/fitness/components/fitness-page').then(pick('FitnessPage')));
const ActiveBreaksPage = lazyRoute(() => import('../features/practice/active-breaks/components/active-breaks-page').then(pick('ActiveBreaksPage')));
const ActiveBreakSessionPage = lazyRoute(() =>
  import('../features/practice/active-breaks/components/active-break-session-page').then(pick('ActiveBreakSessionPage')),
);
const JournalPage = lazyRoute(() => import('../features/journaling/components/journal-page').then(pick('JournalPage')));
const JournalEntryPage = lazyRoute(() => import('../features/journaling/components/journal-entry-page').then(pick('JournalEntryPage')));

// "Tu semana" (decision 027): the weekly review.
const WeeklyReviewPage = lazyRoute(() => import('../features/weekly-review/components/weekly-review-page').then(pick('WeeklyReviewPage')));

export interface AppRoute {
  path: string;
  Component: ComponentType & { preload?: () => Promise<void> };
}

/** Signed out: only these paths exist; every other path shows the 404 page. */
export const visitorRoutes: readonly AppRoute[] = [
  { path: '/', Component: LandingPage },
  { path: '/acceso', Component: SignInPage },
  // The password reset screens (decision 034), in the sign-in screen's chunk (no import of their own in the
  // entry). Shown to everyone, signed in or not, whatever the assessment (route-gate.tsx): a reset link
  // may be opened where someone is signed in, and its page stands on its own, outside the app shell.
  { path: '/restablecer', Component: SignInPage },
  { path: '/restablecer/:token', Component: SignInPage },
  // The welcome mail's confirmation link: the same for everyone too (route-gate.tsx), its own chunk.
  { path: '/verificar/:token', Component: EmailVerificationPage },
];

/** Signed in with a completed assessment: the app, inside the app shell. */
export const memberRoutes: readonly AppRoute[] = [
  { path: '/', Component: HomePage },
  // Already signed in: honour ?next= (same-site paths only) or go home.
  { path: '/acceso', Component: SignedInRedirect },
  // The wizard is also how a user who completed the assessment redoes it.
  { path: '/evaluacion', Component: AssessmentWizardPage },
  { path: '/assessment', Component: AssessmentWizardPage },
  { path: '/assessment/results', Component: AssessmentResultsPage },
  { path: '/assessment-eval', Component: AssessmentEvaluationPage },
  { path: '/profile', Component: ProfilePage },
  { path: '/admin', Component: AdminDashboardPage },
  { path: '/admin/steps', Component: AdminStepsPage },
  { path: '/email-test', Component: EmailTestPage },
  { path: '/ai-email-test', Component: AiEmailTestPage },
  { path: '/coaching', Component: CoachingHubPage },
  { path: '/coaching/chat', Component: CoachingChatPage },
  { path: '/coaching/sessions', Component: CoachingSessionsPage },
  { path: '/coaching/session/:id', Component: CoachingSessionPage },
  { path: '/journaling/chat', Component: JournalingChatPage },
  { path: '/journaling', Component: JournalPage },
  { path: '/journaling/entry/:id', Component: JournalEntryPage },
  { path: '/semana', Component: WeeklyReviewPage },
  { path: '/meditations', Component: MeditationsPage },
  { path: '/meditations/:id', Component: MeditationPage },
  { path: '/breathing', Component: BreathingListPage },
  { path: '/breathing/:id', Component: BreathingExercisePage },
  { path: '/fitness', Component: FitnessPage },
  { path: '/active-breaks', Component: ActiveBreaksPage },
  { path: '/active-breaks/:tag', Component: ActiveBreakSessionPage },
];

// Screens link only to paths of this table (the assessment's recommendations: lib/route-availability.ts).
registerMemberRoutes(memberRoutes);

/**
 * What a signed-in user WITHOUT a completed assessment sees on every path (spec §2): the assessment
 * wizard, inside the app shell.
 */
export const assessmentPendingScreen: ComponentType | null = AssessmentWizardPage;

/** A signed-in screen's path (the member table, less the paths a visitor has too). */
export const memberOnlyPaths: readonly string[] = memberRoutes.map(({ path }) => path).filter((path) => !visitorRoutes.some((route) => route.path === path));

/** Signed out, a member-only path shows sign-in first (then returns there): spec §2 plus the first-hour review. */
export function isMemberOnlyPath(pathname: string): boolean {
  return memberOnlyPaths.some((path) => matchPath(path, pathname));
}

/**
 * Loads the screen `pathname` shows in `routes` (or the 404 page), so that the first render does not
 * suspend (main.tsx waits for it when the server told who the visitor is).
 */
export function preloadRoute(routes: readonly AppRoute[], pathname: string): Promise<void> {
  const route = routes.find(({ path }) => matchPath(path, pathname));
  return (route ? route.Component.preload?.() : NotFoundPage.preload()) ?? Promise.resolve();
}
