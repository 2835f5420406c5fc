// The whole package: it registers the pure-JS CPU backend and every op's gradient (tfjs-core alone has none).
import * as tf from '@tensorflow/tfjs';
import { describe, expect, it } from 'vitest';
import { seeded } from './crisis-typos';
import { SparseMlp, mlpScore, quantiseMlp } from './sparse-mlp';
import type { SparseVector } from './sparse-logistic';

/** Sparse vectors with a few buckets each (some beyond the model's size, so they fold), labelled by a rule no line separates. */
function examples(count: number, buckets: number, seed: number): Array<{ x: SparseVector; label: 1 | -1 }> {
  const random = seeded(seed);
  return Array.from({ length: count }, () => {
    const indices = [...new Set(Array.from({ length: 6 }, () => Math.floor(random() * buckets * 2)))].sort((a, b) => a - b);
    const values = indices.map(() => random() - 0.4);
    const a = values.reduce((sum, v, i) => sum + ((indices[i] as number) % 3 === 0 ? v : 0), 0);
    const b = values.reduce((sum, v, i) => sum + ((indices[i] as number) % 3 === 1 ? v : 0), 0);
    return { x: { indices, values }, label: a > 0 !== b > 0 ? 1 : -1 };
  });
}

describe('the sparse one-hidden-layer learner (decision 032)', () => {
  it('takes the steps TensorFlow.js takes with its own gradients and SGD optimiser, with folded vectors', async () => {
    await tf.setBackend('cpu');
    const dimensions = 32;
    const hidden = 6;
    const data = examples(200, dimensions, 11);
    const ours = new SparseMlp({ dimensions, hidden, init1: 0.5, seed: 3 });
    const start = ours.weights();
    const w1 = tf.variable(tf.tensor2d(Float32Array.from(start.w1), [dimensions, hidden]));
    const b1 = tf.variable(tf.tensor1d(Float32Array.from(start.b1)));
    const w2 = tf.variable(tf.tensor2d(Float32Array.from(start.w2), [hidden, 1]));
    const b2 = tf.variable(tf.scalar(start.b2));
    const dense = (v: SparseVector) => {
      const buffer = new Float32Array(dimensions);
      for (let i = 0; i < v.indices.length; i += 1) {
        const at = (v.indices[i] as number) % dimensions;
        buffer[at] = (buffer[at] as number) + (v.values[i] as number);
      }
      return tf.tensor2d(buffer, [1, dimensions]);
    };
    const logit = (x: tf.Tensor2D): tf.Scalar => tf.reshape(tf.add(tf.matMul(tf.relu(tf.add(tf.matMul(x, w1), b1)), w2), b2), []);
    const steps = 2 * data.length;
    const eta0 = 0.5;
    const optimiser = tf.train.sgd(eta0);
    for (let t = 0; t < steps; t += 1) {
      const { x, label } = data[t % data.length] as { x: SparseVector; label: 1 | -1 };
      const eta = eta0 * (1 - t / steps);
      optimiser.setLearningRate(eta);
      const input = dense(x);
      // log(1 + exp(-y s)) = softplus(-y s)
      optimiser.minimize(() => tf.softplus(tf.mul(tf.scalar(-label), logit(input))) as tf.Scalar);
      input.dispose();
      ours.update(x, label, eta);
    }
    const theirs = { w1: await w1.data(), b1: await b1.data(), w2: await w2.data(), b2: (await b2.data())[0] as number };
    const worst = (a: ArrayLike<number>, b: ArrayLike<number>) => {
      let max = 0;
      for (let i = 0; i < a.length; i += 1) max = Math.max(max, Math.abs((a[i] as number) - (b[i] as number)));
      return max;
    };
    expect(worst(ours.w1, theirs.w1)).toBeLessThan(1e-4);
    expect(worst(ours.b1, theirs.b1)).toBeLessThan(1e-4);
    expect(worst(ours.w2, theirs.w2)).toBeLessThan(1e-4);
    expect(Math.abs(ours.b2 - theirs.b2)).toBeLessThan(1e-4);
    // The same logits, and the weights-only forward pass agrees with the learner.
    for (const { x } of data.slice(0, 20)) {
      const input = dense(x);
      expect(Math.abs((await logit(input).data())[0]! - ours.score(x))).toBeLessThan(1e-4);
      expect(mlpScore(ours.weights(), x)).toBeCloseTo(ours.score(x), 9);
      input.dispose();
    }
    // Trained on, it learns the rule, which no linear model can: the update is a working learner, not one that stays put.
    for (let epoch = 0; epoch < 40; epoch += 1) for (const { x, label } of data) ours.update(x, label, 0.3);
    const right = data.filter(({ x, label }) => Math.sign(ours.score(x)) === label).length;
    expect(right / data.length, `${right} of ${data.length} right`).toBeGreaterThan(0.75);
    // 8-bit storage moves the logits little.
    const { model: stored } = quantiseMlp(ours.weights(), 8);
    for (const { x } of data.slice(0, 50)) expect(Math.abs(mlpScore(stored, x) - ours.score(x))).toBeLessThan(0.05 * Math.max(1, Math.abs(ours.score(x))));
  });
});
