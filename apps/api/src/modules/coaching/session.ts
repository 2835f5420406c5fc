import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { completeActivity } from '../activities/activities.service';
import { buildCoachContext, recordUsage } from './coach-context';
import { getConversation, owned, sessionStepsEvidence, type User } from './conversations';
import { providerUserId } from './model-limits';
import { recordFailedCall } from './reply-stream';
import { assertNotAwaitingAcknowledgement } from './safety';

/**
 * Closes a structured session: the coach summarises it, its commitments are stored (the next session
 * starts from them) and `sesion_completa` is awarded under its daily limit when at least three of its four
 * stages were answered with substance (decision 037); otherwise its view says why it did not earn.
 */
export async function finishSession(deps: Deps, user: User, conversationId: string, signal?: AbortSignal) {
  const conversation = await owned(deps, user, conversationId);
  if (conversation.kind !== 'session') throw new DomainError('VALIDATION', 'Solo las sesiones estructuradas se cierran con un resumen');
  if (conversation.status === 'completed') return getConversation(deps, user, conversationId);
  assertNotAwaitingAcknowledgement(conversation);
  const userTurns = await deps.repos.coaching.countUserMessages(conversationId);
  if (userTurns < 2) throw new DomainError('VALIDATION', 'Cuéntale algo más a tu coach antes de cerrar la sesión');

  const messages = (await deps.repos.coaching.listMessages(conversationId)).filter((m) => !m.flagged);
  const context = await buildCoachContext(deps, user);
  const result = await deps.coach.summarizeSession(
    context,
    messages.map((m) => ({ role: m.role, content: m.content })),
    signal,
    { user: providerUserId(deps, user.id), historyTokenBudget: deps.config.coach.historyTokenBudget },
  );
  // A summary the model failed to write is still counted (its tokens and one error).
  if (result.failedUsage) await recordFailedCall(deps, user, result.failedUsage);
  else await recordUsage(deps, deps.repos, user, result.usage);
  const now = deps.clock();
  const earns = sessionStepsEvidence(messages).earns;
  let award = false;
  await deps.store.transaction(async (tx) => {
    const fresh = await tx.coaching.findConversation(conversationId);
    if (!fresh || fresh.status === 'completed') return;
    await tx.coaching.insertCommitments(
      result.commitments.map((text, i) => ({
        id: crypto.randomUUID(),
        userId: user.id,
        conversationId,
        text,
        status: 'open' as const,
        createdAt: new Date(now.getTime() + i),
        closedAt: null,
      })),
    );
    await tx.coaching.updateConversation(conversationId, {
      status: 'completed',
      stage: 'done',
      summary: result.summary,
      awarded: earns,
      updatedAt: now,
    });
    award = earns && !fresh.awarded;
  });
  if (award) await completeActivity(deps, user, { activity_key: 'sesion_completa', metadata: { conversationId } }, { source: 'session', ref: conversationId });
  return getConversation(deps, user, conversationId);
}

export async function listCommitments(deps: Deps, user: User) {
  return (await deps.repos.coaching.listCommitments(user.id)).map((c) => ({
    id: c.id,
    text: c.text,
    status: c.status,
    conversationId: c.conversationId,
    createdAt: c.createdAt,
    closedAt: c.closedAt,
  }));
}

export async function setCommitmentStatus(deps: Deps, user: User, input: { id: string; status: 'open' | 'done' | 'dropped' }) {
  if (!(await deps.repos.coaching.setCommitmentStatus(user.id, input.id, input.status, deps.clock()))) {
    throw new DomainError('NOT_FOUND', 'Compromiso no encontrado');
  }
  return { success: true as const };
}
