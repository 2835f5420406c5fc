/**
 * What makes a piece of writing count as evidence for steps (decision 037): a journal entry, the messages of a
 * quick consultation and the answers of a structured session earn only when they say something. The rules
 * stop filler ("bla bla", "x", "asdf", one sentence pasted again), not style: typos, names, English words and
 * a brief way of writing still count. No word list: a dictionary would refuse the person who writes "finde",
 * "Jira" or "burnout", which this app hears every day.
 */

/** A journal entry earns with at least this many words, of which at least `minDistinctWords` are distinct and real. */
export const JOURNAL_EVIDENCE = { minWords: 50, minDistinctWords: 20 } as const;
/** A message says something with at least this many real words holding at least `minLetters` letters together. */
export const MESSAGE_EVIDENCE = { minWords: 3, minLetters: 12 } as const;
/** Two messages whose real words overlap this much (Jaccard index of their sets) count as one. */
export const SAME_MESSAGE_OVERLAP = 0.8;
/** A quick consultation earns once the person has sent this many messages that count. */
export const CHAT_EVIDENCE = { messages: 3 } as const;
/** A structured session earns when at least this many of its four stages hold an answer that counts. */
export const SESSION_EVIDENCE = { stages: 3 } as const;

const VOWELS = 'aeiouáéíóúü';
const ONE_LETTER_WORDS = new Set(['a', 'e', 'o', 'u', 'y']);
/** Rows of a Spanish keyboard: "asdf" or "qwerty" typed to fill a box are not words. */
const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjklñ', 'zxcvbnm', '1234567890'];

/** The words of a text, lower case: runs of letters (an apostrophe or a hyphen inside a word keeps it whole). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFC')
      .toLocaleLowerCase('es')
      .match(/\p{L}+(?:['’-]\p{L}+)*/gu) ?? []
  ).slice(0, 20_000);
}

/**
 * Whether a word looks like one a person wrote, in any language with Latin letters or in another script: a
 * vowel (or a one-letter Spanish word), no letter three times in a row ("aaah"), no run of five consonants
 * ("sdfgh") and not a stretch of a keyboard row ("asdf", "qwerty").
 */
export function isRealWord(word: string): boolean {
  if (word.length === 1) return ONE_LETTER_WORDS.has(word);
  if (word.length > 40) return false;
  if (!/^[\p{Script=Latin}'’-]+$/u.test(word)) return /\p{L}/u.test(word);
  const letters = word.replace(/['’-]/g, '');
  if (![...letters].some((c) => VOWELS.includes(c) || c === 'y')) return false;
  if (/(\p{L})\1\1/u.test(letters)) return false;
  if (/[^aeiouáéíóúüy'’-]{5}/u.test(letters)) return false;
  if (letters.length >= 4 && KEYBOARD_ROWS.some((row) => row.includes(letters))) return false;
  return true;
}

/** The distinct real words of a text. */
export function realWordSet(text: string): Set<string> {
  return new Set(wordsOf(text).filter(isRealWord));
}

/** Why a piece of writing did not earn: the web app and the API show the sentence of each reason. */
export type EvidenceShortfall = 'journal_short' | 'journal_repetitive' | 'chat_messages' | 'session_stages' | 'assessment_unchanged';

/** The Spanish sentence that tells the person why it did not earn, and what would. */
export const EVIDENCE_SHORTFALL_MESSAGES: Record<EvidenceShortfall, string> = {
  journal_short: `Para sumar pasos, una entrada necesita al menos ${JOURNAL_EVIDENCE.minWords} palabras.`,
  journal_repetitive: `Esta entrada no suma pasos porque repite muchas palabras: para sumarlos, escribe al menos ${JOURNAL_EVIDENCE.minDistinctWords} palabras distintas.`,
  chat_messages: `Una consulta rápida suma pasos con ${CHAT_EVIDENCE.messages} mensajes tuyos que cuenten algo: de al menos ${MESSAGE_EVIDENCE.minWords} palabras y distintos entre sí.`,
  session_stages: `La sesión está guardada con su resumen, pero no suma pasos: una sesión completa responde con algo de detalle al menos ${SESSION_EVIDENCE.stages} de sus cuatro fases.`,
  assessment_unchanged:
    'Tus respuestas son iguales a las de tu última evaluación: están guardadas, pero no suman pasos. Vuelve a hacerla cuando algo haya cambiado.',
};

/** `note`: the sentence of `shortfall`, shown to the person; null when the entry earns. */
export type JournalEvidence = { words: number; distinctWords: number; earns: boolean; shortfall: EvidenceShortfall | null; note: string | null };

/** Whether a journal entry earns: at least 50 words, of which at least 20 are distinct and real. */
export function journalEvidence(body: string, wordCount: number): JournalEvidence {
  const distinctWords = realWordSet(body).size;
  const shortfall: EvidenceShortfall | null =
    wordCount < JOURNAL_EVIDENCE.minWords ? 'journal_short' : distinctWords < JOURNAL_EVIDENCE.minDistinctWords ? 'journal_repetitive' : null;
  return { words: wordCount, distinctWords, earns: shortfall === null, shortfall, note: shortfall ? EVIDENCE_SHORTFALL_MESSAGES[shortfall] : null };
}

/** Whether a message says something: at least three real words with twelve letters or more between them. */
export function isSubstantive(text: string): boolean {
  const words = wordsOf(text).filter(isRealWord);
  return words.length >= MESSAGE_EVIDENCE.minWords && words.reduce((sum, w) => sum + w.length, 0) >= MESSAGE_EVIDENCE.minLetters;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 ? 1 : shared / union;
}

/**
 * The messages that count, in order: each says something and is not the same as one counted before it (its
 * real words overlap less than SAME_MESSAGE_OVERLAP with every earlier one).
 */
export function countingMessages<T>(messages: readonly T[], textOf: (message: T) => string): T[] {
  const counted: { message: T; words: Set<string> }[] = [];
  for (const message of messages) {
    const text = textOf(message);
    if (!isSubstantive(text)) continue;
    const words = realWordSet(text);
    if (counted.some((earlier) => overlap(earlier.words, words) >= SAME_MESSAGE_OVERLAP)) continue;
    counted.push({ message, words });
  }
  return counted.map((c) => c.message);
}

/** Whether a quick consultation's user messages earn: three that count. */
export function chatEvidence(userMessages: readonly string[]): { counted: number; needed: number; earns: boolean } {
  const counted = countingMessages(userMessages, (m) => m).length;
  return { counted, needed: CHAT_EVIDENCE.messages, earns: counted >= CHAT_EVIDENCE.messages };
}

/** Whether a structured session earns: at least three stages hold an answer that counts (and differs from the others'). */
export function sessionEvidence(answers: readonly { stage: string; content: string }[]): { stages: number; needed: number; earns: boolean } {
  const stages = new Set(countingMessages(answers, (a) => a.content).map((a) => a.stage)).size;
  return { stages, needed: SESSION_EVIDENCE.stages, earns: stages >= SESSION_EVIDENCE.stages };
}

/** One spelling of a value: object keys sorted, and lists of plain values sorted (a multiple choice has no order). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) {
    const items = value.map(canonical);
    return `[${value.every((v) => typeof v !== 'object' || v === null) ? items.sort().join(',') : items.join(',')}]`;
  }
  if (value && typeof value === 'object') {
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether an assessment's answers are the same as an earlier one's: re-sent unchanged, it earns nothing. */
export function sameAnswers(a: unknown, b: unknown): boolean {
  return canonical(a) === canonical(b);
}
