import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { enforceMessageQuotas } from '../quotas/quotas';
import { nextMessageTime, owned, SESSION_TITLE, titleFrom, type User } from './conversations';
import { assertNotAwaitingAcknowledgement, screenTurn, storeSafetyAnswer } from './safety';

/** A chat earns `consulta_rapida` once it has this many user turns. */
export const QUICK_CONSULTATION_TURNS = 3;

/**
 * Stores the user's message. A message that signals a crisis gets its category's fixed answer at once,
 * with no model involved, and the conversation waits for the person to acknowledge the helplines
 * (`coaching.acknowledgeSafety`); it then goes on in careful mode (safety.ts).
 */
export function sendMessage(deps: Deps, user: User, input: { conversationId: string; content: string; clientMessageId: string }) {
  const conversation = owned(deps, user, input.conversationId);
  const already = deps.repos.coaching.findMessage(input.clientMessageId);
  if (already) {
    if (already.conversationId !== conversation.id || already.userId !== user.id) throw new DomainError('CONFLICT', 'Identificador de mensaje repetido');
    return { userMessageId: already.id, safety: already.flagged };
  }
  assertNotAwaitingAcknowledgement(conversation);
  if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta conversación ya está cerrada');
  // The risk screen runs before anything else (safety.ts): no model is called for a crisis message.
  const screened = screenTurn(deps, user, input.content, conversation.kind);
  const crisis = screened !== null;
  // A turn commits without waiting for fsync (decision 010); a crisis flag is synced at once.
  const commit = crisis ? deps.repos.coaching.transaction : deps.repos.coaching.turnTransaction;
  commit(() => {
    const now = nextMessageTime(deps, conversation.id);
    deps.repos.coaching.insertMessage({
      id: input.clientMessageId,
      conversationId: conversation.id,
      userId: user.id,
      role: 'user',
      content: input.content,
      replyTo: null,
      stage: conversation.stage,
      flagged: crisis,
      stopped: false,
      createdAt: now,
    });
    enforceMessageQuotas(deps, user, conversation.id, { crisis });
    const isFirst = deps.repos.coaching.countUserMessages(conversation.id) === 1;
    // A chat is named by its first message; a structured session by the goal the user states.
    const names =
      (isFirst && conversation.kind === 'chat') || (conversation.kind === 'session' && conversation.stage === 'goal' && conversation.title === SESSION_TITLE);
    if (!crisis && !names) deps.repos.coaching.touchConversation(conversation.id, now, conversation.stage);
    else
      deps.repos.coaching.updateConversation(conversation.id, {
        updatedAt: now,
        ...(names ? { title: titleFrom(input.content) } : {}),
        ...(crisis ? { status: 'flagged' as const } : {}),
      });
    if (screened)
      storeSafetyAnswer(deps, conversation, user, {
        replyTo: input.clientMessageId,
        at: new Date(now.getTime() + 1),
        screened,
      });
  });
  return { userMessageId: input.clientMessageId, safety: crisis };
}

/** Awards `consulta_rapida` once, when a chat reaches QUICK_CONSULTATION_TURNS user turns. */
export function awardChatIfDue(deps: Deps, user: User, conversationId: string) {
  const conversation = owned(deps, user, conversationId);
  if (conversation.kind !== 'chat' || conversation.awarded) return;
  if (deps.repos.coaching.countUserMessages(conversationId) < QUICK_CONSULTATION_TURNS) return;
  deps.repos.coaching.updateConversation(conversationId, { awarded: true });
  completeActivity(deps, user, { activity_key: 'consulta_rapida', metadata: { conversationId } }, { source: 'chat', ref: conversationId });
}
