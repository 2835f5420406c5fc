import { createContext, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createAudioRegistry, type AudioRegistry } from './audio-machine';

interface AudioContextValue {
  registry: AudioRegistry;
  /** The audio playing now (a meditation id), or null. */
  currentAudioId: string | null;
  /** The player playing now, or null. */
  currentKey: string | null;
  pauseAll: () => void;
}

const AudioContext = createContext<AudioContextValue | null>(null);

/**
 * Audio Ascenso playback for the signed-in app (spec §4 "Audio player"): one audio at a time across
 * every player on screen, the "currently playing" marker, and pause-all.
 */
export function AudioProvider({ children }: { children: ReactNode }) {
  const [registry] = useState(createAudioRegistry);
  const current = useSyncExternalStore(registry.subscribe, registry.getCurrent, registry.getCurrent);
  const value = useMemo<AudioContextValue>(
    () => ({
      registry,
      currentAudioId: current?.audioId ?? null,
      currentKey: current?.key ?? null,
      pauseAll: registry.pauseAll,
    }),
    [registry, current],
  );
  return <AudioContext.Provider value={value}>{children}</AudioContext.Provider>;
}

/** The shared audio state; throws outside an AudioProvider (spec §8). */
export function useAudio(): AudioContextValue {
  const value = useContext(AudioContext);
  if (!value) throw new Error('useAudio debe usarse dentro de un AudioProvider');
  return value;
}
