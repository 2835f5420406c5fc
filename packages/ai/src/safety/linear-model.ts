import type { RiskCategory } from './categories';
import type { FeatureVector, VectorScaling } from './features';

/** A linear model as committed: 16-bit weights (little-endian, base64) times `scale`, plus `bias`. */
export type StoredLinearModel = { bias: number; scale: number; weights: string };

/** The crisis classifier as committed (`crisis-model.json`, written by scripts/train-crisis-model.ts). */
export type StoredCrisisModel = {
  format: 1;
  dimensions: number;
  /** How the feature vector was scaled when it was trained (./features.ts VECTOR_SCALING). */
  scaling: VectorScaling;
  /** SHA-256 of the files it was trained and thresholded on. */
  trainedOn: Record<string, string>;
  /** Probability from which the crisis model routes a message. */
  threshold: number;
  /**
   * How much the crisis model's log-odds are lowered for a message that holds no concept that is
   * evidence of a crisis (./concepts.ts), before the threshold; absent: such a message is never routed.
   */
  withoutEvidenceShift?: number;
  crisis: StoredLinearModel;
  families: Record<RiskCategory, StoredLinearModel>;
};

export type LinearModel = { bias: number; weights: Float32Array };

export function decodeLinearModel(stored: StoredLinearModel): LinearModel {
  const bytes = Buffer.from(stored.weights, 'base64');
  const ints = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const weights = new Float32Array(ints.length);
  for (let i = 0; i < ints.length; i += 1) weights[i] = (ints[i] as number) * stored.scale;
  return { bias: stored.bias, weights };
}

/**
 * w·x + b over a sparse feature vector. A model with fewer buckets than the features (a power of two) reads
 * them folded, index mod its size, as it was trained (scripts/train-crisis-model.ts).
 */
export function linearScore(model: LinearModel, features: FeatureVector): number {
  const mask = model.weights.length - 1;
  let sum = model.bias;
  for (let i = 0; i < features.indices.length; i += 1)
    sum += (model.weights[(features.indices[i] as number) & mask] as number) * (features.values[i] as number);
  return sum;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/**
 * A message of this many words or fewer that names no danger (no evidence concept) is never routed by the
 * classifier alone: two or three words without one carry too little for a statistical guess, and one
 * associated word decided it ("Mensaje 10" scored 0.97). On train and dev, no crisis of that shape was
 * caught by the classifier alone (decision 032); the rules still read every message.
 */
export const SHORT_WITHOUT_EVIDENCE = 4;

/**
 * A message of fewer different words than this is never routed by the classifier alone, whatever it names: one
 * word, or two, said once or 499 times ("cuchillo", "la cuerda", "pastillas"), is not a crisis a statistical model
 * can tell from a mention, and with NBSVM weights a means named alone scored above the threshold. On train and dev
 * no crisis had fewer than three different words (decision 032, one-concept addendum); the rules still read every
 * message, and route "me quiero morir" or "quiero matarme" on their own.
 */
export const FEWEST_DISTINCT_WORDS = 3;

/**
 * The probability the threshold is compared with (decision 032). A message with no concept that is
 * evidence of a crisis needs more: its log-odds are lowered by `withoutEvidenceShift`, chosen by writer
 * cross-validation on train. Once such a message was never routed ("no sé" scored 1.00 from its words
 * alone); with the everyday writers in train, a shift of 2 let through crises in words the concepts do
 * not know at the same false-alarm rate. Without a shift in the model, such a message is never routed, nor
 * is a short one (SHORT_WITHOUT_EVIDENCE). The training script, its cross-validation and the screen all
 * score through this function, so they share one rule.
 */
export function crisisProbability(
  score: number,
  message: Pick<FeatureVector, 'evidence' | 'words' | 'distinctWords'>,
  withoutEvidenceShift: number | undefined,
): number {
  if (message.distinctWords < FEWEST_DISTINCT_WORDS) return 0;
  if (message.evidence) return sigmoid(score);
  if (withoutEvidenceShift === undefined || message.words <= SHORT_WITHOUT_EVIDENCE) return 0;
  return sigmoid(score - withoutEvidenceShift);
}
