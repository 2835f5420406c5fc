import { displayDuration } from '../utils/today-card';
import { useAudioCompletion } from './use-audio-completion';
import { useAudioPlayer } from './use-audio-player';

/**
 * One audio's player wired to its completion: when it ends, what was heard is recorded (spec §7) and
 * the note says how it went. `preload: 'none'` keeps a page from downloading the audio before play.
 */
export function useMeditationPlayer(
  meditation: { id: string; title: string; duration: number },
  { isToday, preload }: { isToday: boolean; preload?: 'none' | 'metadata' },
) {
  const duration = displayDuration(meditation.duration);
  const completion = useAudioCompletion();
  const player = useAudioPlayer({
    audioId: meditation.id,
    duration,
    title: meditation.title,
    preload,
    onEnded: ({ percentage }) => void completion.complete({ meditationId: meditation.id, isToday, percentage }),
  });
  return { duration, player, note: completion.note };
}
