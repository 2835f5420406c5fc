import { TranscriptionError } from '@ascenso/ai/transcription';
import { DomainError } from '@ascenso/domain/errors';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Deps } from '../../deps';
import { envelope, errorToResponse } from '../../http/errors';
import { requestContext } from '../../http/request-meta';
import { json, type RestOperation } from '../../http/openapi';
import { withCaller } from '../../http/rest';
import type { AppEnv } from '../../http/types';
import { inspectAudio, type AudioFamily } from './audio';
import { VOICE_LIMITS } from './voice-config';
import { countTranscription, countVoiceRequest, takeVoiceSlot } from './voice-limits';
import { VoiceCapabilitySchema } from './voice.router';
import { voiceTranscriber } from './voice.service';
import { z } from 'zod';

/** The one path whose body may exceed app.ts's 256 KB limit (it sets its own, VOICE_LIMITS.maxBodyBytes). */
export const VOICE_TRANSCRIBE_PATH = '/api/voice/transcribe';

const UNAVAILABLE_MESSAGE =
  'La entrada por voz necesita un servidor de transcripción, y este Ascenso no tiene ninguno configurado. Puedes escribir tu mensaje en su lugar.';
const TOO_LARGE_MESSAGE = 'El audio pesa más de 10 MB. Graba un mensaje más corto (hasta 2 minutos) o escríbelo en su lugar.';

const EXTENSIONS: Record<AudioFamily, string> = { webm: 'webm', ogg: 'ogg', mp4: 'mp4', mpeg: 'mp3', wav: 'wav' };

/** A request that is not multipart/form-data is malformed whatever else holds (checked from the header, before anything else). */
function notMultipart(c: HonoContext<AppEnv>) {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType === 'multipart/form-data') return null;
  return envelope(c, 400, 'VALIDATION', 'Envía el audio como multipart/form-data, en un campo de archivo llamado «audio».', {
    field: 'audio',
    reason: 'not-multipart',
  });
}

/** Reads the multipart body (already within its size limit): exactly one non-empty file field `audio`. */
async function readAudioField(c: HonoContext<AppEnv>): Promise<File> {
  let body: Record<string, unknown>;
  try {
    body = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
  } catch {
    throw new DomainError('VALIDATION', 'El cuerpo de la petición no es un multipart/form-data válido.', { field: 'audio', reason: 'malformed' });
  }
  const value = body.audio;
  if (value === undefined)
    throw new DomainError('VALIDATION', 'Falta el audio: envíalo en un campo de archivo llamado «audio».', { field: 'audio', reason: 'missing' });
  if (Array.isArray(value)) throw new DomainError('VALIDATION', 'Envía un solo audio cada vez.', { field: 'audio', reason: 'several' });
  if (!(value instanceof File))
    throw new DomainError('VALIDATION', 'El campo «audio» debe ser un archivo de audio, no un texto.', { field: 'audio', reason: 'not-a-file' });
  if (value.size === 0) throw new DomainError('VALIDATION', 'El audio está vacío. Graba de nuevo.', { field: 'audio', reason: 'empty' });
  return value;
}

/**
 * `GET /api/voice`: the capability (`voice.capability`). `POST /api/voice/transcribe`: multipart/form-data with one file field
 * `audio` (≤ 10 MB, ≤ 2 minutes; WebM, Ogg, MP4, MP3 or WAV) → `{ text }` from the configured server's
 * `/v1/audio/transcriptions`. The audio lives in this request's memory only (decision 030).
 */
export function voiceRest(deps: Deps) {
  const app = new Hono<AppEnv>();
  const limitBody = bodyLimit({
    maxSize: VOICE_LIMITS.maxBodyBytes,
    onError: (c) => envelope(c, 413, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, { field: 'audio', maxBytes: VOICE_LIMITS.maxAudioBytes }),
  });

  // The capability, a shim over `voice.capability` (signed-in only, like the upload).
  app.get('/voice', (c) => withCaller(deps, c, async (caller) => c.json(await caller.voice.capability(), 200, { 'Cache-Control': 'no-store' })));

  app.post('/voice/transcribe', async (c) => {
    const cookies: string[] = [];
    const ctx = await requestContext(deps, c, { append: (_name, value) => cookies.push(value) });
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    c.header('Cache-Control', 'no-store');
    const user = ctx.auth?.user;
    if (!user) return envelope(c, 401, 'UNAUTHORIZED', 'Necesitas iniciar sesión');
    const malformed = notMultipart(c);
    if (malformed) return malformed;
    const transcriber = voiceTranscriber(deps);
    if (!transcriber) return envelope(c, 503, 'VOICE_UNAVAILABLE', UNAVAILABLE_MESSAGE);

    let release: (() => void) | undefined;
    try {
      // Limits first, before reading up to 10 MB: attempts per minute, then the one slot per user.
      await countVoiceRequest(deps, user);
      release = await takeVoiceSlot(deps, user);
      const tooLarge = await limitBody(c, async () => {});
      if (tooLarge) return tooLarge;
      const file = await readAudioField(c);
      if (file.size > VOICE_LIMITS.maxAudioBytes)
        return envelope(c, 413, 'PAYLOAD_TOO_LARGE', TOO_LARGE_MESSAGE, { field: 'audio', maxBytes: VOICE_LIMITS.maxAudioBytes });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const audio = await inspectAudio(bytes, file.type);
      await countTranscription(deps, user);
      const text = await transcriber.transcribe({ bytes, filename: `audio.${EXTENSIONS[audio.family]}`, type: audio.type }, { signal: c.req.raw.signal });
      return c.json({ text }, 200);
    } catch (error) {
      // A refused attempt (limits, a bad recording): the envelope every REST path uses, with its Retry-After.
      if (error instanceof DomainError) return errorToResponse(error, c, deps.logger);
      if (error instanceof TranscriptionError) {
        deps.logger.warn('voice transcription failed', { requestId: c.get('requestId'), reason: error.reason, status: error.status ?? null });
        if (error.reason === 'timeout') {
          return envelope(c, 504, 'VOICE_TIMEOUT', 'El servidor de transcripción ha tardado demasiado. Vuelve a intentarlo o escribe tu mensaje.');
        }
        if (error.reason === 'rate-limited' || error.status === 503) {
          c.header('Retry-After', String(error.retryAfterSeconds ?? 30));
          return envelope(
            c,
            503,
            'VOICE_BUSY',
            'El servidor de transcripción está ocupado ahora mismo. Vuelve a intentarlo en un momento o escribe tu mensaje.',
          );
        }
        return envelope(
          c,
          502,
          'VOICE_UPSTREAM_ERROR',
          'El servidor de transcripción no ha podido transcribir el audio. Vuelve a intentarlo o escribe tu mensaje.',
        );
      }
      throw error;
    } finally {
      release?.();
    }
  });
  return app;
}

/** The paths above as documented in GET /api/openapi.json, with the schemas the procedures validate with (decision 040). */
export const voiceRestOperations: RestOperation[] = [
  {
    method: 'get',
    path: '/api/voice',
    summary: 'Si este servidor puede transcribir voz, y con qué límites.',
    access: 'member',
    responses: { 200: { description: 'La capacidad.', content: json(VoiceCapabilitySchema) } },
  },
  {
    method: 'post',
    path: '/api/voice/transcribe',
    summary: 'Transcribe un audio (entrada rápida por voz); el audio no se guarda.',
    description: 'multipart/form-data con un solo archivo, `audio`: hasta 10 MB y 2 minutos, en WebM, Ogg, MP4, MP3 o WAV.',
    access: 'member',
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          type: 'object',
          required: ['audio'],
          properties: { audio: { type: 'string', contentMediaType: 'application/octet-stream', description: 'El audio grabado.' } },
        },
      },
    },
    responses: { 200: { description: 'La transcripción.', content: json(z.object({ text: z.string() })) } },
    errors: [400, 413, 429, 502, 503, 504],
  },
];
