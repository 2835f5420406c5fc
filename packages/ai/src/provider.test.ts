import { describe, expect, it } from 'vitest';
import { createCoachProvider } from './create-provider';
import { createOfflineProvider, offlineReply } from './offline-provider';
import { ProviderError, type StreamEvent } from './provider';
import { fakeModelProvider, useFakeOpenAIServer } from './testing/fake-model';

const fake = useFakeOpenAIServer();

const provider = () => fakeModelProvider(fake, { apiKey: 'test', model: 'fake-model' });

async function collect(stream: AsyncIterable<StreamEvent>) {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe('createCoachProvider', () => {
  it('uses the offline coach without a key or base URL', () => {
    expect(createCoachProvider({}).kind).toBe('offline');
  });
  it('uses an OpenAI-compatible server when a base URL is set, even without a key', () => {
    const p = createCoachProvider({ baseURL: fake.baseURL, model: 'x' });
    expect(p.kind).toBe('openai-compatible');
    expect(p.model).toBe('x');
  });
});

describe('OpenAI-compatible provider against a fake server', () => {
  it('completes and reports usage', async () => {
    fake.reply({ kind: 'text', text: '¿Qué quieres lograr?' });
    const result = await provider().complete({ messages: [{ role: 'user', content: 'Hola' }] });
    expect(result).toEqual({ text: '¿Qué quieres lograr?', usage: { inputTokens: 11, outputTokens: 7 } });
    expect(fake.requests.at(-1)?.body).toMatchObject({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'Hola' }],
    });
  });

  it('streams deltas in order, then usage', async () => {
    fake.reply({ kind: 'text', text: '', chunks: ['Ho', 'la', ', ', 'Lucía'], delayMs: 20 });
    const events = await collect(provider().stream({ messages: [{ role: 'user', content: 'x' }] }));
    expect(events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''))).toEqual(['Ho', 'la', ', ', 'Lucía']);
    expect(events.at(-1)).toEqual({ type: 'done', usage: { inputTokens: 11, outputTokens: 7 }, finishReason: 'stop' });
  });

  it('merges deltas that arrive together, losing nothing', async () => {
    fake.reply({ kind: 'text', text: '', chunks: Array.from({ length: 50 }, (_, i) => `t${i} `) });
    const events = await collect(provider().stream({ messages: [{ role: 'user', content: 'x' }] }));
    const deltas = events.filter((e) => e.type === 'delta').map((e) => (e.type === 'delta' ? e.text : ''));
    expect(deltas.join('')).toBe(Array.from({ length: 50 }, (_, i) => `t${i} `).join(''));
    expect(deltas.length).toBeLessThan(50);
  });

  it('turns an upstream error into a ProviderError with the status', async () => {
    fake.reply({ kind: 'error', status: 503 });
    await expect(provider().complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      name: 'ProviderError',
      status: 503,
    });
  });

  it('times out a hanging upstream', async () => {
    fake.reply({ kind: 'hang' });
    const slow = fakeModelProvider(fake, { apiKey: 't', model: 'm', timeoutMs: 200 });
    await expect(slow.complete({ messages: [{ role: 'user', content: 'x' }] })).rejects.toBeInstanceOf(ProviderError);
  });

  it('aborts the upstream request when the caller aborts', async () => {
    fake.reply({ kind: 'hang' });
    const before = fake.abortedRequests();
    const controller = new AbortController();
    const pending = provider().complete({ messages: [{ role: 'user', content: 'x' }], signal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ProviderError);
    await expect.poll(() => fake.abortedRequests(), { timeout: 1000 }).toBeGreaterThan(before);
  });

  it('reports health through the models endpoint', async () => {
    expect(await provider().health()).toEqual({ ok: true, provider: 'openai-compatible' });
  });
});

describe('offline coach', () => {
  it('is deterministic and asks a question before advising', async () => {
    const messages = [{ role: 'user' as const, content: 'Quiero delegar más en mi equipo' }];
    const a = await createOfflineProvider().complete({ messages });
    const b = await createOfflineProvider().complete({ messages });
    expect(a.text).toBe(b.text);
    expect(a.text).not.toContain('Quiero delegar más en mi equipo');
    expect(a.text.trim().endsWith('?')).toBe(true);
  });

  it('greets when there is no user message yet', () => {
    expect(offlineReply([])).toMatch(/^Hola/);
  });

  it('streams the same text it completes', async () => {
    const messages = [{ role: 'user' as const, content: 'Me cuesta desconectar' }];
    const offline = createOfflineProvider();
    const { text } = await offline.complete({ messages });
    const events = await collect(offline.stream({ messages }));
    expect(events.map((e) => (e.type === 'delta' ? e.text : '')).join('')).toBe(text);
  });
});
