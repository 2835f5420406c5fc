/**
 * Synthetic typos for training the crisis classifier (decision 032), never applied to dev or test: in a
 * copy of a message, a quarter of the words of four letters or more lose a letter, swap two neighbouring
 * letters or hit a neighbouring key (and lose their accents). Seeded, so training stays
 * deterministic. (Doubled letters and missing accents need no copy: the spelling key already folds them.)
 */
const NEIGHBOURS: Record<string, string> = { a: 's', e: 'r', i: 'o', o: 'p', u: 'i', s: 'a', r: 't', t: 'r', n: 'm', m: 'n', l: 'k', d: 's', c: 'x', p: 'o' };

export function withTypos(text: string, random: () => number): string {
  return text.replace(/[a-záéíóúñ]{4,}/gi, (word) => {
    if (random() > 0.25) return word;
    const chars = [...word.normalize('NFD').replace(/[\u0300-\u036f]/g, '')];
    const at = 1 + Math.floor(random() * (chars.length - 2));
    const kind = random();
    if (kind < 0.4) chars.splice(at, 1);
    else if (kind < 0.7) [chars[at], chars[at - 1]] = [chars[at - 1] as string, chars[at] as string];
    else chars[at] = NEIGHBOURS[(chars[at] as string).toLowerCase()] ?? (chars[at] as string);
    return chars.join('');
  });
}

/** Mulberry32: a small seeded generator. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A copy of `items` in an order drawn from `random` (Fisher–Yates). */
export function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
