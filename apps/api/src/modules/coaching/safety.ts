import {
  CAREFUL_MODE_MS,
  RISK_CATEGORIES,
  SAFETY_ANSWERS,
  SECOND_OPINION_TIMEOUT_MS,
  askSecondOpinion,
  isRiskCategory,
  safetyAnswer,
  safetyForFamilies,
  screenForSafety,
  type RiskCategory,
  type SafetyResource,
} from '@ascenso/ai/safety';
import { DomainError } from '@ascenso/domain/errors';
import type { ConversationRow } from '@ascenso/db/schema/coaching';
import type { Repositories } from '@ascenso/db/store';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { recordUsage } from './coach-context';
import { checkTokenBudget, providerUserId } from './model-limits';

/**
 * Crisis safety for the coach (docs/decisions, crisis safety). The risk screen (packages/ai/src/safety)
 * runs on every user message before any model call: a message that fires gets its category's fixed
 * answer, stored in the same transaction, and the conversation waits (status `flagged`) until the person
 * acknowledges the helplines; from then on it is in careful mode. Journal entries are screened too:
 * they are saved anyway and the answer carries the helplines.
 */

type User = { id: string };

export type Screened = NonNullable<ReturnType<typeof screenForSafety>>;

/** What the UI needs to show a safety answer: its category and its helplines (tel:, https:, mailto:). */
export type SafetyView = { category: RiskCategory; message: string; resources: SafetyResource[] };

export const AWAITING_ACKNOWLEDGEMENT_MESSAGE =
  'Antes de seguir, confirma que has visto los recursos de ayuda: pulsa «He leído los recursos, quiero continuar».';

/** A route, logged with its families and why (rule ids, `classifier:<p>` or `model`), never the text. */
function logFired(deps: Deps, user: User, where: string, screened: Screened): Screened {
  deps.logger.warn('risk screen fired', {
    userId: user.id,
    where,
    category: screened.category,
    families: screened.categories.join(','),
    rules: screened.rules.join(','),
  });
  return screened;
}

/** Screens a user's message; null when nothing fires. */
export function screenTurn(deps: Deps, user: User, content: string, where: string): Screened | null {
  const screened = screenForSafety(content);
  return screened && logFired(deps, user, where, screened);
}

/**
 * The model's second opinion on a message the local screen let through (decision 036): asked only when
 * a model that follows a JSON schema is configured and the person's daily token budget is not spent,
 * with SECOND_OPINION_TIMEOUT_MS (and `signal`). It can add a route, never remove one: call it only when
 * `screenForSafety` found nothing. Any failure or timeout is logged and means "no opinion". Its tokens
 * count in the person's daily usage.
 */
export async function secondOpinionTurn(
  deps: Deps,
  user: { id: string; timezone: string },
  content: string,
  where: string,
  signal?: AbortSignal,
): Promise<Screened | null> {
  const provider = deps.coachProvider;
  if (!deps.config.coach.crisisSecondOpinion || provider.kind === 'offline' || !provider.completeJson) return null;
  try {
    await checkTokenBudget(deps, user);
  } catch {
    return null;
  }
  const budget = AbortSignal.timeout(SECOND_OPINION_TIMEOUT_MS);
  const started = Date.now();
  try {
    const opinion = await askSecondOpinion(provider, content, {
      signal: signal ? AbortSignal.any([signal, budget]) : budget,
      user: providerUserId(deps, user.id),
    });
    if (!opinion) return null;
    await recordUsage(deps, deps.repos, user, opinion.usage);
    if (opinion.families.length === 0) return null;
    return logFired(deps, user, where, safetyForFamilies(opinion.families, content, 'model'));
  } catch (error) {
    deps.logger.warn('crisis second opinion unavailable: the local screen decides', {
      userId: user.id,
      where,
      ms: Date.now() - started,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}

/**
 * Careful mode for a turn (decision 032): on in a conversation where the screen fired, and for
 * CAREFUL_MODE_MS after any crisis message of the person in any conversation (a chat, a guided
 * journaling chat, a session). The families are those of every such conversation, so the coach
 * reminds the helpline that fits (016 after partner violence, not 024 alone).
 */
export async function carefulModeFor(deps: Deps, userId: string, conversation: ConversationRow): Promise<{ careful: boolean; families: RiskCategory[] }> {
  const recent = await recentCrisisFamilies(deps, userId);
  const families = new Set<RiskCategory>(recent ?? []);
  for (const family of (conversation.safetyCategory ?? '').split(',')) if (isRiskCategory(family)) families.add(family);
  return { careful: conversation.careful || recent !== null, families: [...families] };
}

/**
 * The families of the person's crisis messages of the last CAREFUL_MODE_MS, in any conversation; null when
 * there was none (careful mode is off outside the conversations where the screen fired). The daily plan
 * follows it too.
 */
export async function recentCrisisFamilies(deps: Deps, userId: string): Promise<RiskCategory[] | null> {
  const recent = await deps.repos.coaching.recentCrises(userId, new Date(deps.clock().getTime() - CAREFUL_MODE_MS));
  if (recent.length === 0) return null;
  const families = new Set<RiskCategory>();
  for (const crisis of recent) for (const family of (crisis.categories ?? '').split(',')) if (isRiskCategory(family)) families.add(family);
  return [...families];
}

/** A conversation waiting for the person to acknowledge the helplines takes no new message. */
export function assertNotAwaitingAcknowledgement(conversation: ConversationRow): void {
  if (conversation.status === 'flagged') throw new DomainError('FORBIDDEN', AWAITING_ACKNOWLEDGEMENT_MESSAGE);
}

/**
 * Inside the turn's transaction (`tx`): the fixed answer as the coach's reply to the crisis message, and
 * the conversation flagged with the category (it waits for the acknowledgement).
 */
export async function storeSafetyAnswer(
  tx: Repositories,
  conversation: ConversationRow,
  user: User,
  input: { replyTo: string; at: Date; screened: Screened },
): Promise<void> {
  await tx.coaching.insertMessage({
    id: crypto.randomUUID(),
    conversationId: conversation.id,
    userId: user.id,
    role: 'assistant',
    content: input.screened.message,
    replyTo: input.replyTo,
    stage: conversation.stage,
    flagged: true,
    stopped: false,
    createdAt: input.at,
  });
  await tx.coaching.updateConversation(conversation.id, {
    status: 'flagged',
    safetyCategory: input.screened.categories.join(','),
    updatedAt: input.at,
  });
}

/**
 * The person has read the helplines and chooses to go on: the conversation opens again in careful
 * mode. Idempotent; refused for a conversation that was never paused.
 */
export async function acknowledgeSafety(deps: Deps, user: User, conversationId: string) {
  const conversation = await deps.repos.coaching.findConversation(conversationId);
  if (!conversation || conversation.userId !== user.id) throw new DomainError('NOT_FOUND', 'Conversación no encontrada');
  if (conversation.status !== 'flagged') {
    if (conversation.careful) return { conversationId, status: conversation.status, careful: true };
    throw new DomainError('CONFLICT', 'Esta conversación no está en pausa');
  }
  await deps.store.transaction(async (tx) => {
    const fresh = await tx.coaching.findConversation(conversationId);
    if (fresh?.status !== 'flagged') return;
    await tx.coaching.updateConversation(conversationId, {
      status: 'active',
      careful: true,
      updatedAt: deps.clock(),
    });
  });
  deps.logger.info('safety resources acknowledged', { userId: user.id, conversationId });
  return { conversationId, status: 'active' as const, careful: true };
}

/** The categories stored on the conversation (most urgent first). */
function storedCategories(conversation: Pick<ConversationRow, 'safetyCategory'>): RiskCategory[] {
  return (conversation.safetyCategory ?? '').split(',').filter(isRiskCategory);
}

/** Which category's fixed answer a stored text is (the answers are fixed; an English line may follow). */
function categoryOfAnswer(content: string): RiskCategory | null {
  return RISK_CATEGORIES.find((category) => content.startsWith(SAFETY_ANSWERS[category].message)) ?? null;
}

/**
 * The helplines of a stored safety answer, for the conversation's view. Answers written before the
 * categories existed show the suicidal-ideation helplines (024, 112), which is what they said.
 */
export function safetyOfMessage(
  message: { role: string; flagged: boolean; content: string },
  conversation: Pick<ConversationRow, 'safetyCategory'>,
): SafetyView | null {
  if (message.role !== 'assistant' || !message.flagged) return null;
  const category = categoryOfAnswer(message.content) ?? 'suicidal_active';
  const stored = storedCategories(conversation);
  const answer = safetyAnswer(stored[0] === category ? stored : [category]);
  return { category, message: message.content, resources: answer.resources };
}

/**
 * A journal entry is saved whatever it says; when the screen fires, or the model's second opinion adds a
 * route (decision 036), the answer carries its helplines.
 */
export async function journalSafety(
  deps: Deps,
  user: { id: string; timezone: string },
  entry: { title?: string | null | undefined; body: string; mood?: string | null | undefined },
): Promise<SafetyView | null> {
  const text = [entry.title, entry.body].filter(Boolean).join('\n');
  const screened = screenTurn(deps, user, text, 'journal-entry') ?? (await secondOpinionTurn(deps, user, text, 'journal-entry'));
  if (!screened) return null;
  return { category: screened.category, message: screened.message, resources: screened.resources };
}

/** The tRPC shape of a SafetyView (coaching.conversation's messages, journaling.create's answer). */
export const SafetyViewSchema = z.object({
  category: z.enum(RISK_CATEGORIES),
  message: z.string(),
  resources: z.array(z.object({ id: z.string(), label: z.string(), href: z.string(), detail: z.string() })),
});
