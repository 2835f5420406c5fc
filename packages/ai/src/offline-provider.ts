import type { ChatMessage, CoachProvider, Completion, CompletionRequest, StreamEvent } from './provider';

/**
 * The built-in coach used when no AI server is configured. Deterministic: the same conversation
 * always gets the same answer, so it is testable and works with no network. It reflects the user's
 * last message back and asks one open question before offering anything (ask before advising).
 * The coach issue grows it with the assessment profile and the activity ledger.
 */
const OPEN_QUESTIONS = [
  '¿Qué te gustaría que fuera distinto dentro de un mes?',
  '¿Qué has probado ya y qué aprendiste de ello?',
  '¿Qué pequeño paso podrías dar hoy, aunque sea de diez minutos?',
  '¿Qué te dice tu energía cuando piensas en ello: te suma o te resta?',
  '¿Quién podría apoyarte con esto?',
];

function lastUserMessage(messages: ChatMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === 'user') return message.content.trim();
  }
  return '';
}

function approximateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function offlineReply(messages: ChatMessage[]): string {
  const said = lastUserMessage(messages);
  if (!said) return 'Hola, soy tu coach de Ascenso. ¿Sobre qué te gustaría trabajar hoy?';
  const topic = said.length > 120 ? `${said.slice(0, 117).trimEnd()}...` : said;
  const turns = messages.filter((m) => m.role === 'user').length;
  const question = OPEN_QUESTIONS[(turns - 1) % OPEN_QUESTIONS.length];
  return `Gracias por contármelo. Te escucho: «${topic}». Antes de proponerte nada, quiero entenderlo mejor. ${question}`;
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
    model: 'ascenso-offline-1',
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
