import { Box, Button, CloseButton, Dialog, HStack, Portal, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { MicIcon, StopIcon } from '../../../components/ui/icons';
import { fetchVoiceCapability, transcribeRecording } from '../api/voice-api';
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

export const UNAVAILABLE_TEXT =
  'La entrada por voz necesita un servidor de transcripción, y este Ascenso no tiene ninguno configurado. Puedes escribir tu mensaje en su lugar.';
const SILENCE_TEXT = 'No se ha entendido nada en la grabación. Vuelve a intentarlo o escribe tu mensaje.';

type Phase =
  { kind: 'checking' } | { kind: 'unavailable' } | { kind: 'asking' } | { kind: 'recording' } | { kind: 'transcribing' } | { kind: 'error'; message: string };

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

/**
 * The voice quick entry (decision 030): checks the server can transcribe, asks for the microphone,
 * records with MediaRecorder while a level meter (Web Audio AnalyserNode) and the time move, stops on
 * "Detener" or at 2:00, uploads and hands the text over. Nothing is kept: the chunks live in this
 * component's memory until the upload, and Cancel drops them.
 */
export default function VoiceDialog({ open, onTranscript, onType, onClose }: VoiceDialogProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'checking' });
  const [level, setLevel] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  const session = useRef<Session | null>(null);
  const upload = useRef<AbortController | null>(null);
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
          else setPhase({ kind: 'error', message: SILENCE_TEXT });
        } else setPhase(result.unavailable ? { kind: 'unavailable' } : { kind: 'error', message: result.message });
      } catch {
        // Aborted: the person cancelled.
      } finally {
        if (upload.current === controller) upload.current = null;
      }
    },
    [onTranscript],
  );

  const start = useCallback(async () => {
    setLevel(0);
    setElapsed(0);
    const recorderType = chooseRecordingType(typeof MediaRecorder === 'undefined' ? undefined : MediaRecorder);
    if (recorderType === null || !navigator.mediaDevices?.getUserMedia) {
      setPhase({ kind: 'error', message: NO_RECORDER_MESSAGE });
      return;
    }
    setPhase({ kind: 'asking' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setPhase({ kind: 'error', message: microphoneErrorMessage(error) });
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, recorderType ? { mimeType: recorderType } : undefined);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      setPhase({ kind: 'error', message: microphoneErrorMessage(error) });
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
    const current: Session = { stream, recorder, context, timer: 0, chunks: [], discarded: false };
    recorder.ondataavailable = (event) => {
      if (!current.discarded && event.data.size > 0) current.chunks.push(event.data);
    };
    recorder.onstop = () => {
      if (current.discarded) return;
      const audio = new Blob(current.chunks, { type: recorder.mimeType || recorderType || 'audio/webm' });
      current.chunks.length = 0;
      void send(audio);
    };
    const startedAt = performance.now();
    current.timer = window.setInterval(() => {
      const seconds = (performance.now() - startedAt) / 1000;
      setElapsed(seconds);
      if (analyser) {
        analyser.getByteTimeDomainData(samples);
        setLevel(levelFromSamples(samples));
      }
      if (reachedLimit(seconds)) release(false);
    }, 100);
    session.current = current;
    recorder.start(1000);
    setPhase({ kind: 'recording' });
  }, [release, send]);

  // Opening (the dialog is mounted anew for each opening): ask the server first (no microphone prompt when it cannot transcribe), then record.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    fetchVoiceCapability(controller.signal)
      .then((capability) => {
        if (controller.signal.aborted) return;
        if (!capability.available) setPhase({ kind: 'unavailable' });
        else void start();
      })
      .catch(() => {});
    return () => {
      controller.abort();
      release(true);
      upload.current?.abort();
    };
  }, [open, release, start]);

  // Focus follows the one action of each step.
  useEffect(() => {
    const target = phase.kind === 'recording' ? stopRef : phase.kind === 'unavailable' ? typeRef : phase.kind === 'error' ? retryRef : cancelRef;
    target.current?.focus();
  }, [phase.kind]);

  const stop = () => release(false);
  const cancel = () => {
    release(true);
    upload.current?.abort();
    onClose();
  };
  const typeInstead = () => {
    release(true);
    upload.current?.abort();
    onType();
  };

  const status =
    phase.kind === 'checking'
      ? 'Preparando la grabación…'
      : phase.kind === 'asking'
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
        <Dialog.Positioner px="4">
          <Dialog.Content borderRadius="card" data-testid="voice-dialog">
            <Dialog.Header>
              <Dialog.Title display="flex" alignItems="center" gap="2">
                <MicIcon aria-hidden="true" color="brand.700" />
                Entrada rápida por voz
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description color="text.muted">
                  Di tu mensaje para tu coach (hasta 2 minutos). Lo escribimos en el cuadro de Inicio para que lo revises: no se envía hasta que pulses Enviar.
                  El audio no se guarda.
                </Dialog.Description>
                <Text role="status" aria-live="polite" fontWeight="600" color="text" minH="6">
                  {status}
                </Text>
                {phase.kind === 'recording' ? (
                  <Stack gap="2">
                    <Box
                      role="meter"
                      aria-label="Nivel del micrófono"
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={level}
                      data-testid="voice-level"
                      h="3"
                      borderRadius="full"
                      bg="brand.50"
                      borderWidth="1px"
                      borderColor="brand.200"
                      overflow="hidden"
                    >
                      <Box h="full" w={`${level}%`} bg="brand.600" transition="width 90ms linear" _motionReduce={{ transition: 'none' }} />
                    </Box>
                    <Text role="timer" fontVariantNumeric="tabular-nums" color="text" data-testid="voice-elapsed">
                      <span aria-hidden="true">{elapsedLabel(elapsed, MAX_RECORDING_SECONDS)}</span>
                      <VisuallyHidden>{elapsedSpoken(elapsed, MAX_RECORDING_SECONDS)}</VisuallyHidden>
                    </Text>
                  </Stack>
                ) : null}
                {phase.kind === 'unavailable' ? <Text color="text">{UNAVAILABLE_TEXT}</Text> : null}
                {phase.kind === 'error' ? (
                  <Text role="alert" color="red.700" bg="red.50" borderRadius="md" px="3" py="2">
                    {phase.message}
                  </Text>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2" flexWrap="wrap" justify="flex-end" w="full">
                {phase.kind === 'unavailable' || phase.kind === 'error' ? (
                  <Button
                    ref={typeRef}
                    variant={phase.kind === 'unavailable' ? 'solid' : 'outline'}
                    colorPalette="brand"
                    borderRadius="full"
                    onClick={typeInstead}
                  >
                    Escribir en su lugar
                  </Button>
                ) : null}
                {phase.kind === 'error' ? (
                  <Button ref={retryRef} colorPalette="brand" borderRadius="full" onClick={() => void start()}>
                    Volver a intentar
                  </Button>
                ) : null}
                {phase.kind !== 'unavailable' && phase.kind !== 'error' ? (
                  <Button ref={cancelRef} variant="outline" borderRadius="full" onClick={cancel}>
                    Cancelar
                  </Button>
                ) : null}
                {phase.kind === 'recording' ? (
                  <Button ref={stopRef} colorPalette="brand" borderRadius="full" onClick={stop}>
                    <StopIcon aria-hidden="true" />
                    Detener
                  </Button>
                ) : null}
              </HStack>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Cerrar" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
