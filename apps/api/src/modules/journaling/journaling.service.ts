import { localDay } from '@ascenso/domain/calendar';
import { DomainError } from '@ascenso/domain/errors';
import { journalEvidence } from '@ascenso/domain/evidence';
import { JOURNAL_MIN_WORDS_FOR_STEPS, countWords, promptForDay, type JournalEntryInput } from '@ascenso/domain/journal';
import type { JournalEntryRow } from '@ascenso/db/schema/coaching';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { journalSafety } from '../coaching/safety';
import { enforceDailyQuota, insertWithinDailyQuota } from '../quotas/quotas';

type User = { id: string; timezone: string };

function view(row: JournalEntryRow) {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    mood: row.mood,
    prompt: row.prompt,
    source: row.source,
    wordCount: row.wordCount,
    createdAt: row.createdAt,
  };
}

export function todaysPrompt(deps: Deps, user: User) {
  return { prompt: promptForDay(localDay(deps.clock(), user.timezone)), minWords: JOURNAL_MIN_WORDS_FOR_STEPS };
}

/** Newest first; `query` matches title, body or mood (case-insensitive). */
export async function listEntries(deps: Deps, user: User, query?: string) {
  const needle = query?.trim().toLocaleLowerCase('es');
  return (await deps.repos.coaching.recentJournalEntries(user.id, 500))
    .filter((e) => !needle || [e.title, e.body, e.mood ?? ''].some((field) => field.toLocaleLowerCase('es').includes(needle)))
    .map(view);
}

export async function getEntry(deps: Deps, user: User, id: string) {
  const entry = await deps.repos.coaching.findJournalEntry(id);
  if (!entry || entry.userId !== user.id) throw new DomainError('NOT_FOUND', 'Entrada no encontrada');
  return view(entry);
}

/**
 * A new entry (at most the daily journal quota). One with substance (50 words or more, 20 of them distinct and
 * real: decision 037) earns `journaling` under its daily limit; otherwise the answer says why it did not earn.
 */
export async function createEntry(deps: Deps, user: User, input: JournalEntryInput) {
  const words = countWords(input.body);
  const row: JournalEntryRow = {
    id: crypto.randomUUID(),
    userId: user.id,
    title: input.title || input.body.split('\n')[0]?.slice(0, 80) || 'Entrada',
    body: input.body,
    mood: input.mood,
    prompt: input.prompt ?? null,
    source: 'manual',
    conversationId: null,
    wordCount: words,
    createdAt: deps.clock(),
  };
  // An entry that earns is written in its award's transaction: both commit, or neither (a crash between two
  // transactions used to leave an entry that could never earn). One without substance is only stored.
  const evidence = journalEvidence(input.body, words);
  const earns = evidence.earns;
  const award = earns
    ? await completeActivity(
        deps,
        user,
        { activity_key: 'journaling', metadata: { entryId: row.id } },
        {
          source: 'journal',
          ref: row.id,
          check: async (tx) => {
            await tx.coaching.insertJournalEntry(row);
            await enforceDailyQuota(deps, tx, user, 'journalEntries');
          },
        },
      )
    : null;
  if (!earns) await insertWithinDailyQuota(deps, user, 'journalEntries', (tx) => tx.coaching.insertJournalEntry(row));
  // Saved whatever it says; when the risk screen fires, the answer carries the helplines (shown gently).
  const safety = await journalSafety(deps, user, { title: input.title, body: input.body });
  return {
    entry: view(row),
    stepsEarned: award?.stepsEarned ?? 0,
    limitReached: award?.limitReached ?? false,
    activityId: award?.activityId ?? null,
    minWords: JOURNAL_MIN_WORDS_FOR_STEPS,
    stepsNote: evidence.note,
    safety,
  };
}

export async function deleteEntry(deps: Deps, user: User, id: string) {
  if (!(await deps.repos.coaching.deleteJournalEntry(user.id, id))) throw new DomainError('NOT_FOUND', 'Entrada no encontrada');
  return { success: true as const };
}
