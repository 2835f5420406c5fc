import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import type { ReplyEvent } from '../modules/coaching/reply';
import type { TestApp } from './test-app';

/** Test support for the coaching module's suites: a signed-in person and a whole coach turn. */

export type Caller = ReturnType<TestApp['callerFor']>;

/** A new person (Lucía), by default with the assessment completed, and a tRPC caller for her. */
export async function signedIn(t: TestApp, options: { assessment?: boolean } = {}) {
  const { cookie, user } = await t.registerUser({ firstName: 'Lucía' });
  if (options.assessment ?? true) await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
  return { cookie, user, caller: t.callerFor(cookie) };
}

/** Subscribes to the answer to one user message and collects it. */
export async function collectReply(caller: Caller, conversationId: string, userMessageId: string) {
  const events: ReplyEvent[] = [];
  const stream = await caller.coaching.reply({ conversationId, userMessageId });
  // tracked() events arrive as [id, data]; an untracked one would arrive as itself.
  for await (const raw of stream as AsyncIterable<unknown>)
    events.push((Array.isArray(raw) ? raw[1] : ((raw as { data?: unknown }).data ?? raw)) as ReplyEvent);
  const deltas = events.filter((e) => e.type === 'delta');
  return {
    text: deltas.map((e) => e.text).join(''),
    done: events.find((e) => e.type === 'done'),
    deltas: deltas.length,
  };
}

/** Sends a message and collects the streamed answer. */
export async function say(caller: Caller, conversationId: string, content: string) {
  const { userMessageId, safety } = await caller.coaching.send({
    conversationId,
    content,
    clientMessageId: crypto.randomUUID(),
  });
  return { userMessageId, safety, ...(await collectReply(caller, conversationId, userMessageId)) };
}
