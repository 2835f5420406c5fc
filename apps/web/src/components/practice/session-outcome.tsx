import { Box, Button, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { CircleCheckIcon, InfoIcon } from '../ui/icons';
import { WarmNotice } from '../ui/warm-notice';
import { earnedStepsLabel } from '#lib/steps/format-steps';
import type { PracticeCompletion } from '#lib/steps/use-step-feedback';
import { spokenDuration } from '#lib/format-time';
import { FocusHeading } from '../ui/focus-heading';

/** What the practice screens read of their session (the practice session hook's state). */
interface SessionOutcome {
  phase: string;
  result: PracticeCompletion | null;
  practised: number;
  message: string | null;
  canRetry: boolean;
  retrySave: () => void;
}

/** Once the session is recorded (phase "done"): what was done and what it earned (the toast says it too). */
export function CompletionSummary({ title, session, detail, actions }: { title: string; session: SessionOutcome; detail?: ReactNode; actions: ReactNode }) {
  return session.phase === 'done' && session.result ? (
    <DoneSummary title={title} result={session.result} practised={session.practised} detail={detail} actions={actions} />
  ) : null;
}

function DoneSummary({
  title,
  result,
  practised,
  detail,
  actions,
}: {
  title: string;
  result: PracticeCompletion;
  practised: number;
  detail?: ReactNode;
  actions: ReactNode;
}) {
  const earned = result.stepsEarned > 0;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The practice screen is replaced by this summary: move focus to it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack gap="5" align="center" textAlign="center" py={{ base: '4', md: '8' }}>
      <Circle size="16" bg={earned ? 'brand.50' : 'sun.50'} color={earned ? 'brand.700' : 'sun.800'}>
        {earned ? <CircleCheckIcon boxSize="8" aria-hidden="true" /> : <InfoIcon boxSize="8" aria-hidden="true" />}
      </Circle>
      <Box>
        <FocusHeading as="h2" fontSize={{ base: '2xl', md: '3xl' }} ref={headingRef}>
          {title}
        </FocusHeading>
        <Text mt="2" color="text.muted" fontSize="lg">
          Has practicado {spokenDuration(practised)}.
        </Text>
        {detail}
      </Box>
      <Box borderRadius="xl" bg={earned ? 'brand.50' : 'sun.50'} borderWidth="1px" borderColor={earned ? 'brand.100' : 'sun.200'} px="5" py="3">
        {earned ? (
          <Text fontWeight="700" color="brand.800" fontSize="lg">
            {earnedStepsLabel(result.stepsEarned)}
          </Text>
        ) : (
          <Text color="sun.900">
            Hoy ya has sumado los pasos de esta actividad {result.dailyLimit === 1 ? '1 vez' : `${result.dailyLimit} veces`}. Queda registrada igualmente.
          </Text>
        )}
      </Box>
      <HStack gap="3" flexWrap="wrap" justify="center">
        {actions}
      </HStack>
    </Stack>
  );
}

/** When starting or saving failed (phase "failed"): the reason (the server's own words for a refusal) and what to do next. */
export function SessionProblem({ session, onRestart }: { session: SessionOutcome; onRestart: () => void }) {
  return session.phase === 'failed' && session.message ? (
    <ProblemNote message={session.message} canRetry={session.canRetry} onRetry={session.retrySave} onRestart={onRestart} />
  ) : null;
}

function ProblemNote({ message, canRetry, onRetry, onRestart }: { message: string; canRetry: boolean; onRetry: () => void; onRestart: () => void }) {
  const actionsRef = useRef<HTMLDivElement>(null);
  // Shown after "Terminar" or "Empezar", whose button is gone or busy by then: rather than leaving focus
  // on <body>, it moves to the first way forward (the alert itself is announced).
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected && !(active as HTMLButtonElement).disabled) return;
    actionsRef.current?.querySelector('button')?.focus();
  }, []);
  return (
    <WarmNotice
      role="alert"
      title="No se ha podido registrar"
      message={message}
      actionsRef={actionsRef}
      actions={
        <>
          {canRetry ? (
            <Button colorPalette="brand" borderRadius="full" onClick={onRetry}>
              Reintentar
            </Button>
          ) : null}
          <Button variant="outline" borderRadius="full" onClick={onRestart}>
            Empezar de nuevo
          </Button>
        </>
      }
    />
  );
}

/** Pause/continue and finish, for every practice. */
export function SessionControls({
  paused,
  saving,
  onPause,
  onResume,
  onFinish,
  finishLabel = 'Terminar',
  pauseDisabled = false,
  extra,
}: {
  paused: boolean;
  saving: boolean;
  pauseDisabled?: boolean;
  onPause: () => void;
  onResume: () => void;
  onFinish: () => void;
  finishLabel?: string;
  extra?: ReactNode;
}) {
  return (
    <HStack gap="3" justify="center" flexWrap="wrap">
      {paused ? (
        <Button colorPalette="brand" size="lg" borderRadius="full" minW="36" onClick={onResume} disabled={saving || pauseDisabled}>
          Reanudar
        </Button>
      ) : (
        <Button variant="outline" size="lg" borderRadius="full" minW="36" onClick={onPause} disabled={saving || pauseDisabled}>
          Pausar
        </Button>
      )}
      {extra}
      <Button variant="ghost" size="lg" borderRadius="full" onClick={onFinish} loading={saving} loadingText="Guardando...">
        {finishLabel}
      </Button>
    </HStack>
  );
}
