import type { RiskCategory } from './categories';
import type { FeatureVector } from './features';

/** A linear model as committed: 16-bit weights (little-endian, base64) times `scale`, plus `bias`. */
export type StoredLinearModel = { bias: number; scale: number; weights: string };

/** The crisis classifier as committed (`crisis-model.json`, written by scripts/train-crisis-model.ts). */
export type StoredCrisisModel = {
  format: 1;
  dimensions: number;
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

/** w·x + b over a sparse feature vector. */
export function linearScore(model: LinearModel, features: FeatureVector): number {
  let sum = model.bias;
  for (let i = 0; i < features.indices.length; i += 1) sum += (model.weights[features.indices[i] as number] as number) * (features.values[i] as number);
  return sum;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/**
 * The probability the threshold is compared with (decision 032). A message with no concept that is
 * evidence of a crisis needs more: its log-odds are lowered by `withoutEvidenceShift`, chosen by writer
 * cross-validation on train. Once such a message was never routed ("no sé" scored 1.00 from its words
 * alone); with the everyday writers in train, a shift of 2 let through crises in words the concepts do
 * not know at the same false-alarm rate. Without a shift in the model, such a message is never routed.
 */
export function crisisProbability(score: number, evidence: boolean, withoutEvidenceShift: number | undefined): number {
  if (evidence) return sigmoid(score);
  return withoutEvidenceShift === undefined ? 0 : sigmoid(score - withoutEvidenceShift);
}
