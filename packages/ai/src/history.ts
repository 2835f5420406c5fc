import { estimateTokens, type ChatMessage } from './provider';

/** Default token budget for the conversation history sent to the model (≈4 characters per token). */
export const DEFAULT_HISTORY_TOKEN_BUDGET = 3000;

/**
 * The window moves in steps of this many user turns: the summary and the first kept message stay the
 * same bytes for several turns, so the provider's prompt cache keeps hitting.
 */
export const TRIM_STEP_TURNS = 4;

/** At most this many older user turns appear in the summary (the earliest ones). */
const SUMMARY_MAX_ITEMS = 8;

export type TrimmedHistory = {
  /** Starts with a user message, ends with the latest user message. */
  messages: ChatMessage[];
  /** A deterministic summary of the dropped turns, or null when nothing was dropped. */
  summary: string | null;
  /** How many messages were left out. */
  dropped: number;
};

function firstSentence(text: string, max = 140): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  const sentence = /^(.+?[.!?…])(\s|$)/.exec(clean)?.[1] ?? clean;
  return sentence.length > max ? `${sentence.slice(0, max - 1).trimEnd()}…` : sentence;
}

/**
 * A summary of older turns computed without a model: what the person brought up, turn by turn (first
 * sentence of each), and the coach's last question or proposal before the cut. Deterministic, so the
 * same dropped turns always give the same bytes.
 */
export function summarizeTurns(older: readonly ChatMessage[]): string | null {
  const userTurns = older.filter((m) => m.role === 'user');
  if (userTurns.length === 0) return null;
  const items = userTurns.slice(0, SUMMARY_MAX_ITEMS).map((m) => `«${firstSentence(m.content)}»`);
  const more = userTurns.length - items.length;
  const lastCoach = [...older].reverse().find((m) => m.role === 'assistant');
  return [
    `en ${userTurns.length} ${userTurns.length === 1 ? 'mensaje anterior' : 'mensajes anteriores'} la persona habló de: ${items.join('; ')}${more > 0 ? ` y ${more} más` : ''}.`,
    lastCoach ? ` Lo último que le dijiste antes de esta parte: «${firstSentence(lastCoach.content, 200)}».` : '',
  ].join('');
}

const cost = (m: ChatMessage) => estimateTokens(m.content) + 4;

/**
 * The history the model sees: the newest turns that fit `budgetTokens`, always starting with a user
 * message (a leading coach opener is left out), and a summary of what was left out. The cut moves in
 * steps of TRIM_STEP_TURNS user turns. The latest user message is always kept.
 */
export function trimHistory(history: readonly ChatMessage[], budgetTokens = DEFAULT_HISTORY_TOKEN_BUDGET): TrimmedHistory {
  const all = history.filter((m) => m.role !== 'system');
  const userIndexes = all.flatMap((m, i) => (m.role === 'user' ? [i] : []));
  if (userIndexes.length === 0) return { messages: [], summary: null, dropped: all.length };

  // The earliest user message from which the rest fits the budget.
  let used = 0;
  let earliest = userIndexes.at(-1) as number;
  for (let i = all.length - 1; i >= 0; i -= 1) {
    used += cost(all[i] as ChatMessage);
    if (used > budgetTokens && i < (userIndexes.at(-1) as number)) break;
    if (all[i]?.role === 'user') earliest = i;
  }
  let ordinal = userIndexes.indexOf(earliest);
  // Nothing to drop but a leading opener: keep every turn.
  if (ordinal > 0) {
    // Round the cut up to the next step boundary (fewer messages, so it still fits).
    const stepped = Math.ceil(ordinal / TRIM_STEP_TURNS) * TRIM_STEP_TURNS;
    ordinal = Math.min(stepped, userIndexes.length - 1);
  }
  const start = userIndexes[ordinal] as number;
  const older = all.slice(0, start);
  return { messages: all.slice(start), summary: ordinal > 0 ? summarizeTurns(older) : null, dropped: older.length };
}
