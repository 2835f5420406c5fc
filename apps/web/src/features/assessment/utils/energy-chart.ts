import { ENERGY_FACTORS } from '@ascenso/domain/assessment-options';
import type { EnergyFactor } from '@ascenso/domain/assessment';

/** Section 6 scale: 1 drains … 5 energises; 0 = not answered ("sin puntuar"). */
export type EnergyDirection = 'drain' | 'neutral' | 'boost' | 'unrated';

export interface EnergyBar {
  factor: EnergyFactor;
  label: string;
  score: number;
  direction: EnergyDirection;
  /** Distance from the neutral midpoint (3): 0, 1 or 2. */
  magnitude: number;
}

const SCORE_WORDS: Record<number, string> = {
  0: 'sin puntuar',
  1: 'te agota mucho',
  2: 'te agota',
  3: 'neutral',
  4: 'te da energía',
  5: 'te da mucha energía',
};

export function scoreWords(score: number): string {
  return SCORE_WORDS[score] ?? SCORE_WORDS[0]!;
}

/** One bar per factor, in the questionnaire's order; unanswered (or out-of-range) factors are "sin puntuar". */
export function energyBars(scores: Partial<Record<EnergyFactor, number>>): EnergyBar[] {
  return ENERGY_FACTORS.list.map(({ value, label }) => {
    const factor = value as EnergyFactor;
    const raw = scores[factor] ?? 0;
    const score = Number.isInteger(raw) && raw >= 1 && raw <= 5 ? raw : 0;
    const direction: EnergyDirection = score === 0 ? 'unrated' : score < 3 ? 'drain' : score > 3 ? 'boost' : 'neutral';
    return { factor, label, score, direction, magnitude: score === 0 ? 0 : Math.abs(score - 3) };
  });
}

/** Text alternative for the chart (its aria-label). */
export function energyChartLabel(bars: readonly EnergyBar[]): string {
  const parts = bars.map((bar) => (bar.score === 0 ? `${bar.label}: sin puntuar` : `${bar.label}: ${bar.score} (${scoreWords(bar.score)})`));
  return `Lo que te agota y lo que te da energía, de 1 (te agota) a 5 (te da energía). ${parts.join('; ')}.`;
}
