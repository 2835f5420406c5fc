/**
 * Small Spanish writing rules for text composed from parts (lists, free text placed mid-sentence, quotes).
 * No zod and no word lists: the assessment reading and the web app both use it.
 */

/** Whether a word starts with the vowel sound /i/ ("imágenes", "hilo"), not the diphthong of "hielo" or "hierba". */
function startsWithI(word: string): boolean {
  return /^h?[iíIÍ](?![aeiouáéóúAEIOUÁÉÓÚ])/u.test(word);
}

/** Whether a word starts with the vowel sound /o/ ("otro", "hora"). */
function startsWithO(word: string): boolean {
  return /^h?[oóOÓ]/u.test(word);
}

/**
 * "a", "a y b", "a, b y c" (no comma before the conjunction). The conjunction turns into "e" before an /i/ sound
 * ("datos e ideas") and "o" into "u" before an /o/ sound ("uno u otro").
 */
export function joinList(items: readonly string[], conjunction: 'y' | 'o' = 'y'): string {
  if (items.length <= 1) return items.join('');
  const last = items.at(-1) as string;
  const word = conjunction === 'y' ? (startsWithI(last) ? 'e' : 'y') : startsWithO(last) ? 'u' : 'o';
  return `${items.slice(0, -1).join(', ')} ${word} ${last}`;
}

/** Whether a free text says anything (a letter or a digit), not only spaces, dots or quotes. */
export function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase('es') + text.slice(1);
}

/**
 * One line, single spaces, no closing full stop or semicolon (the sentence around it supplies its own). Line breaks
 * become " / ", as when quoting verse, so two lines do not run together into one sentence.
 */
function oneLine(text: string): string {
  return text
    .split(/\s*\n\s*/u)
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter(Boolean)
    .join(' / ')
    .replace(/(?:[\s;,:]|(?<!\.)\.)+$/u, '');
}

/**
 * Free text written by the user, placed in the middle of a sentence: "Product manager" becomes "product manager",
 * but an acronym ("CTO"), a title in Title Case ("Head of Product") or a name beside it keeps its capitals.
 */
export function inlineFreeText(text: string): string {
  const line = oneLine(text);
  const words = line.split(' ');
  const first = (words[0] ?? '').replace(/[^\p{L}]+$/u, '');
  const capitalisedWord = /^\p{Lu}\p{Ll}+$/u;
  const keepsCapitals = words.slice(1).some((w) => /^\p{Lu}\p{Ll}/u.test(w));
  if (!capitalisedWord.test(first) || keepsCapitals) return line;
  return first.toLocaleLowerCase('es') + line.slice(first.length);
}

/**
 * The user's own words between Spanish quotes, on one line: «Delegar sin perder calidad». A closing full stop is
 * left out, since the sentence's own stop goes after the quote; a question or exclamation mark stays inside. Quotes
 * the user wrapped the text in are dropped, and quotes inside it become “ ” (RAE: « “ ” »).
 */
export function quoted(text: string): string {
  const line = oneLine(text);
  const inner = /^[«"“'](.*)[»"”']$/u.exec(line)?.[1] ?? line;
  return `«${inner.replace(/«/gu, '“').replace(/»/gu, '”')}»`;
}
