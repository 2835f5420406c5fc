import { RISK_PRIORITY, type RiskCategory } from './categories';
import { compilePattern, normalise, spellingKey } from './normalise';
import { RULES, type Rule } from './rules';

type CompiledRule = Rule & { regex: RegExp; notAfterRegex: RegExp | null; notWithRegex: RegExp | null; alsoRegex: RegExp[] };

const COMPILED: CompiledRule[] = RULES.map((rule) => ({
  ...rule,
  regex: new RegExp(compilePattern(rule.pattern).source, 'g'),
  notAfterRegex: rule.notAfter ? compilePattern(rule.notAfter) : null,
  notWithRegex: rule.notWith ? compilePattern(rule.notWith) : null,
  alsoRegex: (rule.also ?? []).map(compilePattern),
}));

const key = (words: string[]) => new Set(words.map(spellingKey));
/** Words that negate what follows them. */
const NEGATIONS = key(['no', 'nunca', 'jamas', 'ni', 'tampoco', 'nome', 'nunca', 'dont', 'never', 'not', 'wont', 'cant']);
/** Words that may stand between a negation and the negated phrase ("no PIENSO suicidarme"). */
const BRIDGES = key([
  'me',
  'te',
  'se',
  'lo',
  'la',
  'le',
  'yo',
  'pienso',
  'quiero',
  'voy',
  'a',
  'tengo',
  'tendria',
  'haria',
  'hare',
  'he',
  'estoy',
  'pensado',
  'pensaria',
  'pensar',
  'en',
  'creo',
  'ganas',
  'de',
  'deseo',
  'quisiera',
  'intentaria',
  'i',
  'to',
  'want',
  'would',
  'will',
  'am',
  'plan',
  'going',
]);

/** Whether the words right before `index` negate the match ("no", "nunca me", "no pienso"). */
function negated(text: string, index: number): boolean {
  // Three words back at most: a bounded window keeps the screen linear on long texts.
  const before = text
    .slice(Math.max(0, index - 80), index)
    .trim()
    .split(' ')
    .filter(Boolean);
  for (let i = before.length - 1, seen = 0; i >= 0 && seen < 3; i -= 1, seen += 1) {
    const word = before[i] ?? '';
    if (word === '.') return false;
    if (NEGATIONS.has(word)) return true;
    if (!BRIDGES.has(word)) return false;
  }
  return false;
}

/** What follows a match, up to the end of its clause. */
function restOfClause(text: string, end: number): string {
  const rest = text.slice(end, end + 200).trim();
  const stop = rest.indexOf(' . ');
  return (stop === -1 ? rest : rest.slice(0, stop)).replace(/^\. ?/, '');
}

/**
 * A message that laughs at itself ("me tiro por la ventana jajaja") and never says it means it: the
 * rules leave it to the classifier, which weighs the whole message (decision 032).
 */
const JOKE = compilePattern('(?:ja(?:ja)+|je(?:je)+|ja ja|xd+|lol|es broma|de broma|me parto)(?![a-z])');
const SERIOUS = compilePattern('(?:no es broma|no es de broma|en serio|de verdad|no lo digo por decir|no es una forma de hablar|va en serio)');
/** A clause set in the past that is over ("hace cinco años me autolesionaba", "catorce meses sin…"). */
const PAST = compilePattern(
  '(?:hace (?:un|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|muchos|muchas|varios|varias|[0-9]+) (?:anos|ano|meses|mes)|cuando era (?:pequen|joven|nin|adolescente)\\w*|de pequen\\w*|en aquella epoca|(?:meses|anos|semanas|dias) sin|sin (?:autolesion|cortarme|hacerme dano)\\w*)',
);

/** "Como vuelva a…", "si me vuelve a…": what follows is exasperation with a thing, not intent. */
const EXASPERATION = compilePattern('(?:como|si) (?:me |le |se |lo |la )?(?:vuelv|vuelbe|vuelve|buelv)\\w*');

/** The clause (between " . " boundaries) around a match. */
function clauseAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf(' . ', start);
  const to = text.indexOf(' . ', end);
  return text.slice(from === -1 ? 0 : from + 3, to === -1 ? text.length : to);
}

function fires(rule: CompiledRule, text: string): boolean {
  if (!rule.alsoRegex.every((regex) => regex.test(text))) return false;
  if (JOKE.test(text) && !SERIOUS.test(text)) return false;
  if (rule.notWithRegex?.test(text)) return false;
  rule.regex.lastIndex = 0;
  for (const match of text.matchAll(rule.regex)) {
    if (rule.negatable !== false && negated(text, match.index)) continue;
    const clause = clauseAround(text, match.index, match.index + match[0].length);
    if (PAST.test(clause)) continue;
    // "como vuelva a fallar el Excel me tiro por la ventana": exasperation, not intent.
    if (EXASPERATION.test(clause.slice(0, clause.indexOf(match[0])))) continue;
    if (rule.notAfterRegex && rule.notAfterRegex.test(restOfClause(text, match.index + match[0].length))) continue;
    return true;
  }
  return false;
}

/** What the rules found: the categories of the rules that fired (most urgent first) and their ids. */
export type RulesResult = { categories: RiskCategory[]; rules: string[] };

/**
 * The reviewed rules over the normalised message (./rules.ts); null when none fires. One of the
 * screen's two layers (./screen.ts).
 */
export function screenWithRules(text: string): RulesResult | null {
  return screenNormalisedWithRules(normalise(text));
}

/** The same for a message already normalised (./normalise.ts). */
export function screenNormalisedWithRules(normalised: string): RulesResult | null {
  if (!normalised) return null;
  const fired = COMPILED.filter((rule) => fires(rule, normalised));
  if (fired.length === 0) return null;
  const categories = RISK_PRIORITY.filter((category) => fired.some((rule) => rule.category === category));
  return { categories, rules: fired.map((rule) => rule.id) };
}
