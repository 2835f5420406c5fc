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
