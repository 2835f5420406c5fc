import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { useAssessmentStatus } from '../features/assessment/hooks/use-assessment-status';
import { useSessionEvents } from '../features/auth/hooks/use-session-events';
import { FloatingStepCounter } from '../features/steps/components/floating-step-counter';
import { StepToasts } from '../features/steps/components/step-toasts';
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { SignedInUserProvider, useCurrentUserQuery, type SessionUser } from '../lib/session';
import { AppShell } from './app-shell';
import { ConnectionErrorScreen } from './connection-error-screen';
import { VisitorFrame } from './visitor-frame';
import { NotFoundPage, assessmentPendingScreen, memberRoutes, visitorRoutes } from './routes';

/**
 * Route gating (product spec §2, §4): loading → "Cargando..."; visitor → landing, /acceso or 404;
 * signed in without a completed assessment → the assessment slot; signed in → the app.
 */
export function RouteGate() {
  const me = useCurrentUserQuery();
  const user = me.data;

  // A failed background refetch keeps the last known answer; only a first load can fail here.
  if (user === undefined) {
    return me.isError ? <ConnectionErrorScreen onRetry={() => void me.refetch()} /> : <LoadingScreen />;
  }
  if (user === null) return <VisitorRoutes />;
  return (
    <SignedInUserProvider user={user}>
      {/* Signed-in only (spec §6): the /ws connection and the step toasts. */}
      <RealtimeProvider userId={user.id}>
        <SignedInRoutes user={user} />
        <StepToasts />
      </RealtimeProvider>
    </SignedInUserProvider>
  );
}

function VisitorRoutes() {
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {visitorRoutes.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
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

function SignedInRoutes({ user }: { user: SessionUser }) {
  useSessionEvents();
  const assessment = useAssessmentStatus();

  if (assessment.isPending) return <LoadingScreen />;

  const AssessmentPendingScreen = assessmentPendingScreen;
  if (!assessment.completed && AssessmentPendingScreen) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AssessmentPendingScreen />
      </Suspense>
    );
  }

  return (
    <>
      <Routes>
        <Route element={<AppShell user={user} />}>
          {memberRoutes.map(({ path, Component }) => (
            <Route key={path} path={path} element={<Component />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
      <FloatingStepCounter />
    </>
  );
}
