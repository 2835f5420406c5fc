/**
 * A one-hidden-layer network over the crisis classifier's hashed features (decision 032, learner addendum), for
 * experiments in ./crisis-cv.ts:
 *
 *   a = W1ᵀx + b1 (x folded onto `dimensions` buckets), h = max(a, 0), s = w2·h + b2, p = σ(s)
 *
 * trained by stochastic gradient descent on the log loss, one example at a time, with a step that falls linearly
 * to zero over the run (as fastText trains its embedding bags). The first layer is an embedding bag: a message
 * touches only the rows of W1 its buckets name, so an update costs (buckets × hidden), not (all buckets × hidden).
 *
 * Why not train it with TensorFlow.js directly: its pure-JS CPU backend computes the gradient of a gather as an
 * unsorted segment sum that loops over every row of the table (16 384 passes over the batch per step), and a dense
 * first layer is a 2^14 × hidden matrix product per example; either takes hours for one fold here. So, as
 * ./sparse-logistic.ts does for stdlib, this applies the update by hand and `sparse-mlp.test.ts` checks it against
 * TensorFlow.js's own gradients and SGD optimiser on the same examples (`@tensorflow/tfjs`'s public API, CPU backend), which
 * stays the reference for what the update is. Deterministic: a seeded initialisation, the caller's seeded order.
 */
import type { SparseVector } from './sparse-logistic';
import { seeded } from './crisis-typos';

export type SparseMlpOptions = {
  /** Buckets of the first layer; a power of two (a vector's index i is read as i & (dimensions - 1)). */
  dimensions: number;
  hidden: number;
  /** Initialisation: W1 uniform in ±init1 (pre-activations of a vector of length 1 then have sd init1/√3·…). */
  init1: number;
  seed: number;
};

export type MlpWeights = { dimensions: number; hidden: number; w1: Float32Array; b1: Float32Array; w2: Float32Array; b2: number };

export class SparseMlp {
  readonly dimensions: number;
  readonly hidden: number;
  readonly #mask: number;
  /** Row-major by bucket: the hidden units of bucket j are w1[j*hidden … j*hidden+hidden-1]. */
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  b2 = 0;
  readonly #a: Float64Array;

  constructor(options: SparseMlpOptions) {
    if (options.dimensions <= 0 || (options.dimensions & (options.dimensions - 1)) !== 0) throw new RangeError('dimensions must be a power of two');
    this.dimensions = options.dimensions;
    this.hidden = options.hidden;
    this.#mask = options.dimensions - 1;
    const random = seeded(options.seed);
    this.w1 = Float32Array.from({ length: options.dimensions * options.hidden }, () => (2 * random() - 1) * options.init1);
    // A small positive bias keeps most units alive at the start.
    this.b1 = new Float32Array(options.hidden).fill(0.01);
    const bound = 1 / Math.sqrt(options.hidden);
    this.w2 = Float32Array.from({ length: options.hidden }, () => (2 * random() - 1) * bound);
    this.#a = new Float64Array(options.hidden);
  }

  /** Pre-activations into this.#a; returns the logit s. */
  #forward(x: SparseVector): number {
    const h = this.hidden;
    const a = this.#a;
    for (let k = 0; k < h; k += 1) a[k] = this.b1[k] as number;
    for (let i = 0; i < x.indices.length; i += 1) {
      const row = ((x.indices[i] as number) & this.#mask) * h;
      const v = x.values[i] as number;
      for (let k = 0; k < h; k += 1) a[k] = (a[k] as number) + v * (this.w1[row + k] as number);
    }
    let s = this.b2;
    for (let k = 0; k < h; k += 1) if ((a[k] as number) > 0) s += (this.w2[k] as number) * (a[k] as number);
    return s;
  }

  /** The logit s (before the sigmoid). */
  score(x: SparseVector): number {
    return this.#forward(x);
  }

  /**
   * One SGD step on one example (label +1 or -1) with step `eta`; `weight` scales the gradient. `l2` decays the
   * rows the example touches, the hidden biases and the output layer (a lazy weight decay; 0 for the exact
   * gradient step the test compares with TensorFlow.js).
   */
  update(x: SparseVector, label: 1 | -1, eta: number, weight = 1, l2 = 0): void {
    const h = this.hidden;
    const s = this.#forward(x);
    const a = this.#a;
    // d loss / d s for the log loss log(1 + exp(-y s)).
    const g = (-label / (1 + Math.exp(label * s))) * weight;
    const decay = 1 - eta * l2;
    // Hidden deltas first (they need w2 before its update).
    const delta = new Float64Array(h);
    for (let k = 0; k < h; k += 1) delta[k] = (a[k] as number) > 0 ? g * (this.w2[k] as number) : 0;
    for (let k = 0; k < h; k += 1) {
      const ak = a[k] as number;
      this.w2[k] = (this.w2[k] as number) * decay - eta * g * (ak > 0 ? ak : 0);
      this.b1[k] = (this.b1[k] as number) - eta * (delta[k] as number);
    }
    this.b2 -= eta * g;
    for (let i = 0; i < x.indices.length; i += 1) {
      const row = ((x.indices[i] as number) & this.#mask) * h;
      const step = eta * (x.values[i] as number);
      for (let k = 0; k < h; k += 1) {
        const d = delta[k] as number;
        this.w1[row + k] = (this.w1[row + k] as number) * decay - step * d;
      }
    }
  }

  weights(): MlpWeights {
    return { dimensions: this.dimensions, hidden: this.hidden, w1: this.w1, b1: this.b1, w2: this.w2, b2: this.b2 };
  }
}

/**
 * The forward pass as the shipped screen would run it, from weights alone (a few multiply-adds per bucket).
 * `quantised` weights (./sparse-mlp.ts quantiseMlp) are read through their per-unit scales.
 */
export function mlpScore(model: MlpWeights, x: SparseVector): number {
  const h = model.hidden;
  const mask = model.dimensions - 1;
  const a = Float64Array.from(model.b1);
  for (let i = 0; i < x.indices.length; i += 1) {
    const row = ((x.indices[i] as number) & mask) * h;
    const v = x.values[i] as number;
    for (let k = 0; k < h; k += 1) a[k] = (a[k] as number) + v * (model.w1[row + k] as number);
  }
  let s = model.b2;
  for (let k = 0; k < h; k += 1) if ((a[k] as number) > 0) s += (model.w2[k] as number) * (a[k] as number);
  return s;
}

/**
 * The weights as they would be committed: W1 as `bits`-bit integers with one scale per hidden unit (its column),
 * decoded back to floats, so the cross-validation scores what would ship. Returns the stored bytes too.
 */
export function quantiseMlp(model: MlpWeights, bits: 8 | 16): { model: MlpWeights; bytes: number } {
  const h = model.hidden;
  const top = bits === 8 ? 127 : 32767;
  const scales = new Float64Array(h);
  for (let j = 0; j < model.dimensions; j += 1)
    for (let k = 0; k < h; k += 1) scales[k] = Math.max(scales[k] as number, Math.abs(model.w1[j * h + k] as number));
  for (let k = 0; k < h; k += 1) scales[k] = (scales[k] as number) / top || 1;
  const w1 = new Float32Array(model.w1.length);
  for (let j = 0; j < model.dimensions; j += 1)
    for (let k = 0; k < h; k += 1) w1[j * h + k] = Math.round((model.w1[j * h + k] as number) / (scales[k] as number)) * (scales[k] as number);
  // The integers, then h scales, h biases, h output weights and the output bias as 32-bit floats.
  const bytes = (model.dimensions * h * bits) / 8 + (3 * h + 1) * 4;
  return { model: { ...model, w1 }, bytes };
}
