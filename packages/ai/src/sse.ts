import { ProviderError, type StreamEvent, type TokenUsage } from './provider';

type ChunkJson = {
  choices?: Array<{ delta?: { content?: string | null }; finish_reason?: string | null }>;
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string } | string;
};

/**
 * Reads a Chat Completions event stream (`data: {...}` events, `data: [DONE]` at the end) and yields
 * the text deltas. Everything that arrived in one network read is merged into one delta, so a relay
 * that falls behind catches up in fewer, larger messages instead of one per token; the first token is
 * never held back. An `error` object in the stream (as OpenAI-compatible servers send mid-stream)
 * raises a ProviderError, and so does a stream that ends with neither a `finish_reason` nor `[DONE]`
 * (the connection was cut: the answer is incomplete). Lean on purpose: this is the hot path of every
 * streamed answer.
 */
export async function* readChatCompletionStream(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let finished = false;
  let finishReason: string | null = null;
  try {
    while (!finished) {
      const { value, done } = await reader.read();
      if (done) {
        buffer += decoder.decode();
        if (buffer.trim().length > 0) buffer += '\n\n';
      } else buffer += decoder.decode(value, { stream: true });

      let text = '';
      let boundary = nextBoundary(buffer);
      while (boundary.index !== -1) {
        const block = buffer.slice(0, boundary.index);
        buffer = buffer.slice(boundary.index + boundary.length);
        const data = dataOf(block);
        if (data === '[DONE]') {
          finished = true;
          break;
        }
        if (data !== null) {
          let json: ChunkJson;
          try {
            json = JSON.parse(data) as ChunkJson;
          } catch (cause) {
            throw new ProviderError('El proveedor de IA envió un fragmento que no es JSON', { cause });
          }
          if (json.error) {
            const message = typeof json.error === 'string' ? json.error : json.error.message;
            throw new ProviderError(`El proveedor de IA falló a mitad de la respuesta${message ? `: ${message}` : ''}`);
          }
          const choice = json.choices?.[0];
          const piece = choice?.delta?.content;
          if (typeof piece === 'string') text += piece;
          if (choice?.finish_reason) finishReason = choice.finish_reason;
          if (json.usage) usage = { inputTokens: json.usage.prompt_tokens ?? 0, outputTokens: json.usage.completion_tokens ?? 0 };
        }
        boundary = nextBoundary(buffer);
      }
      if (text.length > 0) yield { type: 'delta', text };
      if (done) break;
    }
    if (!finished && finishReason === null) {
      throw new ProviderError('La respuesta del proveedor de IA se cortó antes de terminar', {
        reason: 'truncated',
        usage,
      });
    }
  } finally {
    // Stops the body (and so the upstream request) if the consumer leaves early.
    reader.cancel().catch(() => {});
  }
  yield { type: 'done', usage, finishReason };
}

/** The end of the next event: a blank line, with LF or CRLF line endings. */
function nextBoundary(buffer: string): { index: number; length: number } {
  const lf = buffer.indexOf('\n\n');
  const crlf = buffer.indexOf('\r\n\r\n');
  if (crlf !== -1 && (lf === -1 || crlf < lf)) return { index: crlf, length: 4 };
  return { index: lf, length: 2 };
}

/** The `data:` lines of one event, joined; null for comments and events without data. */
function dataOf(block: string): string | null {
  let data: string | null = null;
  for (const raw of block.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (!line.startsWith('data:')) continue;
    const value = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    data = data === null ? value : `${data}\n${value}`;
  }
  return data;
}
