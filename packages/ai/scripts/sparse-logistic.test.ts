import incrBinaryClassification from '@stdlib/ml-incr-binary-classification';
import ndarray from '@stdlib/ndarray-ctor';
import { describe, expect, it } from 'vitest';
import { SparseLogistic, type SparseVector } from './sparse-logistic';
import { seeded } from './crisis-typos';

/** Sparse unit-length vectors with a few buckets each, labelled by a hidden linear rule (so the data is learnable). */
function examples(count: number, buckets: number, seed: number): Array<{ x: SparseVector; label: 1 | -1 }> {
  const random = seeded(seed);
  const hidden = Float64Array.from({ length: buckets }, () => random() - 0.5);
  return Array.from({ length: count }, () => {
    const indices = [...new Set(Array.from({ length: 12 }, () => Math.floor(random() * buckets * 4)))].sort((a, b) => a - b);
    const raw = indices.map(() => random() - 0.3);
    const norm = Math.hypot(...raw) || 1;
    const values = raw.map((v) => v / norm);
    let z = 0;
    indices.forEach((index, i) => (z += (hidden[index % buckets] as number) * (values[i] as number)));
    return { x: { indices, values }, label: z > 0 ? 1 : -1 };
  });
}

describe('the sparse logistic learner (decision 032)', () => {
  it('predicts what stdlib predicts after the same updates, with vectors folded onto fewer buckets', () => {
    const dimensions = 256;
    const data = examples(600, dimensions, 7);
    const options = { dimensions, lambda: 1e-4, learningRate: 1 };
    const ours = new SparseLogistic(options);
    const theirs = incrBinaryClassification(dimensions, {
      loss: 'log',
      lambda: options.lambda,
      intercept: true,
      learningRate: ['constant', options.learningRate],
    });
    const buffer = new Float64Array(dimensions);
    const x = ndarray('float64', buffer, [dimensions], [1], 0, 'row-major');
    const dense = (v: SparseVector) => {
      buffer.fill(0);
      for (let i = 0; i < v.indices.length; i += 1) {
        const at = (v.indices[i] as number) % dimensions;
        buffer[at] = (buffer[at] as number) + (v.values[i] as number);
      }
      return x;
    };
    for (let epoch = 0; epoch < 3; epoch += 1)
      for (const { x: v, label } of data) {
        theirs(dense(v), label);
        ours.update(v, label);
      }
    let worst = 0;
    for (const { x: v } of data.slice(0, 100)) worst = Math.max(worst, Math.abs((theirs.predict(dense(v), 'linear').get() as number) - ours.score(v)));
    expect(worst).toBeLessThan(1e-9);
    // And the exported coefficients give the same score.
    const { weights, bias } = ours.coefficients();
    const probe = data[1]?.x as SparseVector;
    let z = bias;
    for (let i = 0; i < probe.indices.length; i += 1) z += (weights[(probe.indices[i] as number) % dimensions] as number) * (probe.values[i] as number);
    expect(z).toBeCloseTo(ours.score(probe), 12);
    // It learned the rule, so the comparison is not between two models that stayed at zero.
    const right = data.filter(({ x: v, label }) => Math.sign(ours.score(v)) === label).length;
    expect(right / data.length, `${right} of ${data.length} right`).toBeGreaterThan(0.8);
  });

  it('refuses a size that is not a power of two', () => {
    expect(() => new SparseLogistic({ dimensions: 1000, lambda: 0, learningRate: 1 })).toThrow(RangeError);
  });
});
