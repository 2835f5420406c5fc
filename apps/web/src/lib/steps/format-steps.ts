// Created on first use: the first Intl object of a locale loads its data (over 10 ms on a phone),
// work better done while rendering (in slices) than while the module is evaluated.
let numberFormat: Intl.NumberFormat | undefined;

/**
 * A step count in Spanish notation: "12.345". Spanish does not group four-digit numbers ("1250"),
 * as `Intl` does for es-ES.
 */
export function formatSteps(value: number): string {
  numberFormat ??= new Intl.NumberFormat('es-ES');
  return numberFormat.format(value);
}

/** "1 paso", "12.345 pasos". */
export function stepsLabel(value: number): string {
  return `${formatSteps(value)} ${value === 1 ? 'paso' : 'pasos'}`;
}

/** "+200 pasos". */
export function earnedStepsLabel(value: number): string {
  return `+${stepsLabel(value)}`;
}
