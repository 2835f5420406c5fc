/**
 * Text normalisation for the risk screen. Messages and rule patterns go through the same spelling key,
 * so a rule written in ordinary Spanish also matches the common ways people misspell it:
 *
 * - lower case, no accents (ñ → n, ü → u), apostrophes dropped ("don't" → "dont");
 * - clause punctuation becomes a "." token (rules use it as a clause boundary); other symbols a space;
 * - SMS spellings expanded word by word: q, k, ke → que; xq, pq, xk, pk, porq → porque; x → por;
 *   pa, xa → para; d → de; tb, tmb → tambien; toy → estoy; nd → nada; mxo → mucho;
 * - a spelling key per word: ll → y; qu, k and c before a, o, u or a consonant → k; c before e, i → s;
 *   z → s; v → b; silent h dropped (ch kept); every run of one letter → one letter ("moriiir" → "morir",
 *   "perro" → "pero"). Extra spaces collapse; rule patterns make a space between two words optional,
 *   so "mequiero matar" and "me quiero matar" read the same.
 */

// A Map, not an object literal: a word such as "constructor" or "toString" must not find Object.prototype.
const SMS = new Map<string, string>(
  Object.entries({
    q: 'que',
    k: 'que',
    ke: 'que',
    xq: 'porque',
    pq: 'porque',
    xk: 'porque',
    pk: 'porque',
    porq: 'porque',
    x: 'por',
    pa: 'para',
    xa: 'para',
    d: 'de',
    tb: 'tambien',
    tmb: 'tambien',
    toy: 'estoy',
    nd: 'nada',
    mxo: 'mucho',
  }),
);

const CH = '\u0001';

/** The spelling key of one lower-case, accent-free word. */
export function spellingKey(word: string): string {
  return word
    .replace(/ll/g, 'y')
    .replace(/ch/g, CH)
    .replace(/qu/g, 'k')
    .replace(/c(?=[ei])/g, 's')
    .replace(/c/g, 'k')
    .replace(/z/g, 's')
    .replace(/v/g, 'b')
    .replace(/h/g, '')
    .replaceAll(CH, 'ch')
    .replace(/([a-z])\1+/g, '$1');
}

function foldCase(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** A message as the rules read it: keyed words separated by single spaces, clauses by " . ". */
export function normalise(text: string): string {
  const folded = foldCase(text)
    .replace(/['’`´]/g, '')
    .replace(/[.,;:!?¡¿…\n\r()"«»\-–—]+/g, ' . ')
    .replace(/[^a-z0-9. ]+/g, ' ');
  const words = folded.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (const word of words) {
    if (word === '.') {
      if (out.length && out.at(-1) !== '.') out.push('.');
      continue;
    }
    const expanded = SMS.get(word) ?? word;
    for (const part of expanded.split(' ')) out.push(/^[0-9]+$/.test(part) ? part : spellingKey(part));
  }
  while (out.at(-1) === '.') out.pop();
  return out.join(' ');
}

/**
 * Compiles a rule pattern written in ordinary Spanish: each word goes through the same spelling key as
 * messages (escapes such as \w and character classes are left alone), and a single space between two
 * words becomes optional. The pattern starts at a word boundary.
 */
export function compilePattern(source: string): RegExp {
  const tokens = source.match(/\\.|\[(?:\\.|[^\]])*\]|[a-zA-ZÀ-ÿ]+|\s|[^a-zA-ZÀ-ÿ\s\\[]+/g) ?? [];
  let out = '';
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? '';
    if (/^[a-zA-ZÀ-ÿ]+$/.test(token)) out += spellingKey(foldCase(token));
    else if (token === ' ') {
      const before = tokens[i - 1] ?? '';
      const after = tokens[i + 1] ?? '';
      out += /^[a-zA-ZÀ-ÿ]+$/.test(before) && /^[a-zA-ZÀ-ÿ]+$/.test(after) ? ' ?' : ' ';
    } else out += token;
  }
  return new RegExp(`(?<![a-z0-9])(?:${out})`);
}
