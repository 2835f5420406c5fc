import { Badge, Box, Button, Grid, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ForwardIcon, RewindIcon } from '#components/ui/icons';
import { stepsLabel } from '#lib/steps/format-steps';
import { useTRPC } from '#lib/trpc';
import { useDocumentTitle } from '#lib/use-document-title';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { DetailQueryPage } from '#components/ui/detail-states';
import { useMeditation, type MeditationDetail } from '../api/meditation-queries';
import { useMeditationPlayer } from '../hooks/use-meditation-player';
import { themeLabel } from '../utils/themes';
import { CompletionNoteView } from './completion-note';
import { DurationBadge, ListenedTodayBadge } from './meditation-badges';
import { PlayPauseButton, SeekBar } from './player-parts';

const BACK = { to: '/meditations', label: 'Audio Ascensos' };

/** /meditations/{id} — one audio: player with seek bar, elapsed/remaining, transcript, completion. */
export function MeditationPage() {
  const { id = '' } = useParams();
  const meditation = useMeditation(id);
  useDocumentTitle(meditation.data?.title ?? 'Audio Ascenso');

  return (
    <DetailQueryPage
      query={meditation}
      back={BACK}
      maxW="4xl"
      pending={{ titleWidth: '60%', cardHeight: '48' }}
      notFound={{ title: 'No encontramos este audio', message: 'Puede que la dirección esté mal escrita. Elige otro audio del archivo.' }}
      failedTitle="No se ha podido cargar el audio"
      color="ink.800"
      retry
    >
      {/* Keyed by id: another audio is another player (fresh state and listen log). */}
      {(detail) => <MeditationSession key={detail.id} meditation={detail} />}
    </DetailQueryPage>
  );
}

function MeditationSession({ meditation }: { meditation: MeditationDetail }) {
  const trpc = useTRPC();
  const catalogue = useQuery(trpc.activities.catalogue.queryOptions());
  const activityKey = meditation.isToday ? 'audio_ascenso_daily' : 'audio_ascenso_archive';
  const activity = catalogue.data?.find((a) => a.key === activityKey);
  const { duration, player, note } = useMeditationPlayer(meditation, { isToday: meditation.isToday });
  const { state } = player;
  const disabled = player.button.disabled;

  return (
    <PageFrame eyebrow={themeLabel(meditation.theme)} title={meditation.title} description={meditation.description} back={BACK} maxW="4xl">
      <Stack gap={{ base: '6', md: '8' }}>
        <SurfaceCard as="section" aria-label="Reproductor">
          <HStack gap="2" flexWrap="wrap" mb="5">
            <DurationBadge seconds={duration} bg="ink.100" color="ink.800" />
            <Badge bg={meditation.isToday ? 'sun.100' : 'brand.50'} color={meditation.isToday ? 'sun.900' : 'brand.800'} borderRadius="full" px="2.5">
              {meditation.isToday ? 'Audio de hoy' : 'Del archivo'}
            </Badge>
            {meditation.completedToday ? <ListenedTodayBadge /> : null}
          </HStack>

          <Grid templateColumns="auto minmax(0, 1fr)" gap={{ base: '4', md: '6' }} alignItems="center">
            <PlayPauseButton
              action={player.button.action}
              disabled={disabled}
              buffering={state.buffering}
              audioTitle={meditation.title}
              onClick={player.toggle}
            />
            <SeekBar position={state.position} duration={state.duration} disabled={disabled} onSeek={player.seek} />
          </Grid>

          <HStack justify="center" gap="2" mt="3">
            <Button
              aria-label="Retroceder 15 segundos"
              variant="ghost"
              size="sm"
              borderRadius="full"
              color="ink.800"
              disabled={disabled}
              onClick={() => player.seek(state.position - 15)}
            >
              <RewindIcon />
              15 s
            </Button>
            <Button
              aria-label="Avanzar 15 segundos"
              variant="ghost"
              size="sm"
              borderRadius="full"
              color="ink.800"
              disabled={disabled}
              onClick={() => player.seek(state.position + 15)}
            >
              15 s
              <ForwardIcon />
            </Button>
          </HStack>

          {state.status === 'error' ? (
            <Text mt="3" color="text.muted" fontSize="sm">
              Este audio no se puede reproducir ahora. Prueba más tarde o elige otro del archivo.
            </Text>
          ) : null}

          <Box mt="4" borderTopWidth="1px" borderColor="border.soft" pt="4">
            <Text fontSize="sm" color="ink.700">
              Has escuchado el {Math.floor(player.listened)} %.{' '}
              {activity
                ? `Escuchado al menos al 90 %, ${meditation.isToday ? 'el audio de hoy' : 'un audio del archivo'} suma ${stepsLabel(activity.baseSteps)}.`
                : 'Escucha al menos el 90 % para sumar pasos.'}
            </Text>
            <Box mt="2">
              <CompletionNoteView note={note} />
            </Box>
          </Box>
          <audio {...player.audioProps} />
        </SurfaceCard>

        <Box as="section" aria-labelledby="transcripcion">
          <Heading as="h2" id="transcripcion" fontSize={{ base: 'xl', md: '2xl' }} color="heading" mb="3">
            Transcripción
          </Heading>
          <SurfaceCard>
            <Stack gap="3" maxW="65ch" color="ink.800" fontSize={{ base: 'md', md: 'lg' }} lineHeight="1.7">
              {meditation.transcript.map((paragraph, index) => (
                <Text key={index}>{paragraph}</Text>
              ))}
            </Stack>
          </SurfaceCard>
        </Box>
      </Stack>
    </PageFrame>
  );
}
