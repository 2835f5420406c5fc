import { Box, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { WarmNotice } from '#components/ui/warm-notice';
import type { FitnessClassView } from '../../api/practice-queries';
import { GuidedPlayer } from '#components/practice/guided-player';
import { CompletionSummary, SessionProblem } from '#components/practice/session-outcome';
import { SoundToggle } from '#components/practice/sound-toggle';
import { useGuidedSequence } from '../../hooks/use-guided-sequence';
import { usePracticeSession } from '../../hooks/use-practice-session';
import { isBoolean, useStoredState } from '#lib/use-stored-state';
import { useWakeLock } from '#lib/use-wake-lock';
import { shortDuration } from '#lib/format-time';
import { StartPracticeButton } from '#components/practice/start-practice-button';
import { LEVEL_LABELS, classPlayerAt, equipmentLabel } from '../utils/class-player';
import { Tooltip } from '#components/ui/tooltip';

/** A class in a dialog: overview → guided player → recorded (toast) or the reason it was not. */
export function ClassDialog({ fitnessClass, onClose }: { fitnessClass: FitnessClassView; onClose: () => void }) {
  const session = usePracticeSession({ kind: 'fitness', refId: fitnessClass.id });
  const [sound, setSound] = useStoredState('ascenso.fitness.sonido', false, isBoolean);
  const guided = useGuidedSequence(fitnessClass.exercises, session, { sound });
  const [confirmExit, setConfirmExit] = useState(false);
  const view = classPlayerAt(fitnessClass.exercises, session.elapsedMs / 1000 + guided.skipped);
  const active = session.phase === 'running' || session.phase === 'paused' || session.phase === 'saving';
  useWakeLock(session.phase === 'running');

  const requestClose = () => {
    if (session.phase === 'running' || session.phase === 'paused') {
      session.pause();
      setConfirmExit(true);
    } else if (session.phase !== 'saving' && session.phase !== 'starting') onClose();
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(details) => {
        if (!details.open) requestClose();
      }}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      closeOnInteractOutside={false}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content borderRadius={{ base: '0', md: 'card' }} minH={{ base: '100dvh', md: 'auto' }} my={{ base: '0', md: '8' }}>
            <Dialog.Header pe="14">
              <Box>
                <Text fontSize="sm" fontWeight="700" color="brand.700" textTransform="uppercase" letterSpacing="0.08em">
                  Clase de {fitnessClass.minutes} min
                </Text>
                <Dialog.Title fontSize={{ base: 'xl', md: '2xl' }} color="heading">
                  {fitnessClass.title}
                </Dialog.Title>
              </Box>
            </Dialog.Header>
            <Dialog.Body pb="8">
              {confirmExit ? (
                <WarmNotice
                  role="alertdialog"
                  aria-labelledby="salir-titulo"
                  aria-describedby="salir-texto"
                  mb="5"
                  title="¿Salir de la clase?"
                  titleId="salir-titulo"
                  message="La clase está en pausa. Si sales ahora no se registrará."
                  messageId="salir-texto"
                  actions={
                    <>
                      <Button
                        colorPalette="brand"
                        borderRadius="full"
                        autoFocus
                        onClick={() => {
                          setConfirmExit(false);
                          session.resume();
                        }}
                      >
                        Seguir con la clase
                      </Button>
                      <Button variant="outline" borderRadius="full" onClick={onClose}>
                        Salir
                      </Button>
                    </>
                  }
                />
              ) : null}

              <CompletionSummary
                title="¡Clase completada!"
                session={session}
                actions={
                  <Button colorPalette="brand" borderRadius="full" onClick={onClose}>
                    Volver a las clases
                  </Button>
                }
              />

              {active && view.current && !confirmExit ? (
                <GuidedPlayer
                  name={view.current.name}
                  instruction={view.current.instruction}
                  isRest={view.current.kind === 'rest'}
                  remaining={view.remaining}
                  itemSeconds={view.current.seconds}
                  progress={view.progress}
                  positionLabel={`Ejercicio ${view.exerciseNumber} de ${view.exerciseCount}`}
                  totalRemaining={view.totalRemaining}
                  nextLabel={view.next ? `${view.next.name} (${shortDuration(view.next.seconds)})` : null}
                  session={session}
                  onSkip={guided.skip}
                  onFinish={guided.finish}
                  headingLevel="h3"
                />
              ) : null}
              {session.phase === 'saving' && !view.current ? <Text textAlign="center">Guardando tu clase...</Text> : null}

              {session.phase === 'ready' || session.phase === 'starting' || session.phase === 'failed' ? (
                <Stack gap="5">
                  <Text color="ink.800">{fitnessClass.description}</Text>
                  <Text fontSize="sm" color="text.muted">
                    {LEVEL_LABELS[fitnessClass.level]} · {equipmentLabel(fitnessClass.equipment)} · {fitnessClass.focus}
                  </Text>
                  <SessionProblem session={session} onRestart={guided.restart} />
                  <Box>
                    <Text fontWeight="700" color="heading" mb="2">
                      Ejercicios
                    </Text>
                    <Box
                      as="ol"
                      ps="5"
                      color="ink.800"
                      fontSize="sm"
                      display="grid"
                      gap="1"
                      maxH={{ base: 'none', md: '64' }}
                      overflowY="auto"
                      tabIndex={0}
                      aria-label="Lista de ejercicios"
                    >
                      {fitnessClass.exercises.map((exercise, index) => (
                        <li key={index}>
                          <Text as="span" fontWeight={exercise.kind === 'work' ? '600' : '400'} color={exercise.kind === 'work' ? 'ink.900' : 'text.muted'}>
                            {exercise.name}
                          </Text>{' '}
                          <Text as="span" color="text.muted">
                            · {shortDuration(exercise.seconds)}
                          </Text>
                        </li>
                      ))}
                    </Box>
                  </Box>
                  <SoundToggle label="Avisos sonoros" hint="Tres toques suaves antes de cambiar de ejercicio." checked={sound} onChange={setSound} />
                  <StartPracticeButton starting={session.phase === 'starting'} sound={sound} onBegin={guided.begin}>
                    Empezar
                  </StartPracticeButton>
                </Stack>
              ) : null}
            </Dialog.Body>
            <Tooltip content="Cerrar la clase">
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Cerrar la clase" />
              </Dialog.CloseTrigger>
            </Tooltip>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
