import { createTranscriber, type Transcriber } from '@ascenso/ai/transcription';
import type { Deps } from '../../deps';
import { VOICE_LIMITS } from './voice-config';

const transcribers = new WeakMap<Deps, Transcriber | null>();

/** The transcriber on the configured OpenAI-compatible server (TRANSCRIBE_MODEL), or null without one. */
export function voiceTranscriber(deps: Deps): Transcriber | null {
  if (!transcribers.has(deps)) {
    const { server, transcribeModel, timeoutMs } = deps.config.voice;
    transcribers.set(deps, server ? createTranscriber({ ...server, model: transcribeModel, timeoutMs }) : null);
  }
  return transcribers.get(deps) ?? null;
}

/** What the web app needs before it offers voice: whether this server can transcribe, and the limits. */
export type VoiceCapability = { available: boolean; maxSeconds: number; maxBytes: number };

export function voiceCapability(deps: Deps): VoiceCapability {
  return { available: voiceTranscriber(deps) !== null, maxSeconds: VOICE_LIMITS.maxSeconds, maxBytes: VOICE_LIMITS.maxAudioBytes };
}
