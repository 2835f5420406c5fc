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

/**
 * NBSVM-style feature weights (Wang and Manning 2012, "Baselines and bigrams"): for each bucket, the log-count
 * ratio r = ln((α + crises holding it) / Σ) − ln((α + non-crises holding it) / Σ) over the training examples, so a
 * bucket that tells the classes apart weighs more before the logistic model reads it. Divided by the mean |r| of
 * the buckets the examples hold, so the learner's step keeps its meaning. A model trained on r ⊙ x scores x with
 * its weights multiplied by r, so what ships is an ordinary linear model (decision 032, learner addendum).
 */
export function logCountRatios(examples: Iterable<{ x: SparseVector; label: 1 | -1 }>, dimensions: number, alpha: number): Float64Array {
  const mask = dimensions - 1;
  const pos = new Float64Array(dimensions).fill(alpha);
  const neg = new Float64Array(dimensions).fill(alpha);
  for (const { x, label } of examples) {
    const counts = label === 1 ? pos : neg;
    for (let i = 0; i < x.indices.length; i += 1) {
      const at = (x.indices[i] as number) & mask;
      counts[at] = (counts[at] as number) + 1;
    }
  }
  let posTotal = 0;
  let negTotal = 0;
  for (let j = 0; j < dimensions; j += 1) {
    posTotal += pos[j] as number;
    negTotal += neg[j] as number;
  }
  const r = new Float64Array(dimensions);
  let sum = 0;
  let seen = 0;
  for (let j = 0; j < dimensions; j += 1) {
    r[j] = Math.log((pos[j] as number) / posTotal) - Math.log((neg[j] as number) / negTotal);
    if ((pos[j] as number) + (neg[j] as number) > 2 * alpha) {
      sum += Math.abs(r[j] as number);
      seen += 1;
    }
  }
  const mean = sum / Math.max(1, seen) || 1;
  for (let j = 0; j < dimensions; j += 1) r[j] = (r[j] as number) / mean;
  return r;
}

/** x with each value multiplied by its bucket's ratio (index folded onto the ratios' size). */
export function weighted(x: SparseVector, ratios: Float64Array): SparseVector {
  const mask = ratios.length - 1;
  const values = new Float64Array(x.values.length);
  for (let i = 0; i < x.values.length; i += 1) values[i] = (x.values[i] as number) * (ratios[(x.indices[i] as number) & mask] as number);
  return { indices: x.indices, values };
}
