/**
 * The audio player's state machine (product spec §4 "Audio player"), framework-free.
 *
 *   idle ──PLAYING──> playing ──PAUSED──> paused ──PLAYING──> playing
 *                        │                                       │
 *                      ENDED ──> ended (position back to 0; completion handling runs)
 *   any ──LOAD_FAILED──> error (play disabled; only logged) ──SOURCE_CHANGED──> idle
 *
 * The element is the source of truth: the machine moves on the element's own events ("playing",
 * "pause", "ended", "error"), so what the screen shows is what is heard.
 */

export type AudioStatus = 'idle' | 'playing' | 'paused' | 'error' | 'ended';

export interface AudioState {
  status: AudioStatus;
  /** Seconds into the audio. */
  position: number;
  /** Seconds, from the file's metadata once known (else the catalogue's figure). */
  duration: number;
  /** True while playback waits for data (shown as a spinner, not a state of its own). */
  buffering: boolean;
}

export type AudioEvent =
  | { type: 'PLAYING' }
  | { type: 'PAUSED' }
  | { type: 'ENDED' }
  | { type: 'LOAD_FAILED' }
  | { type: 'WAITING' }
  | { type: 'TIME'; position: number }
  | { type: 'DURATION'; duration: number }
  | { type: 'SOURCE_CHANGED'; duration: number };

export function initialAudioState(duration: number): AudioState {
  return { status: 'idle', position: 0, duration, buffering: false };
}

export function audioReducer(state: AudioState, event: AudioEvent): AudioState {
  if (event.type === 'SOURCE_CHANGED') return initialAudioState(event.duration);
  // A load failure is final for this source: nothing else moves the machine out of it.
  if (state.status === 'error') return state;

  switch (event.type) {
    case 'PLAYING':
      return { ...state, status: 'playing', buffering: false };
    case 'PAUSED':
      // "pause" also fires just before "ended"; the end decides, so only a playing audio pauses.
      return state.status === 'playing' ? { ...state, status: 'paused', buffering: false } : state;
    case 'ENDED':
      return { ...state, status: 'ended', position: 0, buffering: false };
    case 'LOAD_FAILED':
      return { ...state, status: 'error', buffering: false };
    case 'WAITING':
      return state.status === 'playing' ? { ...state, buffering: true } : state;
    case 'TIME': {
      const position = clamp(event.position, 0, state.duration || event.position);
      return position === state.position ? state : { ...state, position };
    }
    case 'DURATION':
      return Number.isFinite(event.duration) && event.duration > 0 && event.duration !== state.duration ? { ...state, duration: event.duration } : state;
  }
}

/** The play button's job in each state: error disables it. */
export function playButton(state: AudioState): { action: 'play' | 'pause'; label: string; disabled: boolean } {
  if (state.status === 'error') return { action: 'play', label: 'Audio no disponible', disabled: true };
  if (state.status === 'playing') return { action: 'pause', label: 'Pausar', disabled: false };
  if (state.status === 'paused') return { action: 'play', label: 'Continuar', disabled: false };
  return { action: 'play', label: 'Reproducir', disabled: false };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * "Only one audio at a time" (spec §4): the provider's registry of players. Playing one marks it as
 * the current audio and pauses the previous; pausing the current one clears the marker; pause-all
 * pauses every player.
 */
export interface AudioPlayerHandle {
  /** Which audio this player plays (a meditation id). */
  audioId: string;
  pause(): void;
}

export interface AudioRegistry {
  register(key: string, handle: AudioPlayerHandle): () => void;
  /** A player started: it becomes the current audio; the previous one is paused. */
  started(key: string): void;
  /** A player paused, ended or failed: if it was the current audio, the marker clears. */
  stopped(key: string): void;
  pauseAll(): void;
  /** The current player's key and audio id, or null. */
  getCurrent(): { key: string; audioId: string } | null;
  subscribe(listener: () => void): () => void;
}

export function createAudioRegistry(): AudioRegistry {
  const players = new Map<string, AudioPlayerHandle>();
  const listeners = new Set<() => void>();
  let current: { key: string; audioId: string } | null = null;

  const setCurrent = (next: { key: string; audioId: string } | null) => {
    if (current?.key === next?.key && current?.audioId === next?.audioId) return;
    current = next;
    for (const listener of [...listeners]) listener();
  };

  return {
    register(key, handle) {
      players.set(key, handle);
      return () => {
        if (players.get(key) === handle) players.delete(key);
        if (current?.key === key) setCurrent(null);
      };
    },
    started(key) {
      const handle = players.get(key);
      if (!handle) return;
      const previous = current;
      setCurrent({ key, audioId: handle.audioId });
      if (previous && previous.key !== key) players.get(previous.key)?.pause();
    },
    stopped(key) {
      if (current?.key === key) setCurrent(null);
    },
    pauseAll() {
      for (const handle of players.values()) handle.pause();
      setCurrent(null);
    },
    getCurrent: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
