/**
 * The risk families the screen tells apart (decision 032). Each one has its own fixed answer and
 * helplines (./answers.ts). When a message fits several, the screen reports the most urgent
 * (RISK_PRIORITY) and the answer carries the helplines of all of them.
 *
 * - immediate_danger: an act in progress or imminent ("estoy en el puente", "me he tomado la caja").
 * - suicidal_active: thoughts or intent of killing oneself, above all with a plan, a time or a means.
 * - overdose_poisoning: too much of a medicine, a drug or alcohol, or a chemical swallowed, by the person or
 *   someone with them.
 * - medical_emergency: acute physical danger without suicidal intent (chest pain, can't breathe, a stroke).
 * - other_in_danger: someone else in danger now (a friend who took pills and does not answer).
 * - child_abuse: abuse of a minor, told by the minor or by a worried adult.
 * - partner_violence: violence or control by a partner or ex (violencia de género and partner violence).
 * - self_harm: hurting oneself without a stated wish to die ("me corto", "he vuelto a quemarme").
 * - eating_disorder_danger: restriction, purging or laxatives with a danger to health or life.
 * - suicidal_passive: a wish to be dead or not to wake up, no plan ("estarían mejor sin mí").
 */
export const RISK_CATEGORIES = [
  'immediate_danger',
  'suicidal_active',
  'overdose_poisoning',
  'medical_emergency',
  'other_in_danger',
  'child_abuse',
  'partner_violence',
  'self_harm',
  'eating_disorder_danger',
  'suicidal_passive',
] as const;

export type RiskCategory = (typeof RISK_CATEGORIES)[number];

/** Most urgent first: the order in which a message matching several categories is reported. */
export const RISK_PRIORITY: readonly RiskCategory[] = RISK_CATEGORIES;

export function isRiskCategory(value: unknown): value is RiskCategory {
  return typeof value === 'string' && (RISK_CATEGORIES as readonly string[]).includes(value);
}
