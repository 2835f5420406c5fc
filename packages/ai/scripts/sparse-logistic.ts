/**
 * Logistic regression by stochastic gradient descent over sparse vectors: the update of stdlib's
 * incremental binary classification (`@stdlib/ml-incr-binary-classification`, log loss, constant step,
 * L2 through a running scale factor, intercept regularised with the weights), applied to the buckets a
 * message holds instead of all of them.
 *
 * Why not the library itself (decision 032): its public API takes a dense ndarray, so each update walks every
 * bucket. At 2^16 buckets and 23 000 examples the training script took 25 minutes with it; this takes
 * seconds. `sparse-logistic.test.ts` trains both on the same examples and checks that they predict the same
 * linear scores, so stdlib stays the reference for what the update is.
 */

/** A sparse vector: bucket indices and their values (indices may exceed the model's size: they are folded). */
export type SparseVector = { indices: ArrayLike<number>; values: ArrayLike<number> };

export type SparseLogisticOptions = {
  /** Buckets; a power of two. A vector's index i is read as i & (dimensions - 1). */
  dimensions: number;
  lambda: number;
  learningRate: number;
};

/** The library's bounds on its scale factor (model.js: MIN_SCALING_FACTOR, MIN_SCALE). */
const MIN_SCALING_FACTOR = 1e-7;
const MIN_SCALE = 1e-11;

export class SparseLogistic {
  readonly #mask: number;
  readonly #dimensions: number;
  readonly #options: SparseLogisticOptions;
  /** The weights before the scale factor; the intercept last. */
  readonly #raw: Float64Array;
  #scale = 1;

  constructor(options: SparseLogisticOptions) {
    if (options.dimensions <= 0 || (options.dimensions & (options.dimensions - 1)) !== 0) throw new RangeError('dimensions must be a power of two');
    this.#options = options;
    this.#dimensions = options.dimensions;
    this.#mask = options.dimensions - 1;
    this.#raw = new Float64Array(options.dimensions + 1);
  }

  #dot(x: SparseVector): number {
    let sum = 0;
    for (let i = 0; i < x.indices.length; i += 1) sum += (this.#raw[(x.indices[i] as number) & this.#mask] as number) * (x.values[i] as number);
    return (sum + (this.#raw[this.#dimensions] as number)) * this.#scale;
  }

  /** The linear predictor w·x + b. */
  score(x: SparseVector): number {
    return this.#dot(x);
  }

  /** One update on an example with label +1 or -1 (a weight scales its gradient: 1 is the library's update). */
  update(x: SparseVector, label: 1 | -1, weight = 1): void {
    const eta = this.#options.learningRate;
    if (this.#options.lambda > 0) {
      // stdlib 0.1.0 folds the scale into the weights but not into the intercept here; this folds both. With
      // the training script's step and λ the scale never gets this small.
      if (this.#scale < MIN_SCALE) {
        for (let i = 0; i <= this.#dimensions; i += 1) this.#raw[i] = (this.#raw[i] as number) * this.#scale;
        this.#scale = 1;
      }
      this.#scale *= Math.max(1 - eta * this.#options.lambda, MIN_SCALING_FACTOR);
    }
    const d = this.#dot(x);
    const step = (weight * eta * label) / (1 + Math.exp(label * d)) / this.#scale;
    for (let i = 0; i < x.indices.length; i += 1) {
      const at = (x.indices[i] as number) & this.#mask;
      this.#raw[at] = (this.#raw[at] as number) + step * (x.values[i] as number);
    }
    this.#raw[this.#dimensions] = (this.#raw[this.#dimensions] as number) + step;
  }

  /** The weights and the bias as the linear predictor uses them. */
  coefficients(): { weights: Float64Array; bias: number } {
    const weights = new Float64Array(this.#dimensions);
    for (let i = 0; i < this.#dimensions; i += 1) weights[i] = (this.#raw[i] as number) * this.#scale;
    return { weights, bias: (this.#raw[this.#dimensions] as number) * this.#scale };
  }
}
