import { z } from 'zod';
import { activeBreak, audio, breathing, fitnessClass, JOURNAL } from './catalogue';
import type { Phrase } from './language';
import data from './topics.json' with { type: 'json' };

/**
 * The offline coach's reviewed library (topics.json): the professional topics it recognises, with keyword
 * sets (normalised: lower case, no accents; a phrase has spaces, a single word is a stem), reflections that
 * name the situation without repeating the user's words, open questions, and concrete suggestions.
 *
 * A suggestion names a practice by id — `{audio:id}`, `{break:tag}`, `{breathing:id}`, `{class:id}`,
 * `{journal}` — and takes its title and length from the domain catalogue here, at load; an unknown id or
 * kind throws, as does any other mistake in the file's shape.
 */
export const TOPIC_IDS = [
  'delegacion',
  'carga',
  'conflicto',
  'feedback',
  'ascenso',
  'visibilidad',
  'impostor',
  'agotamiento',
  'equilibrio',
  'conversacion',
  'cambio',
  'motivacion',
] as const;
export type TopicId = (typeof TOPIC_IDS)[number];

export type Topic = {
  id: TopicId;
  /** The topic as a noun phrase: "hablar sobre {name}". */
  name: string;
  keywords: readonly string[];
  reflections: readonly Phrase[];
  questions: readonly string[];
  suggestions: readonly string[];
  /** Assessment goal values (shortTermGoals) this topic serves. */
  goals: readonly string[];
  /** Assessment challenge values (currentChallenges, workRelationshipIssues, fears) that point to it. */
  signals: readonly string[];
};

const PRACTICES: Record<string, (id: string) => string> = { audio, break: activeBreak, breathing, class: fitnessClass };

/** Replaces each `{kind:id}` / `{journal}` with the practice's name and length from the catalogue. */
export function namePractices(text: string): string {
  return text.replace(/\{(journal|[a-z]+:[^}]+)\}/g, (_, ref: string) => {
    if (ref === 'journal') return JOURNAL;
    const [kind = '', id = ''] = ref.split(':');
    const name = PRACTICES[kind];
    if (!name) throw new Error(`Offline coach: unknown practice kind in {${ref}}`);
    return name(id);
  });
}

const text = z.string().min(1);
const texts = z.array(text).min(1);
const suggestions = z.array(text.transform(namePractices)).min(1);
const topic = z.strictObject({
  id: z.enum(TOPIC_IDS),
  name: text,
  keywords: texts,
  reflections: z.array(z.union([text, z.strictObject({ f: text, m: text, n: text })])).min(1),
  questions: texts,
  suggestions,
  goals: texts,
  signals: texts,
});
const topicsFile = z.strictObject({
  topics: z.array(topic),
  generalSuggestions: suggestions,
  drainPhrases: z.record(z.string(), text),
});

const library = topicsFile.parse(data);

export const TOPICS: readonly Topic[] = library.topics;

/** When no topic is clear yet: small, general steps from the app. */
export const GENERAL_SUGGESTIONS: readonly string[] = library.generalSuggestions;

export function findTopic(id: TopicId): Topic {
  return TOPICS.find((t) => t.id === id) as Topic;
}

/**
 * The user's goals ("liderar mejor a tu equipo") and strengths ("tu empatía") in the second person, by assessment
 * value: the same phrases the written reading of the assessment uses, one table for every option.
 */
export { GOAL_PHRASES, STRENGTH_PHRASES } from '@ascenso/domain/assessment-phrases';

/** Energy drains with the verb agreeing with its subject. */
export const DRAIN_PHRASES: Record<string, string> = library.drainPhrases;
