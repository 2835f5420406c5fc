import { JOURNAL_EVIDENCE, journalEvidence } from '@ascenso/domain/evidence';
import { DomainError } from '@ascenso/domain/errors';
import { countWords } from '@ascenso/domain/journal';
import type { Repositories } from '@ascenso/db/store';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { enforceDailyQuota, journalEntryFits } from '../quotas/quotas';
import { owned, titleFrom, type User } from './conversations';

/**
 * Saves a guided journaling conversation as a journal entry (the user's own words). An entry with substance
 * (at least 50 words, 20 of them distinct and real: decision 037) earns `journaling` under its daily limit,
 * in the same transaction as the entry; otherwise the answer says why it did not earn.
 */
export async function saveJournalFromConversation(
  deps: Deps,
  user: User,
  input: { conversationId: string; mood?: string | undefined; title?: string | undefined },
) {
  const conversation = await owned(deps, user, input.conversationId);
  if (conversation.kind !== 'journal') throw new DomainError('VALIDATION', 'Solo una conversación de diario se guarda como entrada');
  if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta entrada ya está guardada');
  const messages = await deps.repos.coaching.listMessages(conversation.id);
  const body = messages
    .filter((m) => m.role === 'user' && !m.flagged)
    .map((m) => m.content.trim())
    .join('\n\n');
  const words = countWords(body);
  if (words === 0) throw new DomainError('VALIDATION', 'Escribe algo antes de guardar la entrada');
  journalEntryFits(body);
  const evidence = journalEvidence(body, words);
  const prompt = messages.find((m) => m.role === 'assistant')?.content ?? null;
  const id = crypto.randomUUID();
  const now = deps.clock();
  /** The entry, its quota and the conversation's close: with the award's transaction when it earns, else alone. */
  const save = async (tx: Repositories) => {
    // Saved once: a second save that raced this one finds the conversation completed.
    if ((await owned(deps, user, conversation.id, tx)).status === 'completed') throw new DomainError('CONFLICT', 'Esta entrada ya está guardada');
    await tx.coaching.insertJournalEntry({
      id,
      userId: user.id,
      title: input.title?.trim() || titleFrom(body),
      body,
      mood: input.mood?.trim() || null,
      prompt,
      source: 'chat',
      conversationId: conversation.id,
      wordCount: words,
      createdAt: now,
    });
    await enforceDailyQuota(deps, tx, user, 'journalEntries');
    await tx.coaching.updateConversation(conversation.id, { status: 'completed', awarded: evidence.earns, updatedAt: now });
  };
  const award = evidence.earns
    ? await completeActivity(deps, user, { activity_key: 'journaling', metadata: { entryId: id } }, { source: 'journal', ref: id, check: save })
    : null;
  if (!evidence.earns) await deps.store.transaction(save, { serializeOn: `user:${user.id}` });
  return {
    entryId: id,
    wordCount: words,
    stepsEarned: award?.stepsEarned ?? 0,
    minWords: JOURNAL_EVIDENCE.minWords,
    stepsNote: evidence.note,
  };
}
