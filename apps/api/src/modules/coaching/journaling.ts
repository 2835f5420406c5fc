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
export function saveJournalFromConversation(deps: Deps, user: User, input: { conversationId: string; mood?: string | undefined; title?: string | undefined }) {
  const conversation = owned(deps, user, input.conversationId);
  if (conversation.kind !== 'journal') throw new DomainError('VALIDATION', 'Solo una conversación de diario se guarda como entrada');
  if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta entrada ya está guardada');
  const messages = deps.repos.coaching.listMessages(conversation.id);
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
  deps.repos.coaching.transaction(() => {
    deps.repos.coaching.insertJournalEntry({
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
    enforceDailyQuota(deps, user, 'journalEntries');
    deps.repos.coaching.updateConversation(conversation.id, {
      status: 'completed',
      awarded: words >= JOURNAL_MIN_WORDS,
      updatedAt: now,
    });
  });
  const award =
    words >= JOURNAL_MIN_WORDS ? completeActivity(deps, user, { activity_key: 'journaling', metadata: { entryId: id } }, { source: 'journal', ref: id }) : null;
  return { entryId: id, wordCount: words, stepsEarned: award?.stepsEarned ?? 0, minWords: JOURNAL_MIN_WORDS };
}
