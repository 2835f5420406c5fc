import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { enforceDailyQuota, journalEntryFits } from '../quotas/quotas';
import { owned, titleFrom, type User } from './conversations';

export const JOURNAL_MIN_WORDS = 50;

/**
 * Saves a guided journaling conversation as a journal entry (the user's own words); an entry of at
 * least JOURNAL_MIN_WORDS words earns `journaling` under its daily limit.
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
  const words = body.split(/\s+/).filter(Boolean).length;
  if (words === 0) throw new DomainError('VALIDATION', 'Escribe algo antes de guardar la entrada');
  journalEntryFits(body);
  const prompt = messages.find((m) => m.role === 'assistant')?.content ?? null;
  const id = crypto.randomUUID();
  const now = deps.clock();
  await deps.store.transaction(
    async (tx) => {
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
      await tx.coaching.updateConversation(conversation.id, {
        status: 'completed',
        awarded: words >= JOURNAL_MIN_WORDS,
        updatedAt: now,
      });
    },
    { serializeOn: `user:${user.id}` },
  );
  const award =
    words >= JOURNAL_MIN_WORDS
      ? await completeActivity(deps, user, { activity_key: 'journaling', metadata: { entryId: id } }, { source: 'journal', ref: id })
      : null;
  return { entryId: id, wordCount: words, stepsEarned: award?.stepsEarned ?? 0, minWords: JOURNAL_MIN_WORDS };
}
