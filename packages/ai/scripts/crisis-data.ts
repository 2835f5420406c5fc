/**
 * What the crisis scripts (train-crisis-model.ts, crisis-cv.ts) share about the corpus in `eval/crisis/`.
 *
 * Writers of everyday coaching messages (eval/crisis/README.md, round 3 and the everyday writers merged
 * later): no hard negatives among them. They always stay in training, and the false-alarm cap is counted on
 * the hard negatives only; everyday messages are reported apart.
 */
export const EVERYDAY_WRITERS: ReadonlySet<string> = new Set(['K', 'L', 'AJ', 'AK']);
