/**
 * Optional practice cues, off by default: soft tones (WebAudio, no files) and short vibrations where
 * the device supports them. The audio context is created on a user gesture (turning sound on, or
 * starting), as browsers require.
 */

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context ??= new Ctor();
  return context;
}

/** Call from a click handler so later tones may play. */
export function unlockTones(): void {
  const ctx = audioContext();
  if (ctx && ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
}

export function tonesSupported(): boolean {
  return typeof window !== 'undefined' && ('AudioContext' in window || 'webkitAudioContext' in window);
}

/**
 * A soft sine tone with a gentle attack and release (no clicks). `glideTo` slides the pitch, e.g. up
 * for an inhale and down for an exhale.
 */
export function playTone({
  frequency,
  glideTo,
  seconds = 0.6,
  volume = 0.12,
}: {
  frequency: number;
  glideTo?: number;
  seconds?: number;
  volume?: number;
}): void {
  const ctx = audioContext();
  if (!ctx || ctx.state !== 'running') return;
  try {
    const start = ctx.currentTime;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(frequency, start);
    if (glideTo) oscillator.frequency.exponentialRampToValueAtTime(glideTo, start + seconds);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.06);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + seconds + 0.05);
  } catch (error) {
    console.warn('[cues] could not play a tone', error);
  }
}

export function vibrationSupported(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function';
}

export function vibrate(pattern: number | number[]): void {
  if (!vibrationSupported()) return;
  try {
    navigator.vibrate(pattern);
  } catch {
    // Some browsers throw without a recent user gesture: a cue is never worth an error.
  }
}
