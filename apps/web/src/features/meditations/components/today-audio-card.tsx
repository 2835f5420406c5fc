import { Box, Button, Circle, HStack, Heading, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ArrowRightIcon, HeadphonesIcon, InfoIcon } from '#components/ui/icons';
import { useTodayMeditation, type TodayMeditation } from '../api/meditation-queries';
import { useMeditationPlayer } from '../hooks/use-meditation-player';
import { LOADING_ROTATION_MS, loadingMessage, todayCardView } from '../utils/today-card';
import { CompletionNoteView } from './completion-note';
import { DurationBadge } from './meditation-badges';
import { PlayPauseButton, ProgressLine } from './player-parts';

/**
 * Today's Audio Ascenso (spec §2 "Today's Audio Ascenso card", §8): title, description, duration and
 * play/pause; rotating messages while loading; "Hubo un problema" while retrying and a manual retry
 * once the retries are spent. When the audio ends the listen is recorded and the step toast shows.
 */
export function TodayAudioCard() {
  const today = useTodayMeditation();
  const view = todayCardView({
    hasData: today.data !== undefined,
    isError: today.isError,
    failureCount: today.failureCount,
  });

  return (
    <Box
      as="section"
      aria-labelledby="audio-de-hoy"
      position="relative"
      overflow="hidden"
      borderRadius="card"
      bg="brand.900"
      color="hero.text"
      boxShadow="raised"
      p={{ base: '5', md: '7' }}
    >
      <CardDecoration />
      <Stack position="relative" gap="4">
        <HStack gap="2.5">
          <Circle size="8" bg="whiteAlpha.200" color="sun.300">
            <HeadphonesIcon boxSize="4" aria-hidden="true" />
          </Circle>
          <Heading as="h2" id="audio-de-hoy" fontSize="sm" fontWeight="700" textTransform="uppercase" letterSpacing="0.08em" color="sun.200">
            Audio Ascenso de hoy
          </Heading>
        </HStack>
        {view.kind === 'loaded' && today.data ? <TodayPlayer meditation={today.data} /> : null}
        {view.kind === 'loading' ? <LoadingState /> : null}
        {view.kind === 'retrying' ? <ProblemState heading={view.heading} text={view.text} /> : null}
        {view.kind === 'failed' ? (
          <ProblemState heading={view.heading} text={view.text} onRetry={() => void today.refetch()} retrying={today.isFetching} />
        ) : null}
      </Stack>
    </Box>
  );
}

function TodayPlayer({ meditation }: { meditation: TodayMeditation }) {
  // Home must not download the audio before the user asks for it (it was most of Home's bytes).
  const { duration, player, note } = useMeditationPlayer(meditation, { isToday: true, preload: 'none' });
  const started = player.state.status !== 'idle' || player.state.position > 0;

  return (
    <Stack gap="4">
      <HStack gap={{ base: '4', md: '5' }} align="center">
        <PlayPauseButton
          action={player.button.action}
          disabled={player.button.disabled}
          buffering={player.state.buffering}
          audioTitle={meditation.title}
          onClick={player.toggle}
          tone="dark"
        />
        <Box minW="0">
          <Text as="h3" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="700" color="white" lineHeight="1.2">
            {meditation.title}
          </Text>
          <HStack mt="1.5" gap="2" flexWrap="wrap">
            <DurationBadge seconds={duration} bg="whiteAlpha.200" color="hero.text" fontWeight="600" />
            {player.state.status === 'playing' ? (
              <Text fontSize="sm" color="sun.200" fontWeight="600">
                Sonando ahora
              </Text>
            ) : null}
          </HStack>
        </Box>
      </HStack>
      {meditation.description ? (
        <Text color="hero.text" fontSize={{ base: 'md', md: 'lg' }} maxW="2xl">
          {meditation.description}
        </Text>
      ) : null}
      {started ? <ProgressLine position={player.state.position} duration={player.state.duration} tone="dark" /> : null}
      {player.state.status === 'error' ? (
        <Text fontSize="sm" color="hero.muted">
          Este audio no se puede reproducir ahora.
        </Text>
      ) : null}
      <CompletionNoteView note={note} tone="dark" />
      <Link asChild color="sun.200" fontWeight="600" fontSize="sm" alignSelf="flex-start" borderRadius="md">
        <RouterLink to={`/meditations/${encodeURIComponent(meditation.id)}`}>
          Ver la transcripción y más audios
          <ArrowRightIcon boxSize="4" aria-hidden="true" />
        </RouterLink>
      </Link>
      <audio {...player.audioProps} />
    </Stack>
  );
}

function LoadingState() {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((t) => t + 1), LOADING_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <Stack gap="3" role="status" aria-label="Cargando el audio de hoy">
      <HStack gap="4">
        <Skeleton boxSize="16" borderRadius="full" css={{ '--start-color': 'rgba(255,255,255,0.12)', '--end-color': 'rgba(255,255,255,0.22)' }} />
        <Stack flex="1" gap="2">
          <Skeleton h="5" w="60%" css={{ '--start-color': 'rgba(255,255,255,0.12)', '--end-color': 'rgba(255,255,255,0.22)' }} />
          <Skeleton h="4" w="20%" css={{ '--start-color': 'rgba(255,255,255,0.12)', '--end-color': 'rgba(255,255,255,0.22)' }} />
        </Stack>
      </HStack>
      {/* Rotating text: visible, but not re-announced every 3 s. */}
      <Text color="hero.muted" aria-hidden="true">
        {loadingMessage(tick)}
      </Text>
    </Stack>
  );
}

function ProblemState({ heading, text, onRetry, retrying }: { heading: string; text: string; onRetry?: () => void; retrying?: boolean }) {
  return (
    <Box role="alert">
      <HStack gap="2.5" align="flex-start">
        <InfoIcon boxSize="5" color="sun.300" mt="0.5" aria-hidden="true" />
        <Box>
          <Text fontWeight="700" color="white" fontSize="lg">
            {heading}
          </Text>
          {onRetry ? (
            // The whole message is tappable (spec wording); the button is the keyboard control.
            <Text mt="1" color="hero.text" cursor="pointer" onClick={onRetry}>
              {text}
            </Text>
          ) : (
            <Text mt="1" color="hero.text">
              {text}
            </Text>
          )}
          {onRetry ? (
            <Button
              mt="3"
              size="sm"
              borderRadius="full"
              bg="sun.300"
              color="brand.950"
              _hover={{ bg: 'sun.200' }}
              onClick={onRetry}
              loading={retrying}
              loadingText="Reintentando..."
            >
              Reintentar
            </Button>
          ) : null}
        </Box>
      </HStack>
    </Box>
  );
}

function CardDecoration() {
  return (
    <Box position="absolute" right="-40px" top="-40px" w="220px" opacity={0.5} aria-hidden="true" pointerEvents="none">
      <svg viewBox="0 0 220 220" width="100%" focusable="false">
        <circle cx="110" cy="110" r="100" fill="none" stroke="#43ad9d" strokeOpacity="0.35" strokeWidth="2" />
        <circle cx="110" cy="110" r="70" fill="none" stroke="#43ad9d" strokeOpacity="0.45" strokeWidth="2" />
        <circle cx="110" cy="110" r="40" fill="#1d756b" fillOpacity="0.6" />
      </svg>
    </Box>
  );
}
