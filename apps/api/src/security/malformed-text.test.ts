import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { signedIn } from '../testing/coaching';
import { holdsMalformedText, isMalformedText, MALFORMED_TEXT_MESSAGE } from '../trpc/clean-text';

type Envelope = { error: { code: string; message: string } };

describe('text the databases can hold alike', () => {
  it('tells NUL and lone surrogates from well-formed text (emoji pairs, accents, ñ)', () => {
    expect(isMalformedText('hola\u0000')).toBe(true);
    expect(isMalformedText('medio emoji \ud83d')).toBe(true);
    expect(isMalformedText('\ude00 al revés')).toBe(true);
    expect(isMalformedText('\ude00\ud83d')).toBe(true);
    expect(isMalformedText('bien 😀 ñandú, camión')).toBe(false);
    expect(holdsMalformedText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe(true);
    expect(holdsMalformedText({ ['clave\u0000']: 'ok' })).toBe(true);
    expect(holdsMalformedText({ a: ['ok', 1, null, true], d: new Date() })).toBe(false);
  });

  it('refuses NUL and a lone surrogate with a Spanish 400 on REST, tRPC over HTTP and the caller, and stores nothing', async () => {
    const t = createTestApp();
    const { cookie, caller } = await signedIn(t);
    const chat = await caller.coaching.start({ kind: 'chat' });

    // REST: the raw JSON escapes, as a client would send them.
    for (const bad of ['\\u0000', '\\ud83d']) {
      const share = await t.request('/api/shares', {
        cookie,
        rawBody: `{"include":["perfil ${bad}"],"days":7}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(share.status, bad).toBe(400);
      expect(((await share.json()) as Envelope).error.message).toBe(MALFORMED_TEXT_MESSAGE);
    }
    // tRPC over HTTP.
    const overHttp = await t.request('/api/trpc/coaching.send', {
      cookie,
      rawBody: `{"json":{"conversationId":"${chat.id}","content":"hola \\u0000 qué tal","clientMessageId":"${crypto.randomUUID()}"}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(overHttp.status).toBe(400);
    expect(await overHttp.text()).toContain(MALFORMED_TEXT_MESSAGE);
    // A caller (the WebSocket runs the same middlewares).
    await expect(caller.coaching.send({ conversationId: chat.id, content: 'medio emoji \ud83d', clientMessageId: crypto.randomUUID() })).rejects.toThrow(
      MALFORMED_TEXT_MESSAGE,
    );
    await expect(caller.auth.requestPasswordReset({ email: 'a\u0000@ejemplo.es' })).rejects.toThrow(MALFORMED_TEXT_MESSAGE);
    expect((await caller.coaching.conversation({ id: chat.id })).messages).toHaveLength(0);

    // Well-formed text with emoji goes through.
    const fine = await caller.coaching.send({ conversationId: chat.id, content: 'Hoy bien 😀, con ganas', clientMessageId: crypto.randomUUID() });
    expect(fine.userMessageId).toBeTruthy();
  });
});
