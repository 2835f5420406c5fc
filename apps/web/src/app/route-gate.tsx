import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoadingScreen } from '../components/ui/loading-screen';
import { BreakReminders } from '../features/active-breaks/components/break-reminders';
import { useAssessmentStatus } from '../features/assessment/hooks/use-assessment-status';
import { SignedInRedirect } from '../features/auth/components/signed-in-redirect';
import { useSessionEvents } from '../features/auth/hooks/use-session-events';
import { FloatingStepCounter } from '../features/steps/components/floating-step-counter';
import { AudioProvider } from '../features/meditations/audio/audio-provider';
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
        {/* Audio Ascenso: one audio at a time across the app (spec §4). */}
        <AudioProvider>
          <SignedInRoutes user={user} />
        </AudioProvider>
        <StepToasts />
        <BreakReminders />
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
  if (assessment.isError) return <ConnectionErrorScreen onRetry={assessment.retry} />;

  const AssessmentPendingScreen = assessmentPendingScreen;
  if (!assessment.completed && AssessmentPendingScreen) {
    // Every path shows the wizard, inside the app shell (name and "Cerrar sesión" stay available).
    return (
      <Routes>
        <Route element={<AppShell user={user} />}>
          {/* Just signed in: leave /acceso (honouring ?next=); wherever it leads, the wizard shows. */}
          <Route path="/acceso" element={<SignedInRedirect />} />
          <Route path="*" element={<AssessmentPendingScreen />} />
        </Route>
      </Routes>
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
