import { Box, Button, Circle, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router';
import type { ActiveBreakView } from '../../api/practice-queries';
import { CatalogueItemPage } from '../../components/catalogue-item-page';
import { GuidedPlayer } from '#components/practice/guided-player';
import { SurfaceCard, PageFrame } from '#components/ui/page-frame';
import { CompletionSummary, SessionProblem } from '#components/practice/session-outcome';
import { SoundToggle } from '#components/practice/sound-toggle';
import { useGuidedSequence } from '../../hooks/use-guided-sequence';
import { usePracticeSession } from '../../hooks/use-practice-session';
import { isBoolean, useStoredState } from '#lib/use-stored-state';
import { useWakeLock } from '#lib/use-wake-lock';
import { shortDuration, spokenDuration } from '#lib/format-time';
import { StartPracticeButton } from '#components/practice/start-practice-button';
import { BreakIcon } from './break-icon';

const BACK = { to: '/active-breaks', label: 'Pausas activas' };

/** /active-breaks/{tag} — one break: a move at a time with its countdown; finishing records it. */
export function ActiveBreakSessionPage() {
  const { tag = '' } = useParams();
  return (
    <CatalogueItemPage
      find={(catalogue) => catalogue.activeBreaks.find((b) => b.tag === tag)}
      documentTitle={(activeBreak) => (activeBreak ? `Pausa activa: ${activeBreak.title}` : 'Pausa activa')}
      back={BACK}
      maxW="3xl"
      cardHeight="80"
      failedTitle="No se ha podido cargar la pausa"
      missingTitle="No encontramos esta pausa"
      missingHint="Elige una zona del cuerpo en la lista de pausas."
      listLink={{ to: '/active-breaks', label: 'Ver las pausas' }}
    >
      {(activeBreak) => <BreakSession key={activeBreak.tag} activeBreak={activeBreak} />}
    </CatalogueItemPage>
  );
}

function BreakSession({ activeBreak }: { activeBreak: ActiveBreakView }) {
  const session = usePracticeSession({ kind: 'active_break', refId: activeBreak.tag });
  const [sound, setSound] = useStoredState('ascenso.pausas.sonido', false, isBoolean);
  const guided = useGuidedSequence(activeBreak.moves, session, { sound });
  const { view } = guided;
  const active = session.phase === 'running' || session.phase === 'paused' || session.phase === 'saving';
  useWakeLock(session.phase === 'running');

  return (
    <PageFrame
      eyebrow="Pausa activa"
      title={activeBreak.title}
      description={active || session.phase === 'done' ? undefined : activeBreak.description}
      back={BACK}
      maxW="3xl"
    >
      <SurfaceCard>
        <CompletionSummary
          title="¡Pausa hecha!"
          session={session}
          actions={
            <>
              <Button asChild colorPalette="brand" borderRadius="full">
                <RouterLink to="/active-breaks">Otra zona</RouterLink>
              </Button>
              <Button variant="outline" borderRadius="full" onClick={guided.restart}>
                Repetir
              </Button>
            </>
          }
        />

        {active && view.current ? (
          <GuidedPlayer
            name={view.current.instruction}
            instruction=""
            remaining={view.remaining}
            itemSeconds={view.current.seconds}
            progress={view.progress}
            positionLabel={`Movimiento ${view.index + 1} de ${activeBreak.moves.length}`}
            totalRemaining={view.totalRemaining}
            nextLabel={view.next ? view.next.instruction : null}
            session={session}
            onSkip={guided.skip}
            onFinish={guided.finish}
          />
        ) : null}
        {session.phase === 'saving' && !view.current ? (
          <Text textAlign="center" py="8">
            Guardando tu pausa...
          </Text>
        ) : null}

        {session.phase === 'ready' || session.phase === 'starting' || session.phase === 'failed' ? (
          <Stack gap="5">
            <HStack gap="3">
              <Circle size="12" bg="brand.50" color="brand.700">
                <BreakIcon tag={activeBreak.tag} boxSize="6" />
              </Circle>
              <Box>
                <Heading as="h2" fontSize="lg" color="heading">
                  {activeBreak.moves.length} movimientos
                </Heading>
                <Text fontSize="sm" color="text.muted">
                  <Box as="span" aria-hidden="true">
                    {shortDuration(activeBreak.seconds)} en total
                  </Box>
                  <Box as="span" srOnly>
                    {spokenDuration(activeBreak.seconds)} en total
                  </Box>
                </Text>
              </Box>
            </HStack>
            <Box as="ol" ps="5" display="grid" gap="1.5" color="ink.800">
              {activeBreak.moves.map((move, index) => (
                <li key={index}>
                  {move.instruction}{' '}
                  <Text as="span" color="text.muted" fontSize="sm">
                    · {shortDuration(move.seconds)}
                  </Text>
                </li>
              ))}
            </Box>
            <SessionProblem session={session} onRestart={guided.restart} />
            <SoundToggle label="Avisos sonoros" hint="Tres toques suaves antes de cada cambio." checked={sound} onChange={setSound} />
            <StartPracticeButton
              starting={session.phase === 'starting'}
              sound={sound}
              onBegin={guided.begin}
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              px="10"
            >
              Empezar la pausa
            </StartPracticeButton>
          </Stack>
        ) : null}
      </SurfaceCard>
    </PageFrame>
  );
}
