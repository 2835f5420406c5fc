import { RISK_PRIORITY, type RiskCategory } from './categories';
import { classifyNormalised, type Classification } from './classifier';
import { normalise } from './normalise';
import { screenNormalisedWithRules } from './rules-screen';

export type ScreenResult = {
  /** The most urgent category found. */
  category: RiskCategory;
  /** Every category found, most urgent first. */
  categories: RiskCategory[];
  /** Why it fired, for logs and review (never shown to the user): rule ids, and `classifier:<p>`. */
  rules: string[];
};

/**
 * A family the classifier finds this likely is added to the answer's helplines (chosen on dev), when the
 * classifier routed the message itself. On a message only the rules routed, its guesses beyond the most likely
 * family are not evidence: "tengo ganas de morir" (four words, no concept) had self-harm at 0.51 beside
 * passive suicidal thoughts at 0.58, and self-harm would have led the answer. On train and dev the same crises
 * get their helpline either way (decision 032).
 */
const SECOND_FAMILY_PROBABILITY = 0.5;

/**
 * The families an answer carries: those of the rules that fired and the classifier's most likely family, most
 * urgent first (the first leads the answer), then, when the classifier routed the message, any other family it
 * finds likely, which adds its helplines but never leads: "Mi pareja me pega y tengo miedo de volver a casa" is
 * partner violence (0.91) that also reads a little like a child afraid to go home (0.75), and must open with 016,
 * not with ANAR. Shared with the cross-validation script (scripts/crisis-cv.ts), so its figures follow the screen.
 */
export function answerFamilies(ruleFamilies: readonly RiskCategory[], classifierFamilies: Classification['families'], routed: boolean): RiskCategory[] {
  const found = new Set<RiskCategory>(ruleFamilies);
  const [top, ...others] = classifierFamilies;
  if (top) found.add(top.family);
  const also = new Set<RiskCategory>();
  if (routed) for (const other of others) if (other.probability >= SECOND_FAMILY_PROBABILITY && !found.has(other.family)) also.add(other.family);
  return [...RISK_PRIORITY.filter((category) => found.has(category)), ...RISK_PRIORITY.filter((category) => also.has(category))];
}

/**
 * The risk screen (decision 032), two layers, either of which routes a message:
 * - the reviewed rules (./rules.ts), explainable and typo-tolerant;
 * - the classifier (./classifier.ts), trained on other writers' messages, when the probability of a
 *   crisis reaches the threshold chosen on held-out writers.
 *
 * The families: those of the rules that fired, the classifier's most likely family, and any other family
 * it finds likely; the most urgent leads the answer and every family adds its helplines. Null when
 * neither layer fires. Deterministic and synchronous; it runs before any model call.
 */
export function screenMessage(text: string): ScreenResult | null {
  // Both layers read the message as normalised once; the classifier reads it without markup (withoutMarkup).
  const normalised = normalise(text);
  const rules = screenNormalisedWithRules(normalised);
  const markupless = withoutMarkup(text);
  const classification = classifyNormalised(markupless === text ? normalised : normalise(markupless));
  if (!rules && !classification.routed) return null;
  const categories = answerFamilies(rules?.categories ?? [], classification.families, classification.routed);
  const why = [...(rules?.rules ?? [])];
  if (classification.routed) why.push(`classifier:${classification.probability.toFixed(2)}`);
  return { category: categories[0] as RiskCategory, categories, rules: why };
}

/**
 * The message without HTML or XML tags (`<img src=…>`, `</div>`), for the classifier only: no writer of the corpus
 * wrote markup, so its attribute names and file names are words the model never learnt to weigh, and with NBSVM
 * weights four of 541 XSS test vectors scored as crises (decision 032, addendum of 2026-12-01). The rules still
 * read the whole message, and "<3" or "a < b" are not tags.
 */
export function withoutMarkup(text: string): string {
  return text.includes('<') ? text.replace(/<\/?[a-z][^<>]*>/gi, ' ') : text;
}
