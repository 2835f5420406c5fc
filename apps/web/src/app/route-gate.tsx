import { Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoadingScreen } from '#components/ui/loading-screen';
import { lazyRoute } from '#lib/lazy-route';
import { sessionEndedDestination, useCurrentUserQuery } from '#lib/session';
import { ConnectionErrorScreen } from './connection-error-screen';
import { VisitorFrame } from './visitor-frame';
import { NotFoundPage, memberOnlyPaths, visitorRoutes } from './routes';

// The signed-in part of the app (providers, shell, Home) is its own chunk: the initial JavaScript is
// only what every visitor needs to find out who they are (apps/web/scripts/check-budget.mjs).
export const SignedInApp = lazyRoute(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));

/**
 * Route gating (product spec §2, §4): loading → "Cargando..."; visitor → landing, /acceso, sign-in for
 * a signed-in screen's path (then back to it), or 404;
 * signed in without a completed assessment → the assessment slot; signed in → the app.
 */
export function RouteGate() {
  // The password reset screens (/restablecer…) and the e-mail confirmation link's page (/verificar/…) are the
  // same for everyone: no need to know who the visitor is first.
  const { pathname } = useLocation();
  if (pathname.startsWith('/restablecer') || pathname.startsWith('/verificar/')) return <VisitorRoutes />;
  return <SessionGate />;
}

function SessionGate() {
  const me = useCurrentUserQuery();
  const user = me.data;

  // A failed background refetch keeps the last known answer; only a first load can fail here.
  if (user === undefined) {
    return me.isError ? <ConnectionErrorScreen onRetry={() => void me.refetch()} /> : <LoadingScreen />;
  }
  if (user === null) return <VisitorRoutes />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp user={user} />
    </Suspense>
  );
}

function VisitorRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {visitorRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        {/* A signed-out deep link to a signed-in screen (/profile…): sign in, then come back to it. */}
        {memberOnlyPaths.map((path) => (
          <Route key={path} path={path} element={<SignInFirst />} />
        ))}
        <Route
          path="*"
          element={
            <VisitorFrame>
              <NotFoundPage />
            </VisitorFrame>
          }
        />
      </Routes>
    </Suspense>
  );
}

/** `/acceso?next=<this page>`: after signing in, the signed-in `/acceso` route returns here (same-site only). */
function SignInFirst() {
  const { pathname, search, hash } = useLocation();
  // A session that just ended in this tab goes where its sign-out said (the landing page, or sign-in).
  const ended = sessionEndedDestination();
  if (ended !== null) return <Navigate to={ended} replace />;
  return <Navigate to={`/acceso?next=${encodeURIComponent(pathname + search + hash)}`} replace />;
}
