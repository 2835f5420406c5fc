import { GENDERED_WORDS } from '@ascenso/ai/offline/language';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';
import { buildCoachContext } from '../coaching/coach-context';

const FEMININE = new Set(GENDERED_WORDS.map(([f]) => f));
const MASCULINE = new Set(GENDERED_WORDS.map(([, m]) => m));

async function chat(caller: ReturnType<ReturnType<typeof createTestApp>['callerFor']>, turns: string[]) {
  const conversation = await caller.coaching.start({ kind: 'chat' });
  const replies: string[] = [];
  for (const content of turns) {
    const { userMessageId } = await caller.coaching.send({
      conversationId: conversation.id,
      content,
      clientMessageId: crypto.randomUUID(),
    });
    let text = '';
    for await (const raw of (await caller.coaching.reply({
      conversationId: conversation.id,
      userMessageId,
    })) as AsyncIterable<unknown>) {
      // Tracked events arrive as [id, data].
      const event = (Array.isArray(raw) ? raw[1] : raw) as { type: string; text?: string };
      if (event.type === 'delta') text += event.text ?? '';
    }
    replies.push(text);
  }
  return replies;
}

describe('"¿Cómo quieres que te hable?" (address form)', () => {
  it('defaults to neutro, is set through profile.setPreferences or profile.update, and shows in auth.me', async () => {
    const t = createTestApp();
    const { cookie, user, caller } = await t.signedInCaller();
    expect(await caller.profile.preferences()).toEqual({ addressForm: 'neutro' });
    expect(await caller.auth.me()).toMatchObject({ addressForm: 'neutro' });
    expect(await caller.profile.setPreferences({ addressForm: 'femenino' })).toEqual({ addressForm: 'femenino' });
    expect(await t.callerFor(cookie).auth.me()).toMatchObject({ addressForm: 'femenino' });
    await caller.profile.update({ firstName: 'Leo', timezone: 'Europe/Madrid', addressForm: 'masculino' });
    expect((await t.deps.repos.users.findById(user.id))?.addressForm).toBe('masculino');
    // Updating name and zone without it keeps the choice.
    await caller.profile.update({ firstName: 'Leo', timezone: 'Europe/Madrid' });
    expect((await t.deps.repos.users.findById(user.id))?.addressForm).toBe('masculino');
  });

  it('refuses anything else with a Spanish message and writes nothing', async () => {
    const t = createTestApp();
    const { cookie, user, caller } = await t.signedInCaller();
    for (const bad of ['otro', 'FEMENINO', '', 'neutro ', null, 3]) {
      await expect(caller.profile.setPreferences({ addressForm: bad as never })).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/Elige femenino, masculino o neutro/),
      });
    }
    expect((await t.deps.repos.users.findById(user.id))?.addressForm).toBe('neutro');
    const rest = await t.request('/api/trpc/profile.setPreferences', { cookie, body: { addressForm: 'x' } });
    expect(rest.status).toBe(400);
  });

  it('reaches the coach: its context carries the choice and the offline coach agrees with it', async () => {
    const t = createTestApp();
    const { cookie, user, caller } = await t.signedInCaller({ firstName: 'Lucía' });
    await t.request('/api/assessment/complete', { cookie, body: { responses: COMPLETE_RESPONSES, version: '1.0' } });
    const turns = ['Me cuesta delegar en mi equipo', 'Tengo miedo de que baje la calidad', 'Supongo que no me fío del todo'];

    expect((await buildCoachContext(t.deps, { id: user.id, firstName: 'Lucía', timezone: 'Europe/Madrid' })).addressForm).toBe('neutro');
    const neutralReplies = await chat(caller, turns);
    expect(neutralReplies.every((r) => r.length > 20)).toBe(true);
    const neutral =
      neutralReplies
        .join(' ')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? [];
    expect(neutral.filter((w) => FEMININE.has(w) || MASCULINE.has(w))).toEqual([]);

    await caller.profile.setPreferences({ addressForm: 'femenino' });
    expect((await buildCoachContext(t.deps, { id: user.id, firstName: 'Lucía', timezone: 'Europe/Madrid' })).addressForm).toBe('femenino');
    const feminine =
      (await chat(t.callerFor(cookie), turns))
        .join(' ')
        .toLowerCase()
        .match(/\p{L}+/gu) ?? [];
    expect(feminine.some((w) => FEMININE.has(w))).toBe(true);
    expect(feminine.filter((w) => MASCULINE.has(w))).toEqual([]);
  });

  it('gives the coach the local hour in the user’s zone', async () => {
    const t = createTestApp();
    const { user } = await t.registerUser({ firstName: 'Lucía' });
    t.clock.set(new Date('2026-11-22T23:30:00Z'));
    expect((await buildCoachContext(t.deps, { id: user.id, firstName: 'Lucía', timezone: 'Europe/Madrid' })).localHour).toBe(0);
    expect((await buildCoachContext(t.deps, { id: user.id, firstName: 'Lucía', timezone: 'America/Mexico_City' })).localHour).toBe(17);
  });
});
