import { Box, Button, Grid, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { BookIcon, CircleCheckIcon, PlusIcon } from '#components/ui/icons';
import { errorMessage } from '#lib/error-messages';
import { useDocumentTitle } from '#lib/use-document-title';
import { useSaveJournal, useStartConversation, type Conversation, type SaveJournalResult } from '../api/coaching-api';
import { ConversationGate, ConversationPanel, PanelSpinner } from './conversation-panel';
import { PageFrame, SurfaceCard } from '#components/ui/page-frame';
import { IconHeading } from '#components/ui/icon-heading';
import { OfflineCoachNote } from './offline-coach-note';
import { useCoachConversation, useConversationIdParam, type CoachConversation } from '../hooks/use-coach-conversation';
import { conversationPath, journalWordCount } from '../utils/conversation';
import { resolveMood, savedStepsMessage, wordsLabel } from '../utils/moods';
import { MoodPicker } from './mood-picker';

const MIN_WORDS = 50;

/**
 * /journaling/chat — guided journaling: the coach asks, the user writes (same streaming UI as the
 * chat), sets a mood and saves what they wrote to their journal. The id lives in `?c=`.
 */
export function JournalingChatPage() {
  useDocumentTitle('Diario guiado');
  const id = useConversationIdParam();
  return (
    <PageFrame
      notice={<OfflineCoachNote />}
      maxW="5xl"
      title="Diario guiado"
      description="Escribe con calma. Tu coach te acompaña con preguntas y lo que escribas se guarda en tu diario."
      back={{ to: '/', label: 'Inicio' }}
    >
      {id ? <JournalConversation key={id} id={id} /> : <NewJournal />}
    </PageFrame>
  );
}

/** No entry yet: start one (once per visit) and put its id in the URL. */
function NewJournal() {
  const navigate = useNavigate();
  const start = useStartConversation();
  const requested = useRef(false);

  const begin = () => {
    start.mutate(
      { kind: 'journal' },
      {
        onSuccess: (conversation) => void navigate(conversationPath('journal', conversation.id), { replace: true }),
      },
    );
  };

  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    begin();
    // Once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (start.isError) {
    return (
      <Stack gap="3" align="flex-start" bg="surface" borderRadius="card" borderWidth="1px" borderColor="border.soft" p="6">
        <Text role="alert">{errorMessage(start.error, 'coach-start')}</Text>
        <Button colorPalette="brand" borderRadius="full" onClick={begin}>
          Reintentar
        </Button>
      </Stack>
    );
  }
  return <PanelSpinner label="Preparando tu diario..." />;
}

function JournalConversation({ id }: { id: string }) {
  const convo = useCoachConversation(id);
  return (
    <ConversationGate convo={convo} kind="journal">
      {(conversation) => <JournalBody convo={convo} conversation={conversation} />}
    </ConversationGate>
  );
}

function JournalBody({ convo, conversation }: { convo: CoachConversation; conversation: Conversation }) {
  const save = useSaveJournal();
  const [chip, setChip] = useState<string | null>(null);
  const [custom, setCustom] = useState('');
  const [saved, setSaved] = useState<SaveJournalResult | null>(null);
  const words = journalWordCount(conversation.messages);
  const completed = conversation.status === 'completed';
  const flagged = conversation.status === 'flagged';
  const streaming = convo.stream.phase === 'streaming';

  const handleSave = () => {
    save.mutate({ conversationId: conversation.id, mood: resolveMood(chip, custom) }, { onSuccess: (result) => setSaved(result) });
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 20rem' }} gap={{ base: '6', lg: '8' }} alignItems="start">
      <Box as="section" aria-labelledby="conversacion-diario" minW="0">
        <Heading as="h2" id="conversacion-diario" srOnly>
          Tu conversación
        </Heading>
        <ConversationPanel
          convo={convo}
          conversation={conversation}
          kind="journal"
          composerLabel="Escribe en tu diario"
          placeholder="Escribe lo que sientes, sin filtro..."
          completedNote={
            <Text color="text.muted" bg="canvas" borderRadius="lg" px="3" py="2">
              Esta entrada ya está guardada en tu diario.
            </Text>
          }
        />
      </Box>

      <SurfaceCard as="aside" aria-labelledby="tu-entrada" position={{ lg: 'sticky' }} top={{ lg: '24' }}>
        <IconHeading id="tu-entrada" icon={<BookIcon boxSize="5" color="brand.700" aria-hidden="true" />}>
          Tu entrada
        </IconHeading>

        {saved || completed ? (
          <SavedState result={saved} />
        ) : (
          <Stack gap="5">
            <MoodPicker chip={chip} custom={custom} onChipChange={setChip} onCustomChange={setCustom} disabled={save.isPending} />
            <Box>
              <Text fontSize="sm" color="text.muted" mb="1">
                Llevas{' '}
                <Text as="strong" color="heading">
                  {wordsLabel(words)}
                </Text>
                {words < MIN_WORDS ? `. Con ${MIN_WORDS} o más sumas pasos.` : '. ¡Suficiente para sumar pasos!'}
              </Text>
              <Box h="1.5" bg="ink.100" borderRadius="full" overflow="hidden" aria-hidden="true">
                <Box h="full" bg="brand.500" borderRadius="full" width={`${Math.min(100, (words / MIN_WORDS) * 100)}%`} transition="width 200ms" />
              </Box>
            </Box>
            <Button
              colorPalette="brand"
              borderRadius="full"
              onClick={handleSave}
              disabled={words === 0 || streaming || flagged}
              loading={save.isPending}
              loadingText="Guardando..."
            >
              Guardar en mi diario
            </Button>
            {save.isError ? (
              <Text role="alert" fontSize="sm" color="fg.error">
                {errorMessage(save.error, 'journal-save')}
              </Text>
            ) : null}
          </Stack>
        )}
      </SurfaceCard>
    </Grid>
  );
}

function SavedState({ result }: { result: SaveJournalResult | null }) {
  return (
    <Stack gap="3" role="status" aria-live="polite">
      <HStack gap="2" color="brand.800">
        <CircleCheckIcon boxSize="5" aria-hidden="true" />
        <Text fontWeight="700">Guardado en tu diario</Text>
      </HStack>
      {result ? (
        <>
          <Text color="text">
            Tu entrada tiene <strong>{wordsLabel(result.wordCount)}</strong>.
          </Text>
          <Text color={result.stepsEarned > 0 ? 'brand.800' : 'text.muted'} fontWeight={result.stepsEarned > 0 ? '600' : '400'}>
            {savedStepsMessage(result)}
          </Text>
        </>
      ) : null}
      <Link asChild color="brand.700" fontWeight="600" display="inline-flex" alignItems="center" gap="1.5">
        <RouterLink to="/journaling/chat">
          <PlusIcon boxSize="4" aria-hidden="true" />
          Escribir otra entrada
        </RouterLink>
      </Link>
    </Stack>
  );
}
