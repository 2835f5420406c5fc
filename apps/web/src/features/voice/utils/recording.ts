/** The voice recorder's pure parts: formats, level, time (decision 030). */

/** The longest recording: the server refuses more than 2 minutes. */
export const MAX_RECORDING_SECONDS = 120;

/** Types MediaRecorder is asked for, in order (the server accepts all three; Safari records MP4). */
export const RECORDING_TYPES = ['audio/webm;codecs=opus', 'audio/ogg;codecs=opus', 'audio/mp4'] as const;

/** The first type this browser records, or '' to let it choose (null: no MediaRecorder at all). */
export function chooseRecordingType(recorder: { isTypeSupported?: (type: string) => boolean } | undefined): string | null {
  if (!recorder) return null;
  for (const type of RECORDING_TYPES) if (recorder.isTypeSupported?.(type)) return type;
  return '';
}

/** The file name sent for a recorded type (the server reads the bytes, not the name). */
export function fileNameFor(type: string): string {
  const base = type.split(';')[0]?.trim() ?? '';
  if (base === 'audio/ogg') return 'grabacion.ogg';
  if (base === 'audio/mp4') return 'grabacion.mp4';
  return 'grabacion.webm';
}

/** "m:ss" for a number of seconds (whole seconds, rounded down; never negative). */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** "0:12 / 2:00". */
export function elapsedLabel(seconds: number, max = MAX_RECORDING_SECONDS): string {
  return `${formatClock(Math.min(seconds, max))} / ${formatClock(max)}`;
}

function durationWords(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  const parts: string[] = [];
  if (minutes > 0) parts.push(`${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`);
  if (rest > 0 || minutes === 0) parts.push(`${rest} ${rest === 1 ? 'segundo' : 'segundos'}`);
  return parts.join(' y ');
}

/** What a screen reader hears: "12 segundos de 2 minutos". */
export function elapsedSpoken(seconds: number, max = MAX_RECORDING_SECONDS): string {
  return `${durationWords(Math.min(seconds, max))} de ${durationWords(max)}`;
}

/**
 * The microphone level, 0-100, from an AnalyserNode's time-domain bytes (128 is silence): the RMS of
 * the signal on a root scale, so that speech moves the meter visibly and a shout does not pin it.
 */
export function levelFromSamples(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const centred = ((samples[i] ?? 128) - 128) / 128;
    sum += centred * centred;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.max(0, Math.min(100, Math.round(Math.sqrt(rms) * 100)));
}

/** Whether the recording has reached its end (the recorder stops by itself then). */
export function reachedLimit(seconds: number, max = MAX_RECORDING_SECONDS): boolean {
  return seconds >= max;
}

/** The Spanish message for a failed getUserMedia / MediaRecorder start (DOMException names). */
export function microphoneErrorMessage(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return 'No tienes permiso para usar el micrófono. Actívalo en los ajustes del navegador para este sitio, o escribe tu mensaje.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'No encontramos ningún micrófono. Conecta uno o escribe tu mensaje.';
  if (name === 'NotReadableError' || name === 'AbortError')
    return 'El micrófono está ocupado por otra aplicación. Ciérrala y vuelve a intentarlo, o escribe tu mensaje.';
  return 'No se ha podido empezar a grabar. Vuelve a intentarlo o escribe tu mensaje.';
}

export const NO_RECORDER_MESSAGE = 'Este navegador no puede grabar audio. Prueba con otro navegador actualizado, o escribe tu mensaje.';
