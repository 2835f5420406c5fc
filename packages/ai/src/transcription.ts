import OpenAI, { toFile } from 'openai';

/**
 * Speech to text on an OpenAI-compatible server (`POST /v1/audio/transcriptions`), for the voice quick
 * entry. The audio is handed over in memory and nothing is kept: no file, no log of the audio or the text.
 */

export const DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';

/** The longest transcript kept; anything past it is cut (2 minutes of speech are about 2 000 characters). */
export const MAX_TRANSCRIPT_CHARS = 4_000;

/** The largest answer read from the server (a JSON `{ text }` of 4 000 characters is far below). */
const MAX_RESPONSE_BYTES = 256 * 1024;

export type TranscriptionConfig = {
  apiKey?: string | undefined;
  baseURL?: string | undefined;
  model?: string | undefined;
  /** The whole call, upload included (default 30 s); there are no retries (an upload of up to 10 MB is not repeated). */
  timeoutMs?: number;
  /** Injected in tests. */
  fetch?: typeof globalThis.fetch;
};

export type TranscriptionFailure = 'timeout' | 'rate-limited' | 'http' | 'network' | 'invalid';

export class TranscriptionError extends Error {
  readonly reason: TranscriptionFailure;
  readonly status: number | undefined;
  /** From the server's Retry-After, when it sent one (a 429 or 503). */
  readonly retryAfterSeconds: number | undefined;

  constructor(message: string, options: { reason: TranscriptionFailure; status?: number; retryAfterSeconds?: number; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.name = 'TranscriptionError';
    this.reason = options.reason;
    this.status = options.status;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export type AudioUpload = { bytes: Uint8Array; filename: string; type: string };

export type Transcriber = {
  model: string;
  /** The transcript as plain text (trimmed, control characters removed, at most MAX_TRANSCRIPT_CHARS). */
  transcribe(audio: AudioUpload, options?: { signal?: AbortSignal }): Promise<string>;
};

/** Plain text from an untrusted transcript: no control characters (newlines and tabs kept), trimmed, capped. */
export function cleanTranscript(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '');
  return Array.from(text.trim()).slice(0, MAX_TRANSCRIPT_CHARS).join('').trim();
}

/** A fetch whose answers may not be larger than `maxBytes` (by Content-Length or while streaming). */
function boundedFetch(inner: typeof globalThis.fetch, maxBytes: number): typeof globalThis.fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new TranscriptionError('La respuesta del servidor de transcripción es demasiado grande', { reason: 'invalid' });
    }
    if (!response.body) return response;
    let seen = 0;
    const limited = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes)
            controller.error(new TranscriptionError('La respuesta del servidor de transcripción es demasiado grande', { reason: 'invalid' }));
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(limited, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

function retryAfterOf(headers: Headers | undefined): number | undefined {
  const raw = headers?.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(3600, Math.max(1, Math.ceil(seconds)));
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.min(3600, Math.max(1, Math.ceil((date - Date.now()) / 1000)));
}

function toTranscriptionError(error: unknown): TranscriptionError {
  if (error instanceof TranscriptionError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new TranscriptionError('El servidor de transcripción tardó demasiado en responder', { reason: 'timeout', cause: error });
  }
  if (error instanceof OpenAI.APIError && error.status !== undefined) {
    const retryAfterSeconds = retryAfterOf(error.headers);
    return new TranscriptionError(`El servidor de transcripción respondió ${error.status}`, {
      reason: error.status === 429 ? 'rate-limited' : 'http',
      status: error.status,
      ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
      cause: error,
    });
  }
  // The SDK wraps what fetch threw (our size bound included) as a connection error: find ours again.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    if (cause instanceof TranscriptionError) return cause;
    cause = cause.cause;
  }
  if (error instanceof SyntaxError) return new TranscriptionError('El servidor de transcripción no respondió JSON válido', { reason: 'invalid', cause: error });
  return new TranscriptionError('No se pudo contactar con el servidor de transcripción', { reason: 'network', cause: error });
}

/**
 * A transcriber on the configured OpenAI-compatible server, or null when none is configured (no key and
 * no base URL: the voice entry then says it needs one).
 */
export function createTranscriber(config: TranscriptionConfig): Transcriber | null {
  if (!config.apiKey && !config.baseURL) return null;
  const model = config.model || DEFAULT_TRANSCRIBE_MODEL;
  const client = new OpenAI({
    apiKey: config.apiKey || 'sin-clave',
    baseURL: config.baseURL,
    timeout: config.timeoutMs ?? 30_000,
    maxRetries: 0,
    fetch: boundedFetch(config.fetch ?? globalThis.fetch, MAX_RESPONSE_BYTES),
  });
  return {
    model,
    async transcribe(audio, options = {}) {
      let result: unknown;
      try {
        const file = await toFile(audio.bytes, audio.filename, { type: audio.type });
        result = await client.audio.transcriptions.create({ file, model, language: 'es', response_format: 'json' }, { signal: options.signal });
      } catch (error) {
        throw toTranscriptionError(error);
      }
      const text = typeof result === 'object' && result !== null ? (result as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw new TranscriptionError('El servidor de transcripción no devolvió texto', { reason: 'invalid' });
      return cleanTranscript(text);
    },
  };
}
