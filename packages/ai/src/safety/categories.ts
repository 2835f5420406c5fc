/**
 * The risk categories the screen tells apart. Each one has its own fixed answer and helplines
 * (./answers.ts). When a message fits several, the screen reports the most urgent (RISK_PRIORITY).
 *
 * - suicidal_active: thoughts or intent of killing oneself ("quiero suicidarme", "pienso en quitarme la vida").
 * - suicidal_passive: a wish to be dead or not to wake up, no method ("me quiero morir", "estarían mejor sin mí").
 * - self_harm: hurting oneself without a stated wish to die ("me corto", "me hago daño para sentir algo").
 * - partner_violence: violence or control by a partner or ex (violencia de género and partner violence).
 * - child_abuse: abuse of a minor: the person writing is a minor, or a child they know is being abused,
 *   or abuse suffered in childhood.
 * - immediate_danger: an act in progress or imminent (pills taken, "me voy a tirar", "esta noche"), or
 *   someone hurting the person right now.
 */
export const RISK_CATEGORIES = ['immediate_danger', 'suicidal_active', 'child_abuse', 'partner_violence', 'self_harm', 'suicidal_passive'] as const;

export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** Most urgent first: the order in which a message matching several categories is reported. */
export const RISK_PRIORITY: readonly RiskCategory[] = RISK_CATEGORIES;

export function isRiskCategory(value: unknown): value is RiskCategory {
  return typeof value === 'string' && (RISK_CATEGORIES as readonly string[]).includes(value);
}
