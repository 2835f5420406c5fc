import type { EnergyFactor } from '@ascenso/domain/assessment';
import type { CoachingProfile } from '@ascenso/domain/assessment-profile';
import { energyBars, type EnergyBar } from './energy-chart';

/** The coaching profile keeps only the rated factors (drains, boosters, neutral); the rest are "sin puntuar". */
export function profileEnergyBars(energy: CoachingProfile['energy']): EnergyBar[] {
  const scores: Partial<Record<EnergyFactor, number>> = {};
  for (const reading of [...energy.drains, ...energy.neutral, ...energy.boosters]) scores[reading.factor] = reading.score;
  return energyBars(scores);
}
