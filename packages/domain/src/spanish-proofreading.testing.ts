/**
 * Mechanical proofreading of composed Spanish text, for tests (the assessment reading, the offline coach's lines).
 * It does not replace reading the text: it catches the slips that composition makes, mechanically and everywhere.
 */

/** Sentences of a text: split after . ! ? (or a closing » that follows one) before a capital, never inside «quotes». */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '«') depth += 1;
    else if (ch === '»') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === '.' || ch === '!' || ch === '?') && text[i + 1] === ' ' && /[\p{Lu}¿¡«\d]/u.test(text[i + 2] ?? '')) {
      out.push(text.slice(start, i + 1));
      start = i + 2;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out;
}

/** The sentence with each «quote» replaced by a neutral placeholder word: the user's own words are theirs. */
function unquoted(sentence: string): string {
  return sentence.replace(/«[^»]*»/gu, 'CITA');
}

const words = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];

/** First-person singular words and the first-person verb forms the option labels use (and common ones). */
const FIRST_PERSON = new Set([
  'yo',
  'mi',
  'mí',
  'mis',
  'me',
  'conmigo',
  'mío',
  'mía',
  'míos',
  'mías',
  'quiero',
  'tengo',
  'necesito',
  'soy',
  'estoy',
  'puedo',
  'hago',
  'voy',
  'creo',
  'busco',
  'aprendo',
  'cuido',
  'viajo',
  'analizo',
  'afronto',
  'retiro',
  'tiendo',
  'siento',
  'pienso',
  'prefiero',
  'nos',
  'nuestro',
  'nuestra',
  'nuestros',
  'nuestras',
]);
/** An infinitive or gerund with "me" attached: "moverme", "comunicarme", "consolidándome". */
const FIRST_PERSON_ENCLITIC = /^\p{L}+(?:ar|er|ir|ír|ando|iendo|ándo|iéndo|yendo|yéndo)me$/u;

const INFINITIVE = /^\p{Ll}+(?:ar|er|ir|ír)(?:me|te|se|lo|la|los|las|le|les|nos)?$/u;
/** Words ending like an infinitive that are not one (nouns, adverbs) in our texts. */
const NOT_INFINITIVE = new Set([
  'lugar',
  'hogar',
  'mujer',
  'ayer',
  'par',
  'mar',
  'bar',
  'cualquier',
  'azar',
  'placer',
  'militar',
  'familiar',
  'similar',
  'particular',
  'popular',
  'regular',
  'singular',
  'titular',
  'peculiar',
  'escolar',
  'polar',
  'solar',
]);
/** Verbs that do take a bare infinitive ("saber delegar", "poder descansar"). */
const TAKES_INFINITIVE = new Set([
  'poder',
  'saber',
  'querer',
  'deber',
  'soler',
  'necesitar',
  'intentar',
  'lograr',
  'conseguir',
  'dejar',
  'hacer',
  'preferir',
  'desear',
]);

/** Adjectives and participles about the user with a gender: the reading does not know the form of address. */
const GENDERED_ABOUT_USER = /\b(?:estás|eres|te sientes|te ves|te veo)\s+(?:muy\s+|más\s+|algo\s+)?\p{L}+(?:ado|ada|ido|ida|oso|osa)s?\b/iu;

const startsWithI = (w: string) => /^h?[iíIÍ](?![aeiouáéóúAEIOUÁÉÓÚ])/u.test(w);
const startsWithO = (w: string) => /^h?[oóOÓ]/u.test(w);

export type ProofreadOptions = {
  /** The first person is the speaker's own (the coach: "Tengo presente que…"), not the user's: skip that check. */
  speakerMayUseFirstPerson?: boolean;
};

/** Slips in one sentence of second-person text; an empty list when it reads clean. */
export function proofreadSentence(sentence: string, options: ProofreadOptions = {}): string[] {
  const problems: string[] = [];
  const plain = unquoted(sentence);
  const tokens = words(plain);
  const lower = tokens.map((t) => t.toLocaleLowerCase('es'));

  if (!/^[¿¡«(]?[\p{Lu}\d]/u.test(sentence)) problems.push('does not start with a capital letter');
  if (!/[.!?]$/u.test(sentence)) problems.push('does not end with a full stop');
  if (/»$/u.test(sentence)) problems.push('a closing quote with no full stop after it');
  if (/\.\.(?!\.)|\.\s*\.|,\s*\.|,,|;\s*\./u.test(sentence)) problems.push('doubled punctuation');
  if (/\s{2,}/u.test(sentence) || sentence !== sentence.trim()) problems.push('double or stray spaces');
  if (/\s[,.;:!?»)]/u.test(sentence) || /[«(]\s/u.test(sentence)) problems.push('a space before punctuation');
  if (/[,;:](?=[\p{L}])/u.test(plain)) problems.push('no space after punctuation');
  if (/[{}]|\$\{|\bundefined\b|\bnull\b|\bNaN\b|\[object/u.test(sentence)) problems.push('a template left unfilled');
  if (/\p{Ll}-\p{Ll}/u.test(plain)) problems.push('a slug or hyphenated label ("síndrome-impostor", "vida-trabajo")');
  if (/\p{L}\/\p{L}/u.test(plain)) problems.push('a gender slash ("abrumado/a")');
  if (GENDERED_ABOUT_USER.test(plain)) problems.push('a gendered word about the user');
  if (/\(\s*\)/u.test(sentence)) problems.push('empty parentheses');

  for (let i = 0; i < lower.length; i += 1) {
    const w = lower[i] as string;
    if (!options.speakerMayUseFirstPerson && (FIRST_PERSON.has(w) || FIRST_PERSON_ENCLITIC.test(w))) {
      problems.push(`first person "${tokens[i]}"`);
    }
  }

  // Adjacent words (only a space between them): doubled words, infinitive pairs, conjunction forms.
  const pairs = [...plain.matchAll(/(?<![\p{L}\p{N}])([\p{L}\p{N}]+) (?=([\p{L}\p{N}]+))/gu)];
  for (const m of pairs) {
    const a = (m[1] as string).toLocaleLowerCase('es');
    const b = (m[2] as string).toLocaleLowerCase('es');
    if (a === b) problems.push(`doubled word "${a} ${b}"`);
    if (INFINITIVE.test(a) && INFINITIVE.test(b) && !NOT_INFINITIVE.has(a) && !NOT_INFINITIVE.has(b) && !TAKES_INFINITIVE.has(a)) {
      problems.push(`two infinitives in a row "${a} ${b}"`);
    }
    if (a === 'y' && startsWithI(b)) problems.push(`"y ${b}" should be "e ${b}"`);
    if (a === 'e' && !startsWithI(b)) problems.push(`"e ${b}" should be "y ${b}"`);
    if (a === 'o' && startsWithO(b)) problems.push(`"o ${b}" should be "u ${b}"`);
    if (a === 'u' && !startsWithO(b)) problems.push(`"u ${b}" should be "o ${b}"`);
  }
  // A list item after ", y" (an article, a possessive, an infinitive): "a, b, y c". A new clause may take the comma
  // ("no has registrado actividades, y no pasa nada").
  if (/,\s+(?:y|e|o|u)\s+(?:el|la|los|las|lo|tu|tus|un|una|\p{Ll}+(?:ar|er|ir))(?![\p{L}])/u.test(plain)) {
    problems.push('a comma before the last item of a list ("a, b, y c")');
  }
  return problems;
}

/** Slips in a whole text (several sentences): each sentence's problems, prefixed with the sentence. */
export function proofread(text: string, options: ProofreadOptions = {}): string[] {
  if (!text.trim()) return ['empty text'];
  return sentencesOf(text).flatMap((s) => proofreadSentence(s, options).map((p) => `${p}: ${s}`));
}
