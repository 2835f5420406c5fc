import { useCallback, useEffect, useId, useReducer, useRef, useState, type ComponentProps } from 'react';
import { audioReducer, initialAudioState, playButton } from '#lib/audio/audio-machine';
import { useAudio } from '#lib/audio/audio-provider';
import { EMPTY_LISTEN_LOG, breakPlayback, completionPercentage, observePlayback, type ListenLog } from '../audio/listened-ranges';

/** The documented audio file (Opus in Ogg, served with byte ranges). */
export function audioSrc(meditationId: string): string {
  return `/api/meditations/${encodeURIComponent(meditationId)}/audio`;
}

export interface AudioEndInfo {
  /** The really heard share, 0–100 (sent as completion_percentage). */
  percentage: number;
}

/**
 * Binds one `<audio>` element to the player state machine and to the provider's "one audio at a time"
 * registry, and keeps the log of what was really heard. Spread `audioProps` on the element.
 */
export function useAudioPlayer({
  audioId,
  duration,
  title,
  onEnded,
  preload = 'metadata',
}: {
  audioId: string;
  /** 'none' where the player is secondary (Home): nothing is fetched until the user presses play. */
  preload?: 'none' | 'metadata';
  /** Catalogue duration in seconds (the file's own metadata replaces it once loaded). */
  duration: number;
  title: string;
  onEnded: (info: AudioEndInfo) => void;
}) {
  const { registry, currentKey } = useAudio();
  const key = useId();
  const ref = useRef<HTMLAudioElement>(null);
  const [state, dispatch] = useReducer(audioReducer, duration, initialAudioState);
  const log = useRef<ListenLog>(EMPTY_LISTEN_LOG);
  const [listened, setListened] = useState(0);
  const onEndedRef = useRef(onEnded);
  useEffect(() => {
    onEndedRef.current = onEnded;
  }, [onEnded]);

  useEffect(
    () =>
      registry.register(key, {
        audioId,
        pause: () => ref.current?.pause(),
      }),
    [registry, key, audioId],
  );

  const updateListened = useCallback((total: number) => {
    const percentage = completionPercentage(log.current, total);
    setListened((previous) => (Math.floor(previous) === Math.floor(percentage) ? previous : percentage));
  }, []);

  const play = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    element.play().catch((error: unknown) => {
      // A refused autoplay or an interrupted load is not a broken file; a broken file fires "error".
      console.warn('[audio] play() was refused', error);
    });
  }, []);

  const pause = useCallback(() => ref.current?.pause(), []);

  const toggle = useCallback(() => {
    if (state.status === 'playing') pause();
    else play();
  }, [pause, play, state.status]);

  const seek = useCallback(
    (seconds: number) => {
      const element = ref.current;
      if (!element) return;
      const total = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : state.duration;
      const target = Math.min(Math.max(0, seconds), Math.max(0, total - 0.25));
      log.current = breakPlayback(log.current);
      element.currentTime = target;
      dispatch({ type: 'TIME', position: target });
    },
    [state.duration],
  );

  // Lock-screen and headset controls where supported.
  useEffect(() => {
    if (state.status !== 'playing' || typeof navigator === 'undefined' || !('mediaSession' in navigator)) return;
    try {
      navigator.mediaSession.metadata = new MediaMetadata({ title, artist: 'Audio Ascenso', album: 'Ascenso' });
      navigator.mediaSession.setActionHandler('play', play);
      navigator.mediaSession.setActionHandler('pause', pause);
    } catch {
      // Optional API: nothing to do when unavailable.
    }
  }, [state.status, title, play, pause]);

  const audioProps: ComponentProps<'audio'> = {
    ref,
    src: audioSrc(audioId),
    preload,
    onPlaying: () => {
      dispatch({ type: 'PLAYING' });
      registry.started(key);
    },
    onPause: () => {
      log.current = breakPlayback(log.current);
      dispatch({ type: 'PAUSED' });
      registry.stopped(key);
    },
    onWaiting: () => dispatch({ type: 'WAITING' }),
    onSeeking: () => {
      log.current = breakPlayback(log.current);
    },
    onTimeUpdate: (event) => {
      const element = event.currentTarget;
      if (!element.paused && !element.seeking) {
        log.current = observePlayback(log.current, element.currentTime);
        updateListened(Number.isFinite(element.duration) ? element.duration : state.duration);
      }
      dispatch({ type: 'TIME', position: element.currentTime });
    },
    onLoadedMetadata: (event) => dispatch({ type: 'DURATION', duration: event.currentTarget.duration }),
    onDurationChange: (event) => dispatch({ type: 'DURATION', duration: event.currentTarget.duration }),
    onEnded: (event) => {
      const element = event.currentTarget;
      const total = Number.isFinite(element.duration) && element.duration > 0 ? element.duration : state.duration;
      log.current = breakPlayback(observePlayback(log.current, total));
      const percentage = completionPercentage(log.current, total);
      setListened(percentage);
      dispatch({ type: 'ENDED' });
      registry.stopped(key);
      element.currentTime = 0;
      onEndedRef.current({ percentage });
    },
    onError: (event) => {
      const error = event.currentTarget.error;
      console.warn('[audio] the audio file could not be loaded or played', error?.code, error?.message);
      dispatch({ type: 'LOAD_FAILED' });
      registry.stopped(key);
    },
  };

  return {
    state,
    button: playButton(state),
    /** True when this player is the app's currently playing audio. */
    isCurrent: currentKey === key,
    listened,
    audioProps,
    play,
    pause,
    toggle,
    seek,
  };
}
