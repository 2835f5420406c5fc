import { Route, Routes } from 'react-router';
import { LoadingScreen } from '#components/ui/loading-screen';
import { BreakReminders } from '../features/practice/active-breaks/components/break-reminders';
import { useAssessmentStatus } from '../features/assessment/hooks/use-assessment-status';
import { SignedInRedirect } from '../features/auth/components/signed-in-redirect';
import { useSessionEvents } from '../features/auth/hooks/use-session-events';
// Home and the /acceso redirect are lazy() in routes.tsx but imported here statically on purpose:
// they ship in this chunk, so a signed-in user's first screen needs no second chunk request.
import './home/home-page';
import '../features/auth/components/signed-in-redirect';
import { AudioProvider } from '#lib/audio/audio-provider';
import { FloatingStepCounter } from '../features/activities/components/floating-step-counter';
import { LivePlanProgress } from '../features/daily-plan/components/live-plan-progress';
import { StepToasts } from '../features/activities/components/step-toasts';
import { VoiceEntry } from '../features/voice/components/voice-entry';
import { RealtimeProvider } from '#lib/realtime/realtime-provider';
import { SignedInUserProvider, type SessionUser } from '#lib/session';
import { AppShell } from './app-shell';
import { ConnectionErrorScreen } from './connection-error-screen';
import { NotFoundPage, assessmentPendingScreen, memberRoutes } from './routes';

/**
 * Everything only a signed-in user needs (spec §2, §4, §6): the realtime connection, the audio
 * player, step toasts, break reminders, the app shell and the member routes. Lazy-loaded by RouteGate
 * once `auth.me` answers with a user, so visitors never download it.
 */
export function SignedInApp({ user }: { user: SessionUser }) {
  return (
    <SignedInUserProvider user={user}>
      {/* Signed-in only (spec §6): the live completions (the tab's one WebSocket) and the step toasts. */}
      <RealtimeProvider>
        {/* Audio Ascenso: one audio at a time across the app (spec §4). */}
        <AudioProvider>
          <SignedInRoutes user={user} />
        </AudioProvider>
        <StepToasts />
        {/* The plan's done items follow the same pushed completions, whichever page is shown. */}
        <LivePlanProgress />
        <BreakReminders />
        {/* The voice quick entry's recorder (its own chunk, loaded on first use). */}
        <VoiceEntry />
      </RealtimeProvider>
    </SignedInUserProvider>
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
    // The step counter shows here too (spec §2: every signed-in user, outside its four hidden routes).
    return (
      <>
        <Routes>
          <Route element={<AppShell user={user} />}>
            {/* Just signed in: leave /acceso (honouring ?next=); wherever it leads, the wizard shows. */}
            <Route path="/acceso" element={<SignedInRedirect />} />
            <Route path="*" element={<AssessmentPendingScreen />} />
          </Route>
        </Routes>
        <FloatingStepCounter />
      </>
    );
  }

  return (
    <>
      <Routes>
        <Route element={<AppShell user={user} menu />}>
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
