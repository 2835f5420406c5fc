import { z } from 'zod';
import data from './phrases.json' with { type: 'json' };

/**
 * The offline coach's conversational phrases (phrases.json), grouped by what they do in a
 * motivational-interviewing turn. Each pool has enough variants that a six-turn conversation never repeats
 * a sentence. Gendered phrases carry a neutral rewording (`n`) that needs no gender at all.
 *
 * The file is content; this module checks its shape once, at load, so a typo in it fails at start-up and in
 * every test rather than mid-conversation. Notes on some pools:
 * - AFFIRMATIONS: always gendered by the form of address, neutral by default;
 * - STYLE_LINES: by the assessment's coachingStyle value;
 * - CHECKIN_* … SESSION_FAREWELLS: structured sessions;
 * - JOURNAL_ACKS, JOURNAL_PROMPTS: guided journaling (reflective prompts, no advice);
 * - DISTRESS_*: words of distress the risk screen let through, and the plain, warm answer that asks
 *   directly whether the person is thinking of hurting themselves (decision 032).
 */

/** Pools of plain sentences (some with `{placeholders}` the engine fills in). */
const SENTENCE_POOLS = [
  'THANKS',
  'GENERIC_REFLECTIONS',
  'GENERIC_FOCUS',
  'GENERIC_EVOKE',
  'OPEN_START',
  'GOAL_LINES',
  'CHALLENGE_LINES',
  'DRAIN_LINES',
  'STRENGTH_LINES',
  'PERMISSION_PREAMBLES',
  'PERMISSION_ASKS',
  'RESPECT',
  'ADVICE_INTROS',
  'GENERAL_ADVICE_INTROS',
  'CHOICE_QUESTIONS',
  'PLAN_PREAMBLES',
  'TIME_LINES',
  'PLAN_QUESTIONS',
  'SUMMARIES',
  'GENERAL_SUMMARIES',
  'SUMMARY_CLOSINGS',
  'CONTINUE',
  'FAREWELLS',
  'BRIDGES',
  'CAREFUL_OPENERS',
  'CAREFUL_BODIES',
  'CAREFUL_RESOURCES',
  'CAREFUL_QUESTIONS',
  'CAREFUL_CLOSINGS',
  'CHECKIN_LOW',
  'CHECKIN_MID',
  'GOAL_QUESTIONS',
  'EXPLORATION_QUESTIONS',
  'OPTIONS_INTROS',
  'COMMITMENT_QUESTIONS',
  'SESSION_CLOSINGS',
  'SESSION_FAREWELLS',
  'JOURNAL_ACKS',
  'JOURNAL_PROMPTS',
  'DISTRESS_KEYWORDS',
  'DISTRESS_OPENERS',
  'DISTRESS_QUESTIONS',
] as const;

/** Pools whose phrases may be gendered. */
const PHRASE_POOLS = ['AFFIRMATIONS', 'CHECKIN_HIGH'] as const;

const FEELING_NAMES = ['tired', 'frustrated', 'worried', 'sad', 'hopeful'] as const;

const sentence = z.string().min(1);
const sentences = z.array(sentence).min(1);
/** A `Phrase` (./language): a sentence, or one in three forms. */
const phrases = z.array(z.union([sentence, z.strictObject({ f: sentence, m: sentence, n: sentence })])).min(1);
const feeling = z.strictObject({ keywords: z.array(sentence).min(1), phrases });

function sameSchemaFor<K extends string, S extends z.ZodType>(keys: readonly K[], schema: S): Record<K, S> {
  return Object.fromEntries(keys.map((key) => [key, schema])) as Record<K, S>;
}

const phrasesFile = z.strictObject({
  ...sameSchemaFor(SENTENCE_POOLS, sentences),
  ...sameSchemaFor(PHRASE_POOLS, phrases),
  FEELINGS: z.strictObject(sameSchemaFor(FEELING_NAMES, feeling)),
  STYLE_LINES: z.record(z.string(), sentences),
});

export const PHRASES = phrasesFile.parse(data);
