import { z } from 'zod';
import { wholeNumber } from '../../config-number';

/**
 * The environment variables of the voice quick entry (part of env.ts's schema). It uses the coach's
 * OpenAI-compatible server (OPENAI_BASE_URL / OPENAI_API_KEY); without one it answers 503.
 */
export const VOICE_ENV_SHAPE = {
  /**
   * A transcription server of its own (e.g. a local Whisper) instead of OPENAI_BASE_URL; with it only
   * TRANSCRIBE_API_KEY is sent there (never OPENAI_API_KEY).
   */
  TRANSCRIBE_BASE_URL: z.url().optional(),
  TRANSCRIBE_API_KEY: z.string().optional(),
  /** The server's speech-to-text model (`/v1/audio/transcriptions`). */
  TRANSCRIBE_MODEL: z
    .string()
    .regex(/^[\w.:/@+-]{1,128}$/, 'debe ser el nombre de un modelo de transcripción (1-128 caracteres sin espacios, por ejemplo whisper-1)')
    .default('whisper-1'),
  /** Transcriptions per user per local day (only the ones sent to the server count). */
  VOICE_TRANSCRIPTIONS_PER_DAY: wholeNumber(1, 10_000, 30),
  /** Upload attempts per user per minute (refused ones count too). */
  VOICE_REQUESTS_PER_MINUTE: wholeNumber(1, 10_000, 6),
  /** The whole call to the server, upload included; no retries. */
  VOICE_TIMEOUT_MS: wholeNumber(1_000, 120_000, 30_000),
};

type VoiceEnv = z.output<z.ZodObject<typeof VOICE_ENV_SHAPE>>;

export type VoiceConfig = {
  /** Where transcriptions go: TRANSCRIBE_BASE_URL and its key, or the coach's server (OPENAI_BASE_URL / OPENAI_API_KEY). */
  server: { baseURL: string | undefined; apiKey: string | undefined } | null;
  transcribeModel: string;
  transcriptionsPerDay: number;
  requestsPerMinute: number;
  timeoutMs: number;
};

export function voiceConfigFrom(env: VoiceEnv & { OPENAI_BASE_URL?: string | undefined; OPENAI_API_KEY?: string | undefined }): VoiceConfig {
  const server = env.TRANSCRIBE_BASE_URL
    ? { baseURL: env.TRANSCRIBE_BASE_URL, apiKey: env.TRANSCRIBE_API_KEY }
    : env.OPENAI_BASE_URL || env.OPENAI_API_KEY
      ? { baseURL: env.OPENAI_BASE_URL, apiKey: env.OPENAI_API_KEY }
      : null;
  return {
    server,
    transcribeModel: env.TRANSCRIBE_MODEL,
    transcriptionsPerDay: env.VOICE_TRANSCRIPTIONS_PER_DAY,
    requestsPerMinute: env.VOICE_REQUESTS_PER_MINUTE,
    timeoutMs: env.VOICE_TIMEOUT_MS,
  };
}

/** Fixed limits of an upload (the web recorder stops at 2:00; the bodies are kept in memory only). */
export const VOICE_LIMITS = {
  maxAudioBytes: 10 * 1024 * 1024,
  /** The multipart body around the file: boundaries, headers, a filename. */
  maxBodyBytes: 10 * 1024 * 1024 + 16 * 1024,
  maxSeconds: 120,
  /** Transcriptions of one user running at once. */
  concurrentPerUser: 1,
} as const;
