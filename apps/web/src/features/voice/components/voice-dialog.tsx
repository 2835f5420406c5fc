import { Box, Button, CloseButton, Dialog, Flex, HStack, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MicIcon, StopIcon } from '#components/ui/icons';
import { useVoiceUnavailable } from '#lib/voice-capability';
import { transcribeRecording } from '../api/voice-api';
import {
  MAX_RECORDING_SECONDS,
  NO_RECORDER_MESSAGE,
  chooseRecordingType,
  elapsedLabel,
  elapsedSpoken,
  fileNameFor,
  levelFromSamples,
  microphoneErrorMessage,
  reachedLimit,
} from '../utils/recording';

const SILENCE_TEXT = 'No se ha entendido nada en la grabación. Vuelve a intentarlo o escribe tu mensaje.';

/** `retry: false`: trying again cannot help (the server has no transcriber after all). */
type Phase = { kind: 'asking' } | { kind: 'recording' } | { kind: 'transcribing' } | { kind: 'error'; message: string; retry: boolean };

export type VoiceDialogProps = {
  open: boolean;
  /** The transcript, for Home's message box (the dialog closes). */
  onTranscript: (text: string) => void;
  /** "Escribir en su lugar": close and focus the message box. */
  onType: () => void;
  /** Closed without a transcript (Cancelar, Escape): the recording is discarded. */
  onClose: () => void;
};

type Session = {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  timer: number;
  chunks: Blob[];
  discarded: boolean;
};

/** The type MediaRecorder is asked for ('' lets the browser choose), or null when this browser cannot record. */
function recordingTypeHere(): string | null {
  const type = chooseRecordingType(typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder);
  return type === null || !navigator.mediaDevices?.getUserMedia ? null : type;
}

/** Each attempt starts by asking for the microphone, unless this browser cannot record at all. */
function firstPhase(): Phase {
  return recordingTypeHere() === null ? { kind: 'error', message: NO_RECORDER_MESSAGE, retry: true } : { kind: 'asking' };
}

/**
 * Buttons: 44 px tall on a phone (touch targets), side by side when they fit and each on its own full
 * line when they do not (the two long labels of the error step on a 375 px screen).
 */
const ACTION_BUTTON = {
  size: { base: 'lg', md: 'md' },
  borderRadius: 'full',
  // From their own width (Chakra's buttons have a fixed min-width, so a smaller basis would squeeze the label).
  flex: { base: '1 1 auto', sm: '0 0 auto' },
} as const;

/**
 * The voice quick entry (decision 030). The step counter opens it only when the server can transcribe
 * (lib/voice-capability.ts), so it asks for the microphone at once, records with MediaRecorder while a
 * level meter (Web Audio AnalyserNode) and the time move, stops on "Detener" or at 2:00, uploads and
 * hands the text over. Nothing is kept: the chunks live in this component's memory until the upload,
 * and Cancel drops them.
 */
export default function VoiceDialog({ open, onTranscript, onType, onClose }: VoiceDialogProps) {
  const [phase, setPhase] = useState<Phase>(firstPhase);
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const markUnavailable = useVoiceUnavailable();
  const session = useRef<Session | null>(null);
  const upload = useRef<AbortController | null>(null);
  /** Bumped by each start and by closing: a microphone granted to an attempt that is no longer current is released at once. */
  const attempt = useRef(0);
  const stopRef = useRef<HTMLButtonElement>(null);
  const typeRef = useRef<HTMLButtonElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  /** Releases the microphone and the audio graph; `discard` drops what was recorded. */
  const release = useCallback((discard: boolean) => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    current.discarded = current.discarded || discard;
    window.clearInterval(current.timer);
    if (current.recorder.state !== 'inactive') current.recorder.stop();
    for (const track of current.stream.getTracks()) track.stop();
    void current.context?.close().catch(() => {});
    if (discard) current.chunks.length = 0;
  }, []);

  const send = useCallback(
    async (audio: Blob) => {
      setPhase({ kind: 'transcribing' });
      const controller = new AbortController();
      upload.current = controller;
      try {
        const result = await transcribeRecording(audio, fileNameFor(audio.type), controller.signal);
        if (controller.signal.aborted) return;
        if (result.ok) {
          if (result.text.trim()) onTranscript(result.text);
          else setPhase({ kind: 'error', message: SILENCE_TEXT, retry: true });
        } else {
          // No transcriber after all (the server's settings changed): the counter's button stops offering voice.
          if (result.unavailable) markUnavailable();
          setPhase({ kind: 'error', message: result.message, retry: !result.unavailable });
        }
      } catch {
        // Aborted: the person cancelled.
      } finally {
        if (upload.current === controller) upload.current = null;
      }
    },
    [onTranscript, markUnavailable],
  );

  /** Records from a granted microphone: the recorder, the meter's audio graph and the clock. */
  const record = useCallback(
    (stream: MediaStream, recorderType: string) => {
      let recorder: MediaRecorder;
      try {
        recorder = new MediaRecorder(stream, recorderType ? { mimeType: recorderType } : undefined);
      } catch (error) {
        for (const track of stream.getTracks()) track.stop();
        setPhase({ kind: 'error', message: microphoneErrorMessage(error), retry: true });
        return;
      }
      let context: AudioContext | null = null;
      let analyser: AnalyserNode | null = null;
      try {
        context = new AudioContext();
        analyser = context.createAnalyser();
        analyser.fftSize = 512;
        context.createMediaStreamSource(stream).connect(analyser);
      } catch {
        // No Web Audio: the meter stays at 0, the recording still works.
      }
      const samples = new Uint8Array(analyser?.fftSize ?? 0);
      const recording: Session = { stream, recorder, context, timer: 0, chunks: [], discarded: false };
      recorder.ondataavailable = (event) => {
        if (!recording.discarded && event.data.size > 0) recording.chunks.push(event.data);
      };
      recorder.onstop = () => {
        if (recording.discarded) return;
        const audio = new Blob(recording.chunks, { type: recorder.mimeType || recorderType || 'audio/webm' });
        recording.chunks.length = 0;
        void send(audio);
      };
      const startedAt = performance.now();
      recording.timer = window.setInterval(() => {
        const seconds = (performance.now() - startedAt) / 1000;
        setElapsed(seconds);
        if (analyser) {
          analyser.getByteTimeDomainData(samples);
          setLevel(levelFromSamples(samples));
        }
        if (reachedLimit(seconds)) release(false);
      }, 100);
      session.current = recording;
      recorder.start(1000);
      setPhase({ kind: 'recording' });
    },
    [release, send],
  );

  /**
   * Asks for the microphone, then records (the phase is already `asking`: see firstPhase and retry).
   * The answer may come after the dialog closed or a newer attempt began: that stream is released at once.
   */
  const start = useCallback(() => {
    const current = (attempt.current += 1);
    const recorderType = recordingTypeHere();
    if (recorderType === null) return;
    navigator.mediaDevices.getUserMedia({ audio: true }).then(
      (stream) => {
        if (attempt.current === current) record(stream, recorderType);
        else for (const track of stream.getTracks()) track.stop();
      },
      (error: unknown) => {
        if (attempt.current === current) setPhase({ kind: 'error', message: microphoneErrorMessage(error), retry: true });
      },
    );
  }, [record]);

  // Opening (the dialog is mounted anew for each opening): ask for the microphone and record.
  useEffect(() => {
    if (!open) return;
    start();
    return () => {
      attempt.current += 1;
      release(true);
      upload.current?.abort();
    };
  }, [open, release, start]);

  // Focus follows the one action of each step.
  useEffect(() => {
    const target = phase.kind === 'recording' ? stopRef : phase.kind === 'error' ? (phase.retry ? retryRef : typeRef) : cancelRef;
    target.current?.focus();
  }, [phase]);

  const retry = () => {
    setLevel(0);
    setElapsed(0);
    setPhase(firstPhase());
    start();
  };
  const stop = () => release(false);
  const cancel = () => {
    attempt.current += 1;
    release(true);
    upload.current?.abort();
    onClose();
  };
  const typeInstead = () => {
    attempt.current += 1;
    release(true);
    upload.current?.abort();
    onType();
  };

  const status =
    phase.kind === 'asking'
      ? 'Permite el acceso al micrófono para grabar.'
      : phase.kind === 'recording'
        ? 'Grabando. Pulsa Detener cuando termines; se detiene solo a los 2 minutos.'
        : phase.kind === 'transcribing'
          ? 'Transcribiendo…'
          : '';

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) cancel();
      }}
      placement="center"
      closeOnInteractOutside={false}
      // The dialog is unmounted as it closes: VoiceEntry puts focus back (the button, or the message box).
      restoreFocus={false}
      initialFocusEl={() => cancelRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        {/* py: a short screen (a phone held sideways) scrolls the dialog, never cuts it. */}
        <Dialog.Positioner px="4" py="4">
          <Dialog.Content borderRadius="card" maxW="md" data-testid="voice-dialog">
            {/* pe: the title never runs under the close button. On a 375 px phone it fits one line at 16 px (balanced over two if a wider font must). */}
            <Dialog.Header ps={{ base: '5', sm: '6' }} pe={{ base: '14', md: '16' }} pt="5" pb="3">
              <Dialog.Title
                display="flex"
                alignItems="center"
                gap="3"
                textStyle={{ base: 'md', sm: 'lg', md: 'xl' }}
                fontWeight="700"
                lineHeight="short"
                textWrap="balance"
              >
                <Box
                  as="span"
                  display="inline-flex"
                  alignItems="center"
                  justifyContent="center"
                  boxSize={{ base: '9', md: '10' }}
                  flexShrink={0}
                  borderRadius="full"
                  bg="brand.50"
                  color="brand.700"
                >
                  <MicIcon boxSize="5" aria-hidden="true" />
                </Box>
                Entrada rápida por voz
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body px={{ base: '5', sm: '6' }} pt="1" pb="5">
              <Stack gap="4">
                <Dialog.Description color="text.muted" textStyle="sm">
                  Di tu mensaje para tu coach (hasta 2 minutos). Lo escribimos en el cuadro de Inicio para que lo revises: no se envía hasta que pulses Enviar.
                  El audio no se guarda.
                </Dialog.Description>
                {/* Always there (a live region must exist before it speaks); out of the layout while it is empty. */}
                <Text role="status" aria-live="polite" textStyle="sm" fontWeight="600" color="text" srOnly={status === ''}>
                  {status}
                </Text>
                {phase.kind === 'recording' ? (
                  <HStack gap="3" align="center" px="3" py="2.5" borderRadius="lg" bg="brand.50" borderWidth="1px" borderColor="brand.100">
                    <Box
                      role="meter"
                      aria-label="Nivel del micrófono"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={level}
                      data-testid="voice-level"
                      flex="1"
                      minW="0"
                      h="2.5"
                      borderRadius="full"
                      bg="white"
                      borderWidth="1px"
                      borderColor="brand.200"
                      overflow="hidden"
                    >
                      <Box h="full" w={`${level}%`} bg="brand.600" transition="width 90ms linear" _motionReduce={{ transition: 'none' }} />
                    </Box>
                    <Text
                      role="timer"
                      flexShrink={0}
                      whiteSpace="nowrap"
                      fontVariantNumeric="tabular-nums"
                      fontWeight="600"
                      color="text"
                      data-testid="voice-elapsed"
                    >
                      <span aria-hidden="true">{elapsedLabel(elapsed, MAX_RECORDING_SECONDS)}</span>
                      <VisuallyHidden>{elapsedSpoken(elapsed, MAX_RECORDING_SECONDS)}</VisuallyHidden>
                    </Text>
                  </HStack>
                ) : null}
                {phase.kind === 'error' ? (
                  <Text role="alert" color="red.700" bg="red.50" borderRadius="md" px="3" py="2">
                    {phase.message}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer px={{ base: '5', sm: '6' }} pt="0" pb={{ base: '5', sm: '6' }}>
              <Flex gap="3" wrap="wrap" justify="flex-end" w="full" data-testid="voice-actions">
                {phase.kind === 'error' ? (
                  <Button ref={typeRef} {...ACTION_BUTTON} variant={phase.retry ? 'outline' : 'solid'} colorPalette="brand" onClick={typeInstead}>
                    Escribir en su lugar
                  </Button>
                ) : null}
                {phase.kind === 'error' && phase.retry ? (
                  <Button ref={retryRef} {...ACTION_BUTTON} colorPalette="brand" onClick={retry}>
                    Volver a intentar
                  </Button>
                ) : null}
                {phase.kind !== 'error' ? (
                  <Button ref={cancelRef} {...ACTION_BUTTON} variant="outline" onClick={cancel}>
                    Cancelar
                  </Button>
                ) : null}
                {phase.kind === 'recording' ? (
                  <Button ref={stopRef} {...ACTION_BUTTON} colorPalette="brand" onClick={stop}>
                    <StopIcon aria-hidden="true" />
                    Detener
                  </Button>
                ) : null}
              </Flex>
            </Dialog.Footer>
            {/* Centred on the title's row (its icon: 36 px, 40 from md); 44 px on a phone. */}
            <Dialog.CloseTrigger asChild top={{ base: '4', md: '5' }} insetEnd={{ base: '3', md: '4' }}>
              <CloseButton size={{ base: 'lg', md: 'md' }} borderRadius="full" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
