import { JOURNAL_SEARCH_MAX_LENGTH } from '@ascenso/domain/journal';
import { Badge, Box, Button, HStack, Heading, Input, InputGroup, Skeleton, Stack, Text, chakra } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ChatIcon, PlusIcon, SearchIcon } from '#components/ui/icons';
import { WarmPanel } from '#components/ui/gradient-panel';
import { LinkTile, TileLink } from '#components/ui/link-tile';
import { useSignedInUser } from '#lib/session';
import { useDocumentTitle } from '#lib/use-document-title';
import { LoadErrorCard } from '#components/ui/load-error-card';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { useJournalEntries, useJournalPrompt, type JournalEntry } from '../api/journal-queries';
import { excerpt, formatShortDate, moodLabel } from '../utils/journal-format';
import { NewEntry } from './new-entry';

/** /journaling — "Tu diario": today's question, the entries with search, and a new entry (?nueva). */
export function JournalPage() {
  const [params, setParams] = useSearchParams();
  const composing = params.has('nueva');
  useDocumentTitle(composing ? 'Nueva entrada' : 'Tu diario');

  const openComposer = () => setParams({ nueva: '' });
  const closeComposer = () => setParams({});

  if (composing) {
    return (
      <PageFrame title="Nueva entrada" eyebrow="Tu diario" back={{ to: '/journaling', label: 'Tu diario' }} maxW="3xl">
        <NewEntry onDone={closeComposer} />
      </PageFrame>
    );
  }

  return (
    <PageFrame
      title="Tu diario"
      description="Escribir unos minutos ordena la cabeza. Empieza por cómo te sientes; la pregunta del día te da un punto de partida."
      actions={
        <>
          <Button colorPalette="brand" borderRadius="full" onClick={openComposer}>
            <PlusIcon />
            Nueva entrada
          </Button>
          <Button asChild variant="outline" borderRadius="full">
            <RouterLink to="/journaling/chat">
              <ChatIcon />
              Escribir con tu coach
            </RouterLink>
          </Button>
        </>
      }
    >
      <Stack gap={{ base: '6', md: '8' }}>
        <TodayPrompt onAnswer={openComposer} />
        <Entries initialQuery={params.get('q') ?? ''} onQueryChange={(q) => setParams(q ? { q } : {}, { replace: true })} onNew={openComposer} />
      </Stack>
    </PageFrame>
  );
}

function TodayPrompt({ onAnswer }: { onAnswer: () => void }) {
  const prompt = useJournalPrompt();
  if (!prompt.data) return prompt.isPending ? <Skeleton h="28" borderRadius="card" /> : null;
  return (
    <WarmPanel aria-labelledby="pregunta-de-hoy" p={{ base: '5', md: '7' }}>
      <Heading as="h2" id="pregunta-de-hoy" fontSize="sm" fontWeight="700" color="sun.900" textTransform="uppercase" letterSpacing="0.08em">
        La pregunta de hoy
      </Heading>
      <Text mt="2" fontSize={{ base: 'xl', md: '2xl' }} fontWeight="600" color="heading" lineHeight="1.3">
        {prompt.data.prompt}
      </Text>
      <Button mt="4" colorPalette="brand" variant="outline" bg="surface" borderRadius="full" onClick={onAnswer}>
        Responder
      </Button>
    </WarmPanel>
  );
}

function Entries({ initialQuery, onQueryChange, onNew }: { initialQuery: string; onQueryChange: (q: string) => void; onNew: () => void }) {
  const [query, setQuery] = useState(initialQuery);
  const [debounced, setDebounced] = useState(initialQuery);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(query), 300);
    return () => window.clearTimeout(timer);
  }, [query]);
  useEffect(() => {
    if (debounced !== initialQuery) onQueryChange(debounced);
  }, [debounced, initialQuery, onQueryChange]);
  const entries = useJournalEntries(debounced);
  const user = useSignedInUser();
  const [now] = useState(() => new Date());
  const searching = debounced.trim().length > 0;

  return (
    <Box as="section" aria-labelledby="entradas">
      <HStack justify="space-between" align="flex-end" flexWrap="wrap" gap="3" mb="4">
        <Heading as="h2" id="entradas" fontSize={{ base: 'xl', md: '2xl' }} color="heading">
          Entradas
        </Heading>
        <Box role="search" w={{ base: 'full', sm: '72' }} bg="surface" borderRadius="full">
          <InputGroup startElement={<SearchIcon color="ink.600" boxSize="4" />}>
            <Input
              type="search"
              aria-label="Buscar en tu diario"
              placeholder="Buscar en tu diario"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              maxLength={JOURNAL_SEARCH_MAX_LENGTH}
              borderRadius="full"
            />
          </InputGroup>
        </Box>
      </HStack>

      <Text srOnly role="status" aria-live="polite">
        {entries.data ? (searching ? `${entries.data.length} ${entries.data.length === 1 ? 'entrada encontrada' : 'entradas encontradas'}` : '') : ''}
      </Text>

      {entries.isPending ? (
        <Stack gap="3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h="24" borderRadius="card" />
          ))}
        </Stack>
      ) : null}
      {entries.isError ? <LoadErrorCard error={entries.error} onRetry={() => void entries.refetch()} /> : null}
      {entries.data && entries.data.length === 0 ? (
        <SurfaceCard textAlign="center" py="10">
          {searching ? (
            <Text color="ink.800">Ninguna entrada coincide con «{debounced.trim()}».</Text>
          ) : (
            <Stack gap="3" align="center">
              <Text fontWeight="600" color="heading" fontSize="lg">
                Tu diario está esperando la primera página.
              </Text>
              <Text color="text.muted">Con 50 palabras ya sumas pasos, y tu coach podrá tenerlo en cuenta.</Text>
              <Button colorPalette="brand" borderRadius="full" onClick={onNew}>
                Escribir tu primera entrada
              </Button>
            </Stack>
          )}
        </SurfaceCard>
      ) : null}
      {entries.data && entries.data.length > 0 ? (
        <Stack as="ul" role="list" listStyleType="none" gap="3" opacity={entries.isPlaceholderData ? 0.6 : 1}>
          {entries.data.map((entry) => (
            <EntryItem key={entry.id} entry={entry} timeZone={user.timezone} now={now} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

function EntryItem({ entry, timeZone, now }: { entry: JournalEntry; timeZone: string; now: Date }) {
  return (
    <LinkTile p={{ base: '4', md: '5' }} transition="box-shadow 0.2s" _hover={{ boxShadow: 'raised' }}>
      <HStack gap="2" mb="1.5" flexWrap="wrap" fontSize="sm" color="text.muted">
        <chakra.time dateTime={entry.createdAt.toISOString()}>{formatShortDate(entry.createdAt, timeZone, now)}</chakra.time>
        {entry.mood ? (
          <Badge bg="sun.100" color="sun.900" borderRadius="full" px="2.5">
            {moodLabel(entry.mood)}
          </Badge>
        ) : null}
        {entry.source === 'chat' ? (
          <Badge bg="brand.50" color="brand.800" borderRadius="full" px="2.5">
            Con tu coach
          </Badge>
        ) : null}
      </HStack>
      <Heading as="h3" fontSize="lg" color="heading" lineHeight="1.3">
        <TileLink to={`/journaling/entry/${encodeURIComponent(entry.id)}`}>{entry.title}</TileLink>
      </Heading>
      <Text mt="1" color="ink.700" fontSize="sm" lineClamp={2}>
        {excerpt(entry.body)}
      </Text>
      <Text mt="2" fontSize="xs" color="text.muted">
        {entry.wordCount} {entry.wordCount === 1 ? 'palabra' : 'palabras'}
      </Text>
    </LinkTile>
  );
}
