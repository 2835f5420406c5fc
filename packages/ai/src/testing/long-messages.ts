/**
 * Messages of varied made-up words, the same for a given seed: what a long pasted text costs the offline coach
 * (its unit test and bench/src/offline-coach.ts). `next(length)` writes one message of at most `length` characters.
 */
export function variedWords(seed: number): { next: (length: number) => string } {
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const letters = 'abcdefghijlmnopqrstuvz';
  const word = () => Array.from({ length: 4 + Math.floor(rnd() * 7) }, () => letters[Math.floor(rnd() * letters.length)]).join('');
  return {
    next: (length) => {
      let text = '';
      while (text.length < length - 10) text += `${word()} `;
      return text.slice(0, length);
    },
  };
}
