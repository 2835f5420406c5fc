import { Box, Button, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import type { BreathingPatternView } from '../../api/practice-queries';
import { CatalogueItemPage } from '../../components/catalogue-item-page';
import { ChoiceChips, ToggleRow } from '#components/ui/choice-chips';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { LeafIcon, VibrateIcon, VolumeIcon } from '#components/ui/icons';
import { CompletionSummary, SessionControls, SessionProblem } from '#components/practice/session-outcome';
import { usePrefersReducedMotion } from '#lib/use-reduced-motion';
import { usePracticeSession } from '../../hooks/use-practice-session';
import { isBoolean, useStoredState } from '#lib/use-stored-state';
import { useWakeLock } from '#lib/use-wake-lock';
import { clockTime, spokenDuration } from '#lib/format-time';
import { playTone, tonesSupported, unlockTones, vibrate, vibrationSupported } from '#lib/practice/cues';
import { breathsIn, pacerAt, remainingSeconds, rhythmLabel, type PacerView } from '../utils/pacer';
import { howToText } from '../utils/pattern-text';
import { BreathPacer } from './breath-pacer';
import { EvidenceBadge } from './evidence-badge';
import { PhaseStrip } from './phase-strip';

const BACK = { to: '/breathing', label: 'Respiración' };
const GET_READY_SECONDS = 3;

/** /breathing/{id} — one breathing exercise. */
export function BreathingExercisePage() {
  const { id = '' } = useParams();
  return (
    <CatalogueItemPage
      find={(catalogue) => catalogue.breathing.find((p) => p.id === id)}
      documentTitle={(pattern) => (pattern?.shortName ? `Respiración ${pattern.shortName}` : 'Respiración')}
      back={BACK}
      maxW="4xl"
      cardHeight="96"
      failedTitle="No se ha podido cargar el ejercicio"
      missingTitle="No encontramos este ejercicio"
      missingHint="Elige una de las técnicas de respiración."
      listLink={{ to: '/breathing', label: 'Ver las técnicas' }}
    >
      {(pattern) => <BreathingSession key={pattern.id} pattern={pattern} />}
    </CatalogueItemPage>
  );
}

function BreathingSession({ pattern }: { pattern: BreathingPatternView }) {
  const session = usePracticeSession({ kind: 'breathing', refId: pattern.id });
  const systemReducedMotion = usePrefersReducedMotion();
  const [minutes, setMinutes] = useState(pattern.defaultMinutes);
  const [sound, setSound] = useStoredState('ascenso.respiracion.sonido', false, isBoolean);
  const [vibration, setVibration] = useStoredState('ascenso.respiracion.vibracion', false, isBoolean);
  const [motionChoice, setMotionChoice] = useState<boolean | null>(null);
  const reducedMotion = motionChoice ?? systemReducedMotion;
  const [getReady, setGetReady] = useState<number | null>(null);
  const controls = useRef<HTMLDivElement>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  // Set when an action replaces the practice view with the set-up one: "Empezar" takes the focus.
  const focusStartNext = useRef(false);

  const totalSeconds = minutes * 60;
  const active = session.phase === 'running' || session.phase === 'paused';
  const elapsedSeconds = session.elapsedMs / 1000;
  const view: PacerView | null = active || session.phase === 'saving' ? pacerAt(pattern, Math.min(elapsedSeconds, totalSeconds)) : null;
  useWakeLock(active || getReady !== null);

  // "Prepárate": 3, 2, 1, then the server starts the session and the pacer runs.
  const { start } = session;
  useEffect(() => {
    if (getReady === null) return;
    const timer = window.setTimeout(() => {
      if (getReady <= 1) {
        setGetReady(null);
        void start(minutes);
      } else setGetReady(getReady - 1);
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [getReady, minutes, start]);

  // The chosen time is up: record exactly that.
  const { finish, phase } = session;
  useEffect(() => {
    if (phase === 'running' && session.elapsedMs >= totalSeconds * 1000) finish(totalSeconds);
  }, [phase, session.elapsedMs, totalSeconds, finish]);

  // Cues at each phase change (off by default).
  const step = phase === 'running' ? (view?.step ?? null) : null;
  const kind = view?.kind;
  useEffect(() => {
    if (step === null || !kind) return;
    if (sound) {
      if (kind === 'inhale') playTone({ frequency: 392, glideTo: 523, seconds: 0.9 });
      else if (kind === 'inhale-top') playTone({ frequency: 523, glideTo: 622, seconds: 0.5 });
      else if (kind === 'exhale') playTone({ frequency: 523, glideTo: 349, seconds: 1.1 });
      else playTone({ frequency: 440, seconds: 0.35, volume: 0.06 });
    }
    if (vibration) vibrate(kind === 'exhale' ? [30, 80, 30] : kind === 'hold' ? 15 : 40);
  }, [step, kind, sound, vibration]);

  // Keyboard users land on the controls when the practice starts: "Cancelar" during "Prepárate"
  // ("Pausar" is not available yet), then "Pausar". "Empezar" is gone by then, so focus would be lost.
  const counting = getReady !== null;
  useEffect(() => {
    if (!counting) return;
    const enabled = controls.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)');
    enabled?.[enabled.length - 1]?.focus();
  }, [counting]);
  useEffect(() => {
    if (phase === 'running') controls.current?.querySelector('button')?.focus();
  }, [phase]);
  // Back to the set-up view after "Cancelar", "Repetir" or "Empezar de nuevo".
  useEffect(() => {
    if (!focusStartNext.current || !startButton.current) return;
    focusStartNext.current = false;
    startButton.current.focus();
  });
  const resetToStart = () => {
    focusStartNext.current = true;
    session.reset();
  };

  const begin = () => {
    if (sound) unlockTones();
    setGetReady(GET_READY_SECONDS);
  };

  const settings = (
    <Stack gap="4">
      {tonesSupported() ? (
        <ToggleRow
          label="Sonido"
          hint="Un tono suave en cada cambio de fase."
          icon={<VolumeIcon boxSize="5" />}
          checked={sound}
          onChange={(on) => {
            if (on) unlockTones();
            setSound(on);
          }}
        />
      ) : null}
      {vibrationSupported() ? (
        <ToggleRow label="Vibración" hint="Un toque en cada cambio de fase." icon={<VibrateIcon boxSize="5" />} checked={vibration} onChange={setVibration} />
      ) : null}
      <ToggleRow
        label="Sin animación"
        hint="Una cuenta atrás en números en lugar del círculo."
        icon={<LeafIcon boxSize="5" />}
        checked={reducedMotion}
        onChange={setMotionChoice}
      />
    </Stack>
  );

  if (session.phase === 'done' && session.result) {
    return (
      <PageFrame title={pattern.shortName} eyebrow="Respiración" back={BACK} maxW="3xl">
        <SurfaceCard>
          <CompletionSummary
            title="¡Bien hecho!"
            session={session}
            detail={
              <Text mt="1" color="text.muted">
                {Math.max(1, Math.round(session.practised / (pattern.cycleSeconds || 1)))} respiraciones a tu ritmo.
              </Text>
            }
            actions={
              <>
                <Button colorPalette="brand" borderRadius="full" onClick={resetToStart}>
                  Repetir
                </Button>
                <Button asChild variant="outline" borderRadius="full">
                  <RouterLink to="/breathing">Otras técnicas</RouterLink>
                </Button>
              </>
            }
          />
        </SurfaceCard>
      </PageFrame>
    );
  }

  const practising = active || session.phase === 'saving' || session.phase === 'starting' || getReady !== null;

  return (
    <PageFrame
      title={pattern.shortName}
      eyebrow="Respiración"
      description={practising ? undefined : pattern.purpose}
      back={BACK}
      maxW={practising ? '3xl' : '5xl'}
    >
      {practising ? (
        <SurfaceCard as="section" aria-label="Práctica en curso">
          <Stack gap="6" align="center">
            <Box w="full" maxW="md">
              <PhaseStrip phases={pattern.phases} current={view?.phaseIndex} label={`Ritmo ${rhythmLabel(pattern)}`} />
            </Box>
            <BreathPacer
              phases={pattern.phases}
              watch={session.watch}
              running={session.phase === 'running'}
              paused={session.phase === 'paused'}
              reducedMotion={reducedMotion}
              view={view}
              countdown={getReady}
            />
            {/* Announced sparingly: the phase word when it changes, nothing per second. */}
            <Box srOnly aria-live="polite" aria-atomic="true">
              {getReady !== null ? 'Prepárate' : session.phase === 'paused' ? 'En pausa' : session.phase === 'running' ? view?.word : ''}
            </Box>
            <Text color="ink.700" fontVariantNumeric="tabular-nums" fontSize="lg">
              <Box as="span" aria-hidden="true">
                Quedan {clockTime(remainingSeconds(totalSeconds, elapsedSeconds))}
              </Box>
              <Box as="span" srOnly>
                Práctica de {spokenDuration(totalSeconds)}
              </Box>
            </Text>
            <Box ref={controls}>
              <SessionControls
                paused={session.phase === 'paused'}
                saving={session.phase === 'saving'}
                pauseDisabled={session.phase === 'starting' || getReady !== null}
                finishLabel={getReady !== null ? 'Cancelar' : 'Terminar'}
                onPause={session.pause}
                onResume={session.resume}
                onFinish={() => {
                  if (getReady !== null) {
                    focusStartNext.current = true;
                    setGetReady(null);
                  } else session.finish(totalSeconds);
                }}
              />
            </Box>
            <Box w="full" maxW="md" borderTopWidth="1px" borderColor="border.soft" pt="5">
              {settings}
            </Box>
          </Stack>
        </SurfaceCard>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1.2fr) minmax(0, 1fr)' }} gap={{ base: '5', md: '6' }} alignItems="start">
          <SurfaceCard as="section" aria-labelledby="preparar">
            <Heading as="h2" id="preparar" fontSize="xl" color="heading" mb="4">
              Prepara tu práctica
            </Heading>
            <Stack gap="6">
              <ChoiceChips
                name="duracion"
                legend="Duración"
                options={pattern.minuteOptions.map((m) => ({
                  value: String(m),
                  label: `${m} min`,
                  ariaLabel: m === 1 ? '1 minuto' : `${m} minutos`,
                }))}
                value={String(minutes)}
                onChange={(value) => setMinutes(Number(value))}
              />
              <Text fontSize="sm" color="text.muted" mt="-3">
                Unas {breathsIn(pattern, minutes)} respiraciones.{' '}
                {minutes >= 5 ? 'Cuenta como respiración larga.' : 'Cuenta como respiración corta; desde 5 minutos, larga.'}
              </Text>
              {settings}
              <SessionProblem session={session} onRestart={resetToStart} />
              <Button
                ref={startButton}
                colorPalette="brand"
                size="xl"
                borderRadius="full"
                onClick={begin}
                alignSelf={{ base: 'stretch', sm: 'flex-start' }}
                px="10"
              >
                Empezar
              </Button>
            </Stack>
          </SurfaceCard>
          <Stack gap="5">
            <SurfaceCard as="section" aria-labelledby="como">
              <Heading as="h2" id="como" fontSize="lg" color="heading" mb="3">
                Cómo se hace
              </Heading>
              <PhaseStrip phases={pattern.phases} label={`Ritmo ${rhythmLabel(pattern)}`} />
              <Text mt="3" fontSize="sm" color="ink.700">
                {howToText(pattern)}
              </Text>
            </SurfaceCard>
            <SurfaceCard as="section" aria-labelledby="evidencia">
              <HStack justify="space-between" gap="3" mb="2" flexWrap="wrap">
                <Heading as="h2" id="evidencia" fontSize="lg" color="heading">
                  Qué dice la evidencia
                </Heading>
                <EvidenceBadge level={pattern.evidence.level} />
              </HStack>
              <Text fontSize="sm" color="ink.800">
                {pattern.evidence.summary}
              </Text>
            </SurfaceCard>
          </Stack>
        </Grid>
      )}
    </PageFrame>
  );
}
