import { RISK_PRIORITY, type RiskCategory } from './categories';
import { compilePattern, normalise, spellingKey } from './normalise';
import { RULES, type Rule } from './rules';

type CompiledRule = Rule & { regex: RegExp; notAfterRegex: RegExp | null; alsoRegex: RegExp[] };

const COMPILED: CompiledRule[] = RULES.map((rule) => ({
  ...rule,
  regex: new RegExp(compilePattern(rule.pattern).source, 'g'),
  notAfterRegex: rule.notAfter ? compilePattern(rule.notAfter) : null,
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

function fires(rule: CompiledRule, text: string): boolean {
  if (!rule.alsoRegex.every((regex) => regex.test(text))) return false;
  rule.regex.lastIndex = 0;
  for (const match of text.matchAll(rule.regex)) {
    if (rule.negatable !== false && negated(text, match.index)) continue;
    if (rule.notAfterRegex && rule.notAfterRegex.test(restOfClause(text, match.index + match[0].length))) continue;
    return true;
  }
  return false;
}

export type ScreenResult = {
  /** The most urgent category found. */
  category: RiskCategory;
  /** Every category found, most urgent first. */
  categories: RiskCategory[];
  /** The ids of the rules that fired (for logs and review; never shown to the user). */
  rules: string[];
};

/**
 * The risk screen: reviewed rules over the normalised message (./rules.ts). Null when nothing fires.
 * Deterministic and synchronous; it runs before any model call.
 */
export function screenMessage(text: string): ScreenResult | null {
  const normalised = normalise(text);
  if (!normalised) return null;
  const fired = COMPILED.filter((rule) => fires(rule, normalised));
  if (fired.length === 0) return null;
  const categories = RISK_PRIORITY.filter((category) => fired.some((rule) => rule.category === category));
  return { category: categories[0] as RiskCategory, categories, rules: fired.map((rule) => rule.id) };
}
