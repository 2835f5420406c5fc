/**
 * Crisis safety: a reviewed, typo-tolerant risk screen that runs before any model call, a fixed answer
 * with the right helplines per category. Careful mode, once the person chooses to go on, is the
 * `careful` flag of the coach's ReplyRequest (prompts.ts turn context, offline/engine.ts).
 * The pieces live in ./safety/; this is their public entry (`@ascenso/ai/safety`).
 */
export { RISK_CATEGORIES, isRiskCategory, type RiskCategory } from './safety/categories';
export { screenMessage, type ScreenResult } from './safety/screen';
export { SAFETY_ANSWERS, SAFETY_RESOURCES, looksEnglish, safetyAnswer, type SafetyAnswer, type SafetyResource } from './safety/answers';
export { normalise } from './safety/normalise';
export { CAREFUL_MODE_MS, carefulReminder } from './safety/careful';
export {
  CrisisOpinionSchema,
  SECOND_OPINION_TIMEOUT_MS,
  askSecondOpinion,
  secondOpinionMessages,
  type CrisisOpinion,
  type SecondOpinion,
} from './safety/second-opinion';

import { looksEnglish, safetyAnswer, type SafetyAnswer } from './safety/answers';
import { RISK_PRIORITY, type RiskCategory } from './safety/categories';
import { screenMessage } from './safety/screen';

/** Screens a message and, when it fires, returns its fixed answer (null otherwise). */
export function screenForSafety(text: string): (SafetyAnswer & { categories: RiskCategory[]; rules: string[] }) | null {
  const result = screenMessage(text);
  if (!result) return null;
  return {
    ...safetyAnswer(result.categories, { english: looksEnglish(text) }),
    categories: result.categories,
    rules: result.rules,
  };
}

/**
 * The fixed answer for families found another way (the model's second opinion, decision 036), in the
 * shape `screenForSafety` returns; `why` says where they came from, for logs.
 */
export function safetyForFamilies(
  families: readonly RiskCategory[],
  text: string,
  why: string,
): SafetyAnswer & { categories: RiskCategory[]; rules: string[] } {
  const categories = RISK_PRIORITY.filter((category) => families.includes(category));
  return { ...safetyAnswer(categories, { english: looksEnglish(text) }), categories, rules: [why] };
}
