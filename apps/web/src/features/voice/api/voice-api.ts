/** The upload (REST, multipart: decision 030); whether the server can transcribe is lib/voice-capability.ts. */

export type TranscribeResult = { ok: true; text: string } | { ok: false; message: string; unavailable: boolean };

const NETWORK_MESSAGE = 'No se ha podido conectar con Ascenso. Comprueba tu conexión y vuelve a intentarlo, o escribe tu mensaje.';

/** Sends the recording (multipart, field `audio`); the server's Spanish message on failure. */
export async function transcribeRecording(audio: Blob, fileName: string, signal?: AbortSignal): Promise<TranscribeResult> {
  const body = new FormData();
  body.append('audio', audio, fileName);
  let response: Response;
  try {
    response = await fetch('/api/voice/transcribe', { method: 'POST', body, credentials: 'same-origin', signal: signal ?? null });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: NETWORK_MESSAGE, unavailable: false };
  }
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  if (response.ok && typeof (payload as { text?: unknown } | null)?.text === 'string') return { ok: true, text: (payload as { text: string }).text };
  const error = (payload as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  const message =
    typeof error?.message === 'string' && error.message ? error.message : 'No se ha podido transcribir el audio. Vuelve a intentarlo o escribe tu mensaje.';
  return { ok: false, message, unavailable: error?.code === 'VOICE_UNAVAILABLE' };
}
