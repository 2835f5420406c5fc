import { screenForSafety } from '@ascenso/ai/safety';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { enforceMessageQuotas } from '../quotas/quotas';
import { chatStepsEvidence, nextMessageTime, owned, SESSION_TITLE, titleFrom, type User } from './conversations';
import { assertNotAwaitingAcknowledgement, screenTurn, secondOpinionTurn, storeSafetyAnswer } from './safety';

/**
 * Stores the user's message. A message that signals a crisis gets its category's fixed answer at once,
 * with no model involved, and the conversation waits for the person to acknowledge the helplines
 * (`coaching.acknowledgeSafety`); it then goes on in careful mode (safety.ts).
 */
export async function sendMessage(deps: Deps, user: User, input: { conversationId: string; content: string; clientMessageId: string }, signal?: AbortSignal) {
  // A message the local screen lets through may still be routed by the model's second opinion (decision
  // 036): asked here, before the transaction (no network inside one), and only able to add a route.
  const local = screenForSafety(input.content);
  const opinion = local === null ? await secondOpinionTurn(deps, user, input.content, 'message', signal) : null;
  // A turn commits without waiting for fsync (decision 010); a crisis flag is synced at once. The screen
  // is pure: run here to choose the commit, and again (logged) inside, once the message is known to be new.
  const options = { serializeOn: `user:${user.id}`, ...(local === null && opinion === null ? ({ durability: 'turn' } as const) : {}) };
  // Every check and write in one transaction: ten concurrent sends of one clientMessageId store it once
  // and the others replay it; a conversation closed or paused meanwhile takes no message.
  return deps.store.transaction(async (tx) => {
    const conversation = await owned(deps, user, input.conversationId, tx);
    const already = await tx.coaching.findMessage(input.clientMessageId);
    if (already) {
      if (already.conversationId !== conversation.id || already.userId !== user.id) throw new DomainError('CONFLICT', 'Identificador de mensaje repetido');
      return { userMessageId: already.id, safety: already.flagged };
    }
    assertNotAwaitingAcknowledgement(conversation);
    if (conversation.status === 'completed') throw new DomainError('CONFLICT', 'Esta conversación ya está cerrada');
    // The risk screen runs before anything is stored (safety.ts): no model is called for a crisis message.
    const screened = screenTurn(deps, user, input.content, conversation.kind) ?? opinion;
    const crisis = screened !== null;
    const now = await nextMessageTime(deps, tx, conversation.id);
    await tx.coaching.insertMessage({
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
    const userMessages = await tx.coaching.countUserMessages(conversation.id);
    await enforceMessageQuotas(deps, tx, user, userMessages, { crisis });
    const isFirst = userMessages === 1;
    // A chat is named by its first message; a structured session by the goal the user states.
    const names =
      (isFirst && conversation.kind === 'chat') || (conversation.kind === 'session' && conversation.stage === 'goal' && conversation.title === SESSION_TITLE);
    if (!crisis && !names) await tx.coaching.touchConversation(conversation.id, now, conversation.stage);
    else
      await tx.coaching.updateConversation(conversation.id, {
        updatedAt: now,
        ...(names ? { title: titleFrom(input.content) } : {}),
        ...(crisis ? { status: 'flagged' as const } : {}),
      });
    if (screened)
      await storeSafetyAnswer(tx, conversation, user, {
        replyTo: input.clientMessageId,
        at: new Date(now.getTime() + 1),
        screened,
      });
    return { userMessageId: input.clientMessageId, safety: crisis };
  }, options);
}

/**
 * Awards `consulta_rapida` once, when a chat holds three user messages that count: each says something and
 * differs from the others (decision 037). The conversation's view tells the person how many count so far.
 */
export async function awardChatIfDue(deps: Deps, user: User, conversationId: string) {
  const conversation = await owned(deps, user, conversationId);
  if (conversation.kind !== 'chat' || conversation.awarded) return;
  const messages = await deps.repos.coaching.listMessages(conversationId);
  if (!chatStepsEvidence(messages).earns) return;
  await deps.repos.coaching.updateConversation(conversationId, { awarded: true });
  await completeActivity(deps, user, { activity_key: 'consulta_rapida', metadata: { conversationId } }, { source: 'chat', ref: conversationId });
}
