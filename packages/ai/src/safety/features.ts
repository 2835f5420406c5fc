import { conceptsIn, hasCrisisEvidence } from './concepts';
import { normalise } from './normalise';

/**
 * The crisis classifier's features (decision 032): a message as the rules read it (./normalise.ts:
 * lower case, no accents, SMS spellings expanded, one spelling key per word), then
 *
 * - its words and pairs of neighbouring words (not across a clause boundary);
 * - the character 3-, 4- and 5-grams of each word, with a space on either side ("␣corto", "orto␣"), so a
 *   misspelling ("qiero", "pastilas", "cortarmeee") still shares most of its grams with the word;
 * - the character 4-grams across each pair of neighbouring words ("me corto" → "e␣co"), which catches
 *   words written together ("mequiero").
 *
 * Each feature is hashed (FNV-1a, 32 bits) into FEATURE_DIMENSIONS buckets with a sign taken from the
 * hash (collisions then cancel out on average instead of adding up). A bucket's count c becomes
 * sign(c)·(1 + ln|c|), so a word said ten times is not ten times the evidence, and the vector is divided by
 * its length to the power 3/4: a long message weighs a little more than a short one, but not in proportion
 * to its length (VECTOR_SCALING; writer cross-validation on train: 89.4 % of held-out crises caught at a 4 %
 * false-alarm cap against 88.3 % with raw counts at unit length; decision 032, rounds 13-15 addendum).
 *
 * 2^16 buckets for the crisis model (writer cross-validation on train's 35 writers: 86.9 % of held-out crises
 * caught against 85.7 % with 2^14, at the same false alarms); the family models read them folded onto 2^14
 * (scripts/train-crisis-model.ts). Decision 032.
 */
export const FEATURE_DIMENSIONS = 1 << 16;
/** Each concept counts three times: among a message's hundreds of n-grams, once was too faint (chosen by writer cross-validation on train). */
const CONCEPT_WEIGHT = 3;

/** One message's features: bucket indices and their values (scaled by VECTOR_SCALING, sorted by index). */
export type FeatureVector = {
  indices: Int32Array;
  values: Float64Array;
  /** It holds a concept that is evidence of a crisis (./concepts.ts). */ evidence: boolean;
  /** How many words it has (tokens with a letter), for the short-message rule (./linear-model.ts). */
  words: number;
  /** How many different words, for the few-words rule (./linear-model.ts). */
  distinctWords: number;
};

/** The words of a normalised message: its tokens that hold a letter (not "." or a number alone). */
export function wordCount(normalised: string): number {
  return wordsOf(normalised).length;
}

/** How many different words a normalised message has. */
export function distinctWordCount(normalised: string): number {
  return new Set(wordsOf(normalised)).size;
}

function wordsOf(normalised: string): string[] {
  return normalised.split(' ').filter((token) => /[a-z]/.test(token));
}

export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function charGrams(word: string, out: string[]): void {
  const padded = ` ${word} `;
  for (let n = 3; n <= 5; n += 1) for (let i = 0; i + n <= padded.length; i += 1) out.push(`c${padded.slice(i, i + n)}`);
}

/** The feature strings of a message (before hashing) and its concepts. */
export function featuresAndConcepts(normalised: string): { features: string[]; concepts: string[] } {
  const out: string[] = [];
  const concepts = conceptsIn(normalised);
  for (let i = 0; i < concepts.length; i += 1) {
    for (let r = 0; r < CONCEPT_WEIGHT; r += 1) {
      out.push(`k ${concepts[i]}`);
      for (let j = i + 1; j < concepts.length; j += 1) out.push(`p ${concepts[i]} ${concepts[j]}`);
    }
  }
  // The clause boundary "." splits the message into runs of words; pairs never cross it.
  for (const clause of normalised.split(' . ')) {
    const words = clause.split(' ').filter((word) => word && word !== '.');
    for (let i = 0; i < words.length; i += 1) {
      const word = words[i] as string;
      out.push(`w ${word}`);
      charGrams(word, out);
      const next = words[i + 1];
      if (next === undefined) continue;
      out.push(`b ${word} ${next}`);
      const joint = `${word.slice(-2)} ${next.slice(0, 2)}`;
      if (joint.length === 5) out.push(`j${joint}`);
    }
  }
  return { features: out, concepts };
}

/** The hashed, signed, scaled feature vector of a message. */
export function featuresOf(text: string): FeatureVector {
  return featuresOfNormalised(normalise(text));
}

/** The same for a message already normalised (./normalise.ts). */
export function featuresOfNormalised(normalised: string): FeatureVector {
  const { features, concepts } = featuresAndConcepts(normalised);
  const words = wordsOf(normalised);
  return { ...hashedVector(features, VECTOR_SCALING), evidence: hasCrisisEvidence(concepts), words: words.length, distinctWords: new Set(words).size };
}

/**
 * How feature strings become a vector. The screen uses VECTOR_SCALING; scripts/crisis-cv.ts tries others.
 * - `dimensions`: the buckets (FEATURE_DIMENSIONS);
 * - `lengthPower`: the vector is divided by its length to this power (1: unit length; absent: 1);
 * - `maxLength`: but never left longer than this (absent: no cap);
 * - `sublinear`: a bucket's count c becomes sign(c)·(1 + ln|c|), so a repeated word adds less each time.
 */
export type VectorScaling = { dimensions?: number; lengthPower?: number; maxLength?: number; sublinear?: boolean };

/** The scaling the crisis model is trained and read with; the model records it (./linear-model.ts). */
export const VECTOR_SCALING = { lengthPower: 0.75, sublinear: true } as const satisfies VectorScaling;

/** Feature strings hashed (FNV-1a) into signed buckets, scaled as `scaling` says. */
export function hashedVector(features: readonly string[], scaling: VectorScaling = {}): Pick<FeatureVector, 'indices' | 'values'> {
  const { dimensions = FEATURE_DIMENSIONS, lengthPower = 1, maxLength = Number.POSITIVE_INFINITY, sublinear = false } = scaling;
  const sums = new Map<number, number>();
  for (const feature of features) {
    const hash = fnv1a(feature);
    const index = hash % dimensions;
    const sign = hash & 0x80000000 ? -1 : 1;
    sums.set(index, (sums.get(index) ?? 0) + sign);
  }
  const indices = Int32Array.from([...sums.keys()].filter((index) => sums.get(index) !== 0).sort((a, b) => a - b));
  // Most counts are ±1, which sublinear scaling leaves as they are (1 + ln 1 = 1).
  const values = Float64Array.from(indices, (index) => {
    const count = sums.get(index) as number;
    return sublinear && count !== 1 && count !== -1 ? Math.sign(count) * (1 + Math.log(Math.abs(count))) : count;
  });
  let length = 0;
  for (const value of values) length += value * value;
  length = Math.sqrt(length);
  const norm = Math.max(length ** lengthPower, length / maxLength) || 1;
  for (let i = 0; i < values.length; i += 1) values[i] = (values[i] as number) / norm;
  return { indices, values };
}
