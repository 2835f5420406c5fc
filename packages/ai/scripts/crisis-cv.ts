/**
 * Measures a crisis-classifier configuration (decision 032) by grouped cross-validation by writer on
 * `eval/crisis/train.jsonl` and `dev.jsonl` (`withDev`, as the shipped model is trained), or on train alone with
 * dev apart. Never reads `test.jsonl`.
 *
 *   pnpm --filter @ascenso/ai exec tsx scripts/crisis-cv.ts '{"windows":3}'
 *
 * - Writer CV: for each writer of train (K, the everyday writer, always stays in training), train on the
 *   others, choose the threshold on dev so that the whole screen (rules or classifier) raises at most
 *   CAP of dev's hard negatives, and score the held-out writer with the whole screen. Pooled over writers.
 * - Dev: trained on all of train, threshold on dev at the same cap (and at the shipped 4 %).
 * - With `withDev`, dev's writers are folds of their own beside train's, every threshold is the pooled one over
 *   the held-out scores (as scripts/train-crisis-model.ts chooses it), and dev's figures are its writers held out.
 * - A crisis counts as caught only when the answer carries its family's helpline, as in the gate.
 *
 * The learner is the training script's (./sparse-logistic.ts: stdlib's update applied sparsely, checked
 * against the library by its test), with the options above for experiments.
 *
 * Other learners for the crisis model (`candidates`: NBSVM-style weights, class weights, mean or max ensembles; a
 * one-hidden-layer network was measured on the branch crisis-learner, decision 032) are trained on the same folds as the configuration given
 * (the baseline), share its family models, rules and evidence rule, and are reported beside it at each cap in
 * `caps` (one threshold over the pooled held-out hard negatives, as the training script chooses it), with
 * recall by family, the crisis model's training time over all folds, its stored size and its cost a message:
 *
 *   tsx scripts/crisis-cv.ts '{"folds":5,"dims":65536,"familyDims":16384,"typos":1,"noEvidenceShift":2,
 *     "candidates":[{"name":"shipped","kind":"linear","nb":1}]}'
 *
 * The baseline's crisis model has no NBSVM weights; the shipped one is the candidate `{"kind":"linear","nb":1}`
 * (scripts/train-crisis-model.ts NB_ALPHA, decision 032, addendum of 2026-12-01).
 */
import { readFileSync } from 'node:fs';
import { safetyAnswer } from '../src/safety/answers';
import { RISK_CATEGORIES, type RiskCategory } from '../src/safety/categories';
import { hasCrisisEvidence } from '../src/safety/concepts';
import { VECTOR_SCALING, distinctWordCount, featuresAndConcepts, hashedVector, wordCount } from '../src/safety/features';
import { crisisProbability } from '../src/safety/linear-model';
import { normalise } from '../src/safety/normalise';
import { rightResource } from '../src/safety/right-resource';
import { answerFamilies } from '../src/safety/screen';
import { screenNormalisedWithRules } from '../src/safety/rules-screen';
import { EVERYDAY_WRITERS } from './crisis-data';
import { seeded, shuffled, withTypos } from './crisis-typos';
import { SparseLogistic, logCountRatios } from './sparse-logistic';

type Row = { id: string; writer: string; family: RiskCategory | 'none'; now?: boolean; minor?: boolean; text: string };

/**
 * A learner for the crisis model, compared with the baseline in one run:
 * - `linear`: ./sparse-logistic.ts as the baseline, with its own options: `nb` (α > 0: NBSVM-style, each bucket
 *   multiplied by its log-count ratio r = ln((α + crises holding it)/|·|) − ln((α + non-crises holding it)/|·|),
 *   computed on the training fold and divided by its mean |r| over the fold's buckets, so the step keeps its
 *   meaning), `nbRenorm` (then each vector rescaled to its length before), `posWeight`, `hardWeight` (weight of a
 *   hard negative; everyday messages keep 1), `lr`, `epochs`, `lambda`, `dims`;
 * - `mean` / `max`: of the probabilities (after the evidence rule) of the candidates named in `of` (or
 *   'baseline'), computed earlier in the list.
 */
type Candidate = {
  name: string;
  kind: 'linear' | 'mean' | 'max';
  nb?: number;
  nbRenorm?: boolean;
  posWeight?: number;
  hardWeight?: number;
  lr?: number;
  epochs?: number;
  lambda?: number;
  dims?: number;
  of?: string[];
};

const config = {
  /** Dev's writers in the cross-validation too (as the shipped model is trained); false: dev apart. */
  withDev: true,
  dims: 1 << 14,
  /** The family models' buckets: the crisis model's folded (index mod familyDims); a power of two ≤ dims. */
  familyDims: 0,
  epochs: 20,
  lambda: 1e-6,
  lr: 2,
  /** Weight of a crisis example in the crisis model. */
  posWeight: 1,
  /** Clause windows: 0 = whole message only; n = also every run of n clauses, scored by the max. */
  windows: 0,
  /** Windows in training: 'none' (whole messages only), 'neg' (negatives' windows as negatives), 'mil' (also each crisis's best window). */
  windowTrain: 'none' as 'none' | 'neg' | 'mil',
  /** Without an evidence concept: Infinity = never routed (today); d = the logit lowered by d. */
  noEvidenceShift: Number.POSITIVE_INFINITY,
  /** Buried crises: synthetic examples per crisis message (a crisis inside another writer's negative). */
  buried: 0,
  /** Synthetic typos: copies per message with letters dropped, swapped or replaced. */
  typos: 0,
  /** Models with different shuffles, weights averaged. */
  seeds: 1,
  /** Average the weights over the last epochs (Polyak). */
  average: false,
  /** Family models on the best window instead of the whole message. */
  familyWindow: false,
  cap: 0.03,
  /**
   * The vector is divided by its length to this power (1: unit length). 0.75 caught more on writer CV and dev;
   * alone, a vector's length then grows with repetition ("escribo" twenty times scored 0.94), so it ships with
   * sublinear counts (../src/safety/features.ts VECTOR_SCALING; decision 032).
   */
  normPower: VECTOR_SCALING.lengthPower as number,
  /** With normPower below 1: the longest a vector may be after scaling (Infinity: no cap). */
  maxLength: Number.POSITIVE_INFINITY,
  /** Sublinear counts (../src/safety/features.ts, VectorScaling), as shipped. */
  sublinear: VECTOR_SCALING.sublinear as boolean,
  /** A feature for the message's length (log2 of its words), counted this many times (0: none, as shipped). */
  lengthTokens: 0,
  /** Writer CV: 0 = each writer held out alone; n = the writers in n groups (faster). */
  folds: 0,
  /**
   * Other learners for the crisis model, each trained and scored on the same folds as the configuration above
   * (the baseline), with the same family models, rules and evidence rule, and reported beside it at every cap
   * in `caps` (decision 032, learner addendum). See `Candidate` above.
   */
  candidates: [] as Candidate[],
  /** The false-alarm caps the candidates' table is drawn at (one pooled threshold over the held-out hard negatives). */
  caps: [0.04, 0.02],
  ...(JSON.parse(process.argv[2] ?? '{}') as object),
};

const root = new URL('../', import.meta.url);
const read = (name: string): Row[] =>
  readFileSync(new URL(`eval/crisis/${name}`, root), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Row);
const trainOnly = read('train.jsonl');
const devRows = read('dev.jsonl');
const devWriters = new Set(devRows.map((r) => r.writer));
const trainRows = config.withDev ? [...trainOnly, ...devRows] : trainOnly;

// ---- features -------------------------------------------------------------------------------------
type Vec = { idx: Int32Array; val: Float64Array };
type Item = { whole: Vec; windows: Vec[]; evidence: boolean; words: number; distinctWords: number };

function vectorOf(normalised: string): Vec {
  const lengthFeatures: string[] = [];
  if (config.lengthTokens > 0) {
    const bucket = `n ${Math.min(7, Math.floor(Math.log2(wordCount(normalised) + 1)))}`;
    for (let r = 0; r < config.lengthTokens; r += 1) lengthFeatures.push(bucket);
  }
  const { indices, values } = hashedVector([...featuresAndConcepts(normalised).features, ...lengthFeatures], {
    dimensions: config.dims,
    lengthPower: config.normPower,
    maxLength: config.maxLength,
    sublinear: config.sublinear,
  });
  return { idx: indices, val: values };
}

export function windowsOf(normalised: string, size: number): string[] {
  if (size <= 0) return [];
  const clauses = normalised.split(' . ').filter(Boolean);
  if (clauses.length <= size) return [];
  const out: string[] = [];
  for (let i = 0; i + size <= clauses.length; i += 1) out.push(clauses.slice(i, i + size).join(' . '));
  return out;
}

const cache = new Map<string, Item>();
function item(text: string): Item {
  let found = cache.get(text);
  if (!found) {
    const normalised = normalise(text);
    found = {
      whole: vectorOf(normalised),
      windows: windowsOf(normalised, config.windows).map(vectorOf),
      evidence: hasCrisisEvidence(featuresAndConcepts(normalised).concepts),
      words: wordCount(normalised),
      distinctWords: distinctWordCount(normalised),
    };
    cache.set(text, found);
  }
  return found;
}

// ---- augmentation (training folds only) -----------------------------------------------------------
function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+/).filter(Boolean);
}
function augmented(rows: Row[], seed: number): Row[] {
  const random = seeded(seed);
  const out: Row[] = [];
  const negatives = rows.filter((r) => r.family === 'none');
  const crises = rows.filter((r) => r.family !== 'none');
  for (let k = 0; k < config.buried; k += 1) {
    for (const crisis of crises) {
      let host = negatives[Math.floor(random() * negatives.length)] as Row;
      for (let tries = 0; tries < 5 && host.writer === crisis.writer; tries += 1) host = negatives[Math.floor(random() * negatives.length)] as Row;
      const parts = sentences(host.text);
      const at = Math.floor(random() * (parts.length + 1));
      parts.splice(at, 0, crisis.text);
      out.push({ ...crisis, id: `${crisis.id}+${host.id}`, text: parts.join(' ') });
    }
    // And as many long negatives made of two negatives, so length alone says nothing.
    for (let i = 0; i < crises.length / 2; i += 1) {
      const a = negatives[Math.floor(random() * negatives.length)] as Row;
      const b = negatives[Math.floor(random() * negatives.length)] as Row;
      out.push({ ...a, id: `${a.id}+${b.id}`, text: `${a.text} ${b.text}` });
    }
  }
  for (let k = 0; k < config.typos; k += 1) for (const row of rows) out.push({ ...row, id: `${row.id}~${k}`, text: withTypos(row.text, random) });
  return out;
}

// ---- learner: ./sparse-logistic.ts, with the options above --------------------------------------------
type Model = { w: Float64Array; bias: number };
type Example = { vec: Vec; label: 1 | -1; weight: number; windows?: Vec[] };

/** w·x, with x's buckets folded onto w's first `mask + 1` (a power of two). */
function dot(w: Float64Array, vec: Vec, mask = w.length - 1): number {
  let sum = 0;
  for (let i = 0; i < vec.idx.length; i += 1) sum += (w[(vec.idx[i] as number) & mask] as number) * (vec.val[i] as number);
  return sum;
}
function score(model: Model, vec: Vec): number {
  return dot(model.w, vec) + model.bias;
}

function fit(examples: Example[], seed: number, N = config.dims): Model {
  const avg = new Float64Array(N + 1);
  let averaged = 0;
  const total = new Float64Array(N + 1);
  const toVector = (vec: Vec) => ({ indices: vec.idx, values: vec.val });
  for (let s = 0; s < config.seeds; s += 1) {
    const learner = new SparseLogistic({ dimensions: N, lambda: config.lambda, learningRate: config.lr });
    const random = seeded(seed + 7919 * s);
    const eff = (): Model => {
      const { weights, bias } = learner.coefficients();
      return { w: weights, bias };
    };
    for (let epoch = 0; epoch < config.epochs; epoch += 1) {
      const current = config.windowTrain === 'mil' && epoch >= 2 ? eff() : null;
      for (const ex of shuffled(examples, random)) {
        learner.update(toVector(ex.vec), ex.label, ex.weight);
        if (ex.windows?.length && current && ex.label === 1) {
          let best = ex.windows[0] as Vec;
          let bestScore = -Infinity;
          for (const win of ex.windows) {
            const z = score(current, win);
            if (z > bestScore) [best, bestScore] = [win, z];
          }
          learner.update(toVector(best), 1, ex.weight);
        }
      }
      if (config.average && epoch >= config.epochs / 2) {
        const e = eff();
        for (let i = 0; i < N; i += 1) avg[i] = (avg[i] as number) + (e.w[i] as number);
        avg[N] = (avg[N] as number) + e.bias;
        averaged += 1;
      }
    }
    const e = eff();
    for (let i = 0; i < N; i += 1) total[i] = (total[i] as number) + (e.w[i] as number);
    total[N] = (total[N] as number) + e.bias;
  }
  if (config.average) return { w: avg.subarray(0, N).map((x) => x / averaged), bias: (avg[N] as number) / averaged };
  return { w: total.subarray(0, N).map((x) => x / config.seeds), bias: (total[N] as number) / config.seeds };
}

/** Time spent fitting the baseline's crisis model (not its family models), for the candidates' table. */
let baselineTrainMs = 0;

type Models = { crisis: Model; families: Array<{ family: RiskCategory; model: Model }> };

function trainModels(rows: Row[], seed: number, all = [...rows, ...augmented(rows, seed + 17)]): Models {
  const crisisExamples: Example[] = [];
  for (const row of all) {
    const it = item(row.text);
    const label = row.family === 'none' ? -1 : 1;
    crisisExamples.push({ vec: it.whole, label, weight: label === 1 ? config.posWeight : 1, windows: config.windowTrain === 'mil' ? it.windows : undefined });
    if (label === -1 && config.windowTrain !== 'none') for (const win of it.windows) crisisExamples.push({ vec: win, label: -1, weight: 1 });
  }
  const crisisStarted = Date.now();
  const crisis = fit(crisisExamples, seed);
  baselineTrainMs += Date.now() - crisisStarted;
  const families = RISK_CATEGORIES.map((family, index) => {
    const examples: Example[] = [];
    for (const row of all) if (row.family !== 'none') examples.push({ vec: item(row.text).whole, label: row.family === family ? 1 : -1, weight: 1 });
    return { family, model: fit(examples, seed + 100 + index, config.familyDims || config.dims) };
  });
  return { crisis, families };
}

// ---- the whole screen ---------------------------------------------------------------------------
const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));
type Scored = { row: Row; rules: RiskCategory[] | null; p: number; families: Array<{ family: RiskCategory; probability: number }> };

const rulesCache = new Map<string, RiskCategory[] | null>();
function rulesOf(text: string): RiskCategory[] | null {
  if (!rulesCache.has(text)) rulesCache.set(text, screenNormalisedWithRules(normalise(text))?.categories ?? null);
  return rulesCache.get(text) ?? null;
}

function scoreRow(models: Models, row: Row): Scored {
  const it = item(row.text);
  let z = score(models.crisis, it.whole);
  let bestVec = it.whole;
  for (const win of it.windows) {
    const zw = score(models.crisis, win);
    if (zw > z) [z, bestVec] = [zw, win];
  }
  // The screen's own rule for a message without evidence (../src/safety/linear-model.ts).
  const p = crisisProbability(z, it, Number.isFinite(config.noEvidenceShift) ? config.noEvidenceShift : undefined);
  const familyVec = config.familyWindow ? bestVec : it.whole;
  const families = models.families
    .map(({ family, model }) => ({ family, probability: sigmoid(score(model, familyVec)) }))
    .sort((a, b) => b.probability - a.probability);
  return { row, rules: rulesOf(row.text), p, families };
}

function fires(s: Scored, threshold: number): boolean {
  return s.rules !== null || s.p >= threshold;
}
function caught(s: Scored, threshold: number): boolean {
  if (!fires(s, threshold)) return false;
  const ids = new Set(safetyAnswer(answerFamilies(s.rules ?? [], s.families, s.p >= threshold)).resources.map((r) => r.id as string));
  return rightResource(s.row).every((id) => ids.has(id));
}

/** The lowest threshold at which the screen raises at most `cap` of these hard negatives. */
function thresholdFor(scored: Scored[], cap: number): number {
  const hard = scored.filter((s) => s.row.family === 'none' && !EVERYDAY_WRITERS.has(s.row.writer));
  const allowed = Math.floor(cap * hard.length) - hard.filter((s) => s.rules).length;
  const unflagged = hard
    .filter((s) => !s.rules)
    .map((s) => s.p)
    .sort((a, b) => b - a);
  return (unflagged[Math.max(0, allowed)] ?? 0) + 1e-9;
}

type Tally = { crises: number; caught: number; routed: number; hard: number; alarms: number; everyday: number; everydayAlarms: number; familyRight: number };
function tally(scored: Scored[], threshold: number): Tally {
  const t: Tally = { crises: 0, caught: 0, routed: 0, hard: 0, alarms: 0, everyday: 0, everydayAlarms: 0, familyRight: 0 };
  for (const s of scored) {
    if (s.row.family === 'none') {
      if (EVERYDAY_WRITERS.has(s.row.writer)) {
        t.everyday += 1;
        if (fires(s, threshold)) t.everydayAlarms += 1;
      } else {
        t.hard += 1;
        if (fires(s, threshold)) t.alarms += 1;
      }
      continue;
    }
    t.crises += 1;
    if (fires(s, threshold)) t.routed += 1;
    if (caught(s, threshold)) t.caught += 1;
    if (s.families[0]?.family === s.row.family) t.familyRight += 1;
  }
  return t;
}
const pct = (n: number, d: number) => (d > 0 ? `${((100 * n) / d).toFixed(1)}%` : '—');

// ---- candidates: other learners for the crisis model, on the same folds ------------------------------------
type CrisisScorer = { logit: (vec: Vec) => number; bytes: number };

/** The NBSVM log-count ratios of a training fold (./sparse-logistic.ts logCountRatios), on `dims` buckets. */
function nbRatios(examples: Example[], dims: number, alpha: number): Float64Array {
  return logCountRatios(
    examples.map((ex) => ({ x: { indices: ex.vec.idx, values: ex.vec.val }, label: ex.label })),
    dims,
    alpha,
  );
}

function nbScaled(vec: Vec, r: Float64Array, renorm: boolean): Vec {
  const mask = r.length - 1;
  const val = new Float64Array(vec.val.length);
  let before = 0;
  let after = 0;
  for (let i = 0; i < vec.val.length; i += 1) {
    val[i] = (vec.val[i] as number) * (r[(vec.idx[i] as number) & mask] as number);
    before += (vec.val[i] as number) ** 2;
    after += (val[i] as number) ** 2;
  }
  if (renorm && after > 0) {
    const k = Math.sqrt(before / after);
    for (let i = 0; i < val.length; i += 1) val[i] = (val[i] as number) * k;
  }
  return { idx: vec.idx, val };
}

function crisisExamplesOf(all: Row[], c: Candidate): Example[] {
  return all.map((row) => {
    const label = row.family === 'none' ? -1 : 1;
    const weight = label === 1 ? (c.posWeight ?? 1) : EVERYDAY_WRITERS.has(row.writer) ? 1 : (c.hardWeight ?? 1);
    return { vec: item(row.text).whole, label, weight };
  });
}

function trainLinearCandidate(all: Row[], c: Candidate, seed: number): CrisisScorer {
  const dims = c.dims ?? config.dims;
  let examples = crisisExamplesOf(all, c);
  let transform = (vec: Vec) => vec;
  if ((c.nb ?? 0) > 0) {
    const r = nbRatios(examples, dims, c.nb as number);
    transform = (vec: Vec) => nbScaled(vec, r, c.nbRenorm ?? false);
    examples = examples.map((ex) => ({ ...ex, vec: transform(ex.vec) }));
  }
  const learner = new SparseLogistic({ dimensions: dims, lambda: c.lambda ?? config.lambda, learningRate: c.lr ?? config.lr });
  const random = seeded(seed);
  for (let epoch = 0; epoch < (c.epochs ?? config.epochs); epoch += 1)
    for (const ex of shuffled(examples, random)) learner.update({ indices: ex.vec.idx, values: ex.vec.val }, ex.label, ex.weight);
  const { weights, bias } = learner.coefficients();
  const model: Model = { w: weights, bias };
  // 16-bit weights in base64, as the shipped model stores them.
  return { logit: (vec) => score(model, transform(vec)), bytes: Math.ceil((dims * 2 * 4) / 3) };
}

type CandidateResult = { candidate: Candidate; p: number[]; trainMs: number; scoreMs: number; scored: number; bytes: number };

// ---- run ------------------------------------------------------------------------------------------
const started = Date.now();
const writersOf = (rows: Row[]) => [...new Set(rows.map((r) => r.writer))].filter((w) => !EVERYDAY_WRITERS.has(w)).sort();
const pooled: Tally = { crises: 0, caught: 0, routed: 0, hard: 0, alarms: 0, everyday: 0, everydayAlarms: 0, familyRight: 0 };
const heldOutScores: Scored[] = [];
const perWriter: string[] = [];
// Each writer held out alone, or (`folds`) writers in that many groups: every folds-th writer together.
// With dev, its writers are grouped apart from train's, as the training script's folds are.
const groupsOf = (writers: string[]) =>
  config.folds > 0 ? Array.from({ length: config.folds }, (_, fold) => writers.filter((_, i) => i % config.folds === fold)) : writers.map((w) => [w]);
const shift = Number.isFinite(config.noEvidenceShift) ? config.noEvidenceShift : undefined;
const results = new Map<string, CandidateResult>(
  [{ name: 'baseline', kind: 'linear' } as Candidate, ...config.candidates].map((candidate) => [
    candidate.name,
    { candidate, p: [], trainMs: 0, scoreMs: 0, scored: 0, bytes: Math.ceil((config.dims * 2 * 4) / 3) },
  ]),
);
const groups = [...groupsOf(writersOf(trainOnly)), ...(config.withDev ? groupsOf(writersOf(devRows)) : [])].filter((group) => group.length > 0);
for (const group of groups) {
  const heldOut = new Set(group);
  const writer = group.join('+');
  const foldRows = trainRows.filter((r) => !heldOut.has(r.writer));
  const all = [...foldRows, ...augmented(foldRows, 1 + 17)];
  const models = trainModels(foldRows, 1, all);
  const held = trainRows.filter((r) => heldOut.has(r.writer)).map((r) => scoreRow(models, r));
  heldOutScores.push(...held);
  if (config.candidates.length > 0) {
    const base = results.get('baseline') as CandidateResult;
    const started = performance.now();
    for (const s of held) score(models.crisis, item(s.row.text).whole);
    base.scoreMs += performance.now() - started;
    base.scored += held.length;
    base.p.push(...held.map((s) => s.p));
    for (const c of config.candidates) {
      const result = results.get(c.name) as CandidateResult;
      if (c.kind === 'mean' || c.kind === 'max') {
        const parts = (c.of ?? []).map((name) => results.get(name)?.p.slice(-held.length) as number[]);
        result.p.push(
          ...held.map((_, i) =>
            c.kind === 'max' ? Math.max(...parts.map((q) => q[i] as number)) : parts.reduce((sum, q) => sum + (q[i] as number), 0) / parts.length,
          ),
        );
        result.bytes = (c.of ?? []).reduce((sum, name) => sum + (results.get(name)?.bytes ?? 0), 0);
        continue;
      }
      const trainStarted = Date.now();
      const scorer = trainLinearCandidate(all, c, 1);
      result.trainMs += Date.now() - trainStarted;
      result.bytes = scorer.bytes;
      const scoreStarted = performance.now();
      const logits = held.map((s) => scorer.logit(item(s.row.text).whole));
      result.scoreMs += performance.now() - scoreStarted;
      result.scored += held.length;
      result.p.push(...held.map((s, i) => crisisProbability(logits[i] as number, item(s.row.text), shift)));
      console.error(`fold ${writer.slice(0, 20)}…: ${c.name} trained in ${((Date.now() - trainStarted) / 1000).toFixed(1)} s`);
    }
  }
  if (config.withDev) continue;
  const threshold = thresholdFor(
    devRows.map((r) => scoreRow(models, r)),
    config.cap,
  );
  const t = tally(held, threshold);
  for (const key of Object.keys(pooled) as Array<keyof Tally>) pooled[key] += t[key];
  perWriter.push(`${writer} ${pct(t.caught, t.crises)}/${t.alarms}`);
}
// The ranking alone: one threshold over the pooled held-out scores at the cap.
const pooledThreshold = thresholdFor(heldOutScores, config.cap);
const atPooled = tally(heldOutScores, pooledThreshold);

const pooled4 = thresholdFor(heldOutScores, 0.04);
const devScored = config.withDev ? heldOutScores.filter((s) => devWriters.has(s.row.writer)) : devRows.map((r) => scoreRow(trainModels(trainRows, 1), r));
const dev = tally(devScored, config.withDev ? pooledThreshold : thresholdFor(devScored, config.cap));
const dev4 = tally(devScored, config.withDev ? pooled4 : thresholdFor(devScored, 0.04));

console.log(JSON.stringify(config));
if (config.withDev) {
  const at4 = tally(heldOutScores, pooled4);
  const trainAt4 = tally(
    heldOutScores.filter((s) => !devWriters.has(s.row.writer)),
    pooled4,
  );
  console.log(
    `writer CV, train and dev (pooled threshold, cap 4%): caught ${pct(at4.caught, at4.crises)} (${at4.caught}/${at4.crises}), hard FA ${pct(at4.alarms, at4.hard)}, everyday FA ${pct(at4.everydayAlarms, at4.everyday)}, family ${pct(at4.familyRight, at4.crises)}; train's writers ${pct(trainAt4.caught, trainAt4.crises)}, dev's ${pct(dev4.caught, dev4.crises)}`,
  );
} else
  console.log(
    `writer CV (dev threshold, cap ${config.cap * 100}%): caught ${pct(pooled.caught, pooled.crises)} (${pooled.caught}/${pooled.crises}), routed ${pct(pooled.routed, pooled.crises)}, hard FA ${pct(pooled.alarms, pooled.hard)} (${pooled.alarms}/${pooled.hard}), family ${pct(pooled.familyRight, pooled.crises)}`,
  );
console.log(`writer CV (pooled threshold at cap): caught ${pct(atPooled.caught, atPooled.crises)}, hard FA ${pct(atPooled.alarms, atPooled.hard)}`);
console.log(
  `dev (cap ${config.cap * 100}%): caught ${pct(dev.caught, dev.crises)} (${dev.caught}/${dev.crises}), hard FA ${pct(dev.alarms, dev.hard)}, everyday FA ${pct(dev.everydayAlarms, dev.everyday)}, family ${pct(dev.familyRight, dev.crises)}`,
);
console.log(
  `dev (cap 4%): caught ${pct(dev4.caught, dev4.crises)} (${dev4.caught}/${dev4.crises}), hard FA ${pct(dev4.alarms, dev4.hard)}, everyday FA ${pct(dev4.everydayAlarms, dev4.everyday)}`,
);
if (config.candidates.length > 0) {
  (results.get('baseline') as CandidateResult).trainMs = baselineTrainMs;
  // The family models (ten at config.familyDims, 16-bit, base64), shared by every candidate.
  const familyBytes = 10 * Math.ceil(((config.familyDims || config.dims) * 2 * 4) / 3);
  const rows: string[] = [];
  for (const result of results.values()) {
    const scored = heldOutScores.map((s, i) => ({ ...s, p: result.p[i] as number }));
    const line: Record<string, unknown> = {
      name: result.candidate.name,
      trainS: Math.round(result.trainMs / 100) / 10,
      usPerMessage: result.scored > 0 ? Math.round((1000 * result.scoreMs) / result.scored) : null,
      crisisKB: Math.round(result.bytes / 1024),
      totalKB: Math.round((result.bytes + familyBytes) / 1024),
    };
    for (const cap of config.caps) {
      const threshold = thresholdFor(scored, cap);
      const t = tally(scored, threshold);
      const devT = tally(
        scored.filter((s) => devWriters.has(s.row.writer)),
        threshold,
      );
      const byFamily: Record<string, string> = {};
      for (const family of RISK_CATEGORIES) {
        const own = scored.filter((s) => s.row.family === family);
        byFamily[family] = `${own.filter((s) => caught(s, threshold)).length}/${own.length}`;
      }
      line[`cap${cap * 100}`] = {
        threshold: Number(threshold.toFixed(4)),
        caught: pct(t.caught, t.crises),
        caughtN: t.caught,
        routed: pct(t.routed, t.crises),
        hardFA: pct(t.alarms, t.hard),
        hardFAN: `${t.alarms}/${t.hard}`,
        everydayFA: pct(t.everydayAlarms, t.everyday),
        devWriters: pct(devT.caught, devT.crises),
        byFamily,
      };
      rows.push(
        `| ${result.candidate.name} | ${cap * 100} % | ${pct(t.caught, t.crises)} (${t.caught}/${t.crises}) | ${pct(t.alarms, t.hard)} | ${pct(t.everydayAlarms, t.everyday)} | ${pct(devT.caught, devT.crises)} | ${RISK_CATEGORIES.map((f) => byFamily[f]).join(' ')} | ${line.trainS} s | ${line.crisisKB} KB |`,
      );
    }
    console.log(`RESULT ${JSON.stringify(line)}`);
  }
  console.log(
    `| learner | cap | caught (right helpline) | hard FA | everyday FA | dev's writers | by family (${RISK_CATEGORIES.join(' ')}) | crisis-model training (all folds) | crisis model |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) console.log(row);
}
if (perWriter.length > 0) console.log(`per writer: ${perWriter.join('  ')}`);
console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
