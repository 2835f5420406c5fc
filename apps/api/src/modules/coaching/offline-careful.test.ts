import { TOPICS } from '@ascenso/ai/offline/topics';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

async function reply(caller: ReturnType<ReturnType<typeof createTestApp>['callerFor']>, conversationId: string, content: string) {
  const sent = await caller.coaching.send({ conversationId, content, clientMessageId: crypto.randomUUID() });
  let text = '';
  for await (const raw of (await caller.coaching.reply({
    conversationId,
    userMessageId: sent.userMessageId,
  })) as AsyncIterable<unknown>) {
    const event = (Array.isArray(raw) ? raw[1] : raw) as { type: string; text?: string };
    if (event.type === 'delta') text += event.text ?? '';
  }
  return { sent, text };
}

describe('the offline coach in careful mode (after a crisis acknowledgement)', () => {
  it('supports without career advice and reminds of 024 and 112, even when asked for ideas', async () => {
    const t = createTestApp();
    const { caller } = await t.signedInCaller({ firstName: 'Lucía' });
    const chat = await caller.coaching.start({ kind: 'chat' });
    const crisis = await caller.coaching.send({
      conversationId: chat.id,
      content: 'me quiero morir',
      clientMessageId: crypto.randomUUID(),
    });
    expect(crisis.safety).toBeTruthy();
    await caller.coaching.acknowledgeSafety({ conversationId: chat.id });

    const suggestions = TOPICS.flatMap((topic) => topic.suggestions);
    const texts: string[] = [];
    for (const content of ['Gracias, ya estoy algo mejor', '¿Qué puedo probar con mi carga de trabajo esta semana?']) {
      const { text } = await reply(caller, chat.id, content);
      texts.push(text);
      expect(text).toMatch(/024/);
      expect(text).toMatch(/112/);
      expect(suggestions.some((s) => text.includes(s))).toBe(false);
    }
    expect(texts[0]).not.toBe(texts[1]);
  });
});
