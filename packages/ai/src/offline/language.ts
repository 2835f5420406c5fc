import type { AddressForm } from '@ascenso/domain/address-form';

/**
 * Small Spanish helpers for the offline coach: text normalisation for typo-tolerant matching,
 * gender agreement by the user's form of address, and singular/plural.
 */

/** Lower case, no accents, k/qu spelling folded, letters repeated three or more times collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/k(?=[ie])/g, 'qu')
    .replace(/k/g, 'c')
    .replace(/([a-z])\1{2,}/g, '$1')
    .replace(/[^a-z0-9ñ\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function words(text: string): string[] {
  const n = normalise(text);
  return n ? n.split(' ') : [];
}

/** A normalised text ready for many keyword checks: padded once, words deduplicated. */
export type Prepared = { padded: string; tokens: Set<string> };

/** At most `maxChars` of the text are read (a topic shows in the first lines of a message). */
export function prepare(text: string, maxChars = 1500): Prepared {
  const n = normalise(text.length > maxChars ? text.slice(0, maxChars) : text);
  return { padded: ` ${n} `, tokens: distinctWords(n) };
}

/** The distinct words of a normalised text (a long message repeats most of its words). */
export function distinctWords(normalised: string): Set<string> {
  return new Set(normalised ? normalised.split(' ') : []);
}

/** Damerau–Levenshtein distance (optimal string alignment), for one-typo tolerance. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

/**
 * Whether a normalised text contains a keyword. A keyword with a space is a phrase (matched on word
 * boundaries); a single word is a stem matched at the start of a word, with one typo allowed for stems
 * of five letters or more.
 */
export function hasKeyword(text: string | Prepared, tokens: Iterable<string>, keyword: string): boolean {
  if (keyword.includes(' ')) return (typeof text === 'string' ? ` ${text} ` : text.padded).includes(` ${keyword}`);
  for (const token of tokens) {
    if (token.startsWith(keyword)) return true;
    // One typo, not in the first letter (typos there are rare, and the check stays cheap), in a word about
    // as long as the keyword: "contestando" is not a misspelt "contento".
    if (keyword.length >= 5 && token.length >= keyword.length - 1 && token.length <= keyword.length + 2 && token.charCodeAt(0) === keyword.charCodeAt(0)) {
      for (const len of [keyword.length - 1, keyword.length, keyword.length + 1]) {
        if (len <= token.length && editDistance(token.slice(0, len), keyword) <= 1) return true;
      }
    }
  }
  return false;
}

/** A phrase in three forms; `n` is neutral wording that needs no gender at all. */
export type Gendered = { f: string; m: string; n: string };
export type Phrase = string | Gendered;

export function say(phrase: Phrase, form: AddressForm): string {
  if (typeof phrase === 'string') return phrase;
  return form === 'femenino' ? phrase.f : form === 'masculino' ? phrase.m : phrase.n;
}

/**
 * Every gendered adjective or participle the coach may say about the user, feminine first. The tests
 * check each form of address against this list; a new gendered phrase must add its words here. Words that
 * are also nouns or adverbs elsewhere (lista, solo, activa) are never used about the user.
 */
export const GENDERED_WORDS: ReadonlyArray<readonly [string, string]> = [
  ['implicada', 'implicado'],
  ['motivada', 'motivado'],
  ['cansada', 'cansado'],
  ['agotada', 'agotado'],
  ['preparada', 'preparado'],
  ['dispuesta', 'dispuesto'],
  ['comprometida', 'comprometido'],
  ['centrada', 'centrado'],
  ['decidida', 'decidido'],
  ['ocupada', 'ocupado'],
  ['bienvenida', 'bienvenido'],
  ['orgullosa', 'orgulloso'],
];

const NUMBER_WORDS = ['cero', 'un', 'dos', 'tres', 'cuatro', 'cinco', 'seis', 'siete', 'ocho', 'nueve', 'diez'];

/** "1 minuto", "3 minutos"; with `inWords`, "un compromiso", "dos compromisos". */
export function count(n: number, singular: string, plural: string, inWords = false): string {
  const number = inWords && n >= 0 && n < NUMBER_WORDS.length ? (NUMBER_WORDS[n] as string) : String(n);
  return `${number} ${n === 1 ? singular : plural}`;
}

export function minutes(n: number): string {
  return count(n, 'minuto', 'minutos');
}

/** 80 → "1 minuto y 20 segundos", 180 → "3 minutos", 45 → "45 segundos". */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return count(s, 'segundo', 'segundos');
  const m = Math.floor(s / 60);
  const rest = s % 60;
  return rest === 0 ? minutes(m) : `${minutes(m)} y ${count(rest, 'segundo', 'segundos')}`;
}

/** FNV-1a: a stable 32-bit hash, so the same conversation always gets the same variants. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Words that negate a feeling word a few words after them ("no tengo ganas", "sin ilusión", "ni motivada"). */
const NEGATORS = new Set(['no', 'sin', 'ni', 'nunca', 'tampoco', 'jamas', 'nada']);

/**
 * Whether `keyword` (one word stem or a phrase) occurs in `text` at least once without a negation in
 * the three words before it, and, for a phrase ending in "de" ("ganas de"), without "nada" after it:
 * "no tengo ganas de nada" and "sin ilusión" are not hope.
 */
export function hasUnnegatedKeyword(text: Prepared, keyword: string): boolean {
  if (!hasKeyword(text, text.tokens, keyword)) return false;
  const all = text.padded.trim().split(' ');
  const parts = keyword.split(' ');
  for (let i = 0; i < all.length; i += 1) {
    const head = all[i] as string;
    const matches = parts.length > 1 ? all.slice(i, i + parts.length).join(' ') === keyword : hasKeyword(head, [head], keyword);
    if (!matches) continue;
    const before = all.slice(Math.max(0, i - 3), i);
    if (before.some((word) => NEGATORS.has(word))) continue;
    if (parts.at(-1) === 'de' && all[i + parts.length] === 'nada') continue;
    return true;
  }
  return false;
}
