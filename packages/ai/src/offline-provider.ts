import { guidedReply } from './offline/engine';
import type { ChatMessage, CoachProvider, Completion, CompletionRequest, StreamEvent } from './provider';

/**
 * The built-in coach used when no AI server is configured. Deterministic: the same conversation always
 * gets the same answer, so it is testable and works with no network. Raw completions (no profile in
 * reach) go through the same guided engine as the coach's replies (./offline): a motivational-
 * interviewing arc, topic suggestions on request, neutral wording, and never the user's words echoed.
 */
function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function offlineReply(messages: ChatMessage[]): string {
  return guidedReply({
    context: { firstName: '', today: '', profile: null, ledger: [], journalThemes: [], openCommitments: [], notes: [] },
    mode: 'chat',
    history: messages.filter((m) => m.role !== 'system'),
  });
}

export function createOfflineProvider(): CoachProvider {
  const complete = async (request: CompletionRequest): Promise<Completion> => {
    request.signal?.throwIfAborted();
    const text = offlineReply(request.messages);
    const input = request.messages.reduce((sum, m) => sum + approximateTokens(m.content), 0);
    return { text, usage: { inputTokens: input, outputTokens: approximateTokens(text) } };
  };

  return {
    kind: 'offline',
    model: 'ascenso-offline-2',
    complete,
    async *stream(request: CompletionRequest): AsyncIterable<StreamEvent> {
      const { text, usage } = await complete(request);
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        request.signal?.throwIfAborted();
        yield { type: 'delta', text: piece };
      }
      yield { type: 'done', usage };
    },
    async health() {
      return { ok: true, provider: 'offline' };
    },
  };
}
