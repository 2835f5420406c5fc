import { cycleSeconds, phaseAt, type BreathPhase, type BreathPhaseKind } from '@ascenso/domain/breathing';

/** Circle scale at empty and full lungs (1 = the outer ring). */
export const PACER_MIN_SCALE = 0.55;
export const PACER_MAX_SCALE = 1;
/** After a short inhale that a second "inhala un poco más" tops up (cyclic sighing). */
export const PACER_TOP_UP_FROM = 0.86;

type Pattern = { phases: readonly BreathPhase[] };

export interface PacerView {
  /** Index of the phase in the cycle. */
  phaseIndex: number;
  kind: BreathPhaseKind;
  /** The word shown and announced: "Inhala", "Mantén", "Exhala", "Inhala un poco más". */
  word: string;
  /** Whole seconds left in the phase, for the countdown (never 0 while the phase runs). */
  countdown: number;
  /** 0–1 through the phase. */
  phaseProgress: number;
  /** Circle scale (PACER_MIN_SCALE–PACER_MAX_SCALE). */
  scale: number;
  /** Completed breaths. */
  cycles: number;
  /** A number that changes exactly when the phase changes (cycle × phases + index): drives cues. */
  step: number;
}

function easeInOut(t: number): number {
  return 0.5 - Math.cos(Math.PI * Math.min(1, Math.max(0, t))) / 2;
}

/** The circle's size at the start and the end of each phase of the cycle. */
export function phaseLevels(pattern: Pattern): Array<{ from: number; to: number }> {
  let level = PACER_MIN_SCALE;
  return pattern.phases.map((phase, index) => {
    const next = pattern.phases[index + 1];
    const from = level;
    let to = level;
    if (phase.kind === 'inhale') to = next?.kind === 'inhale-top' ? PACER_TOP_UP_FROM : PACER_MAX_SCALE;
    else if (phase.kind === 'inhale-top') to = PACER_MAX_SCALE;
    else if (phase.kind === 'exhale') to = PACER_MIN_SCALE;
    level = to;
    return { from, to };
  });
}

/** Where the pacer is after `elapsedSeconds` of practice (paused time already excluded). */
export function pacerAt(pattern: Pattern, elapsedSeconds: number): PacerView {
  const at = phaseAt(pattern, Math.max(0, elapsedSeconds));
  const levels = phaseLevels(pattern);
  const { from, to } = levels[at.index] ?? { from: PACER_MIN_SCALE, to: PACER_MIN_SCALE };
  const phaseProgress = at.phase.seconds > 0 ? 1 - at.remaining / at.phase.seconds : 1;
  return {
    phaseIndex: at.index,
    kind: at.phase.kind,
    word: at.phase.label,
    countdown: Math.max(1, Math.ceil(at.remaining - 1e-9)),
    phaseProgress,
    scale: from + (to - from) * easeInOut(phaseProgress),
    cycles: at.cycles,
    step: at.cycles * pattern.phases.length + at.index,
  };
}

/** "4-4-4-4", "4-7-8", "5,5-5,5", "2-1-6": the rhythm in seconds, as people name the patterns. */
export function rhythmLabel(pattern: Pattern): string {
  return pattern.phases.map((p) => String(p.seconds).replace('.', ',')).join('-');
}

/** Breaths in a practice of `minutes`. */
export function breathsIn(pattern: Pattern, minutes: number): number {
  return Math.floor((minutes * 60) / cycleSeconds(pattern));
}

/** Remaining practice, in seconds, for a chosen length. */
export function remainingSeconds(totalSeconds: number, elapsedSeconds: number): number {
  return Math.max(0, Math.ceil(totalSeconds - elapsedSeconds - 1e-9));
}
