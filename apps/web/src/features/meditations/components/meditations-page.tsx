import { Badge, Box, Button, Grid, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ClockIcon } from '#components/ui/icons';
import { LinkTile, TileLink } from '#components/ui/link-tile';
import { errorMessage } from '#lib/error-messages';
import { useDocumentTitle } from '#lib/use-document-title';
import { PageFrame } from '#components/ui/page-frame';
import { shortDuration, spokenDuration } from '#lib/format-time';
import { useMeditationList, type MeditationSummary } from '../api/meditation-queries';
import { themeLabel, themesOf } from '../utils/themes';
import { ListenedTodayBadge } from './meditation-badges';
import { TodayAudioCard } from './today-audio-card';

/** /meditations — "Audio Ascensos": today's audio first, then the archive by theme. */
export function MeditationsPage() {
  useDocumentTitle('Audio Ascensos');
  const list = useMeditationList();
  const [theme, setTheme] = useState<string | null>(null);
  const themes = list.data ? themesOf(list.data) : [];
  const shown = (list.data ?? []).filter((m) => theme === null || m.theme === theme);

  return (
    <PageFrame
      title="Audio Ascensos"
      description="Audios guiados en español para parar, respirar y volver a ti. Cada día te proponemos uno; el archivo está siempre a mano."
    >
      <Stack gap={{ base: '8', md: '10' }}>
        <TodayAudioCard />

        <Box as="section" aria-labelledby="archivo">
          <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="3" mb="4">
            <Box>
              <Heading as="h2" id="archivo" fontSize={{ base: 'xl', md: '2xl' }} color="heading">
                Archivo
              </Heading>
              <Text color="text.muted" mt="1">
                Todos los audios. Los del archivo también suman pasos, hasta 3 al día.
              </Text>
            </Box>
          </HStack>

          {themes.length > 1 ? (
            <HStack as="ul" role="list" aria-label="Filtrar por tema" gap="2" flexWrap="wrap" mb="5" listStyleType="none">
              <FilterChip label="Todos" active={theme === null} onClick={() => setTheme(null)} />
              {themes.map((t) => (
                <FilterChip key={t} label={themeLabel(t)} active={theme === t} onClick={() => setTheme(t)} />
              ))}
            </HStack>
          ) : null}

          {list.isPending ? (
            <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="4">
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} h="36" borderRadius="card" />
              ))}
            </Grid>
          ) : null}
          {list.isError ? (
            <Box role="alert" bg="surface" borderRadius="card" borderWidth="1px" borderColor="border.soft" p="5">
              <Text color="ink.800">{errorMessage(list.error)}</Text>
              <Button mt="3" size="sm" borderRadius="full" variant="outline" onClick={() => void list.refetch()}>
                Reintentar
              </Button>
            </Box>
          ) : null}
          {list.data ? (
            <Grid
              as="ul"
              role="list"
              aria-label="Audios del archivo"
              templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }}
              gap="4"
              listStyleType="none"
            >
              {shown.map((meditation) => (
                <ArchiveItem key={meditation.id} meditation={meditation} />
              ))}
            </Grid>
          ) : null}
        </Box>
      </Stack>
    </PageFrame>
  );
}

function FilterChip({ label, active, onClick }: { label: string; active: boolean; onClick: () => void }) {
  return (
    <li>
      <Button size="sm" borderRadius="full" variant={active ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={active} onClick={onClick}>
        {label}
      </Button>
    </li>
  );
}

function ArchiveItem({ meditation }: { meditation: MeditationSummary }) {
  return (
    <LinkTile borderColor={meditation.isToday ? 'brand.200' : 'border.soft'}>
      <HStack gap="2" mb="2" flexWrap="wrap">
        <Badge colorPalette="brand" variant="subtle" borderRadius="full" px="2.5">
          {themeLabel(meditation.theme)}
        </Badge>
        {meditation.isToday ? (
          <Badge bg="sun.100" color="sun.900" borderRadius="full" px="2.5">
            Audio de hoy
          </Badge>
        ) : null}
        {meditation.completedToday ? <ListenedTodayBadge /> : null}
      </HStack>
      <Heading as="h3" fontSize="lg" color="heading" lineHeight="1.3">
        {/* The title link covers the whole card (one tab stop per audio). */}
        <TileLink to={`/meditations/${encodeURIComponent(meditation.id)}`}>{meditation.title}</TileLink>
      </Heading>
      <Text mt="1.5" color="text.muted" fontSize="sm" lineClamp={2}>
        {meditation.description}
      </Text>
      <HStack mt="3" gap="1.5" color="ink.700" fontSize="sm">
        <ClockIcon boxSize="4" />
        <Text aria-hidden="true">{shortDuration(meditation.duration)}</Text>
        <Box as="span" srOnly>
          Duración: {spokenDuration(meditation.duration)}
        </Box>
      </HStack>
    </LinkTile>
  );
}
