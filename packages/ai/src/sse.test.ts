import { describe, expect, it } from 'vitest';
import { ProviderError, type StreamEvent } from './provider';
import { readChatCompletionStream } from './sse';

function bodyOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

async function collect(parts: string[]): Promise<StreamEvent[]> {
  const out: StreamEvent[] = [];
  for await (const event of readChatCompletionStream(bodyOf(parts))) out.push(event);
  return out;
}

const chunk = (content: string) => `data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`;

describe('readChatCompletionStream', () => {
  it('yields one delta per read, then usage, and stops at [DONE]', async () => {
    const events = await collect([
      chunk('Ho'),
      chunk('la'),
      `data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 2 } })}\n\ndata: [DONE]\n\n`,
      chunk('ignored after DONE'),
    ]);
    expect(events).toEqual([
      { type: 'delta', text: 'Ho' },
      { type: 'delta', text: 'la' },
      { type: 'done', usage: { inputTokens: 3, outputTokens: 2 }, finishReason: null },
    ]);
  });

  it('merges events that arrive in one read and joins events split across reads', async () => {
    const whole = chunk('¿Qué ') + chunk('tal?');
    const events = await collect([whole, chunk('Bien').slice(0, 9), chunk('Bien').slice(9), 'data: [DONE]\n\n']);
    expect(events.filter((e) => e.type === 'delta')).toEqual([
      { type: 'delta', text: '¿Qué tal?' },
      { type: 'delta', text: 'Bien' },
    ]);
  });

  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode(chunk('Lucía'));
    const cut = bytes.indexOf(0xc3) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.slice(0, cut));
        controller.enqueue(bytes.slice(cut));
        controller.close();
      },
    });
    const events: StreamEvent[] = [];
    // A cut stream raises after the text that arrived; the first event is what matters here.
    await (async () => {
      for await (const event of readChatCompletionStream(body)) events.push(event);
    })().catch(() => {});
    expect(events[0]).toEqual({ type: 'delta', text: 'Lucía' });
  });

  it('accepts CRLF line endings, comments, data without a space and a stream without [DONE] that has a finish_reason', async () => {
    const events = await collect([
      ': keep-alive\r\n\r\n',
      `data:${JSON.stringify({ choices: [{ delta: { content: 'Hola' }, finish_reason: null }] })}\r\n\r\n`,
      `data:${JSON.stringify({ choices: [{ delta: {}, finish_reason: 'stop' }] })}\r\n\r\n`,
    ]);
    expect(events).toEqual([
      { type: 'delta', text: 'Hola' },
      { type: 'done', usage: { inputTokens: 0, outputTokens: 0 }, finishReason: 'stop' },
    ]);
  });

  it('raises a truncated ProviderError when the stream ends with neither finish_reason nor [DONE]', async () => {
    const error = await collect([chunk('Hola, te'), chunk(' cuento')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).reason).toBe('truncated');
  });

  it('raises a ProviderError for an error event or a broken fragment', async () => {
    await expect(collect([chunk('a'), `data: ${JSON.stringify({ error: { message: 'overloaded' } })}\n\n`])).rejects.toBeInstanceOf(ProviderError);
    await expect(collect(['data: {not json\n\n'])).rejects.toBeInstanceOf(ProviderError);
  });
});
