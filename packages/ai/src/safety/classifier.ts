import { RISK_CATEGORIES, type RiskCategory } from './categories';
import stored from './crisis-model.json' with { type: 'json' };
import { featuresOfNormalised } from './features';
import { normalise } from './normalise';
import { crisisProbability, decodeLinearModel, linearScore, sigmoid, type StoredCrisisModel } from './linear-model';

/**
 * The crisis classifier (decision 032): logistic regression over hashed words and character n-grams,
 * trained by scripts/train-crisis-model.ts on the writers of `eval/crisis/train.jsonl` and `dev.jsonl`, its
 * threshold chosen on their hard negatives, each scored by a model that never read its writer. The weights are
 * decoded once, when this module loads.
 */
const model = stored as StoredCrisisModel;
const crisisModel = decodeLinearModel(model.crisis);
const familyModels = RISK_CATEGORIES.map((family) => ({ family, model: decodeLinearModel(model.families[family]) }));

export type Classification = {
  /**
   * Probability that the message is a crisis, as compared with the threshold: for a message without a
   * concept that is evidence of a crisis, with its log-odds lowered first, and 0 when it is also short
   * (./linear-model.ts, decision 032).
   */
  probability: number;
  /** Whether it reaches the threshold (chosen on train's and dev's writers, each held out). */
  routed: boolean;
  /** The families, most likely first, each with the probability of its one-vs-rest model. */
  families: Array<{ family: RiskCategory; probability: number }>;
};

export function classifyMessage(text: string): Classification {
  return classifyNormalised(normalise(text));
}

/** The same for a message already normalised (./normalise.ts), as the screen reads it once for both layers. */
export function classifyNormalised(normalised: string): Classification {
  const features = featuresOfNormalised(normalised);
  const probability = crisisProbability(linearScore(crisisModel, features), features, model.withoutEvidenceShift);
  const families = familyModels
    .map(({ family, model: m }) => ({ family, probability: sigmoid(linearScore(m, features)) }))
    .sort((a, b) => b.probability - a.probability);
  return { probability, routed: probability >= model.threshold, families };
}
