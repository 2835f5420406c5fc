import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

const words = (n: number) => Array.from({ length: n }, (_, i) => `palabra${i}`).join(' ');

describe('journal entries', () => {
  it('creates entries (mood first), awards journaling from 50 words, lists, searches, reads and deletes', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser();
    const caller = t.callerFor(cookie);
    const { prompt, minWords } = await caller.journaling.prompt();
    expect(prompt.endsWith('?')).toBe(true);
    expect(minWords).toBe(50);

    const short = await caller.journaling.create({ mood: 'cansancio', prompt, body: 'Hoy ha sido un día largo con muchas reuniones.' });
    expect(short).toMatchObject({ stepsEarned: 0, entry: { wordCount: 9, mood: 'cansancio', source: 'manual' } });
    const long = await caller.journaling.create({ mood: 'gratitud', title: 'Un buen cierre', body: `Agradezco la charla con Marta. ${words(50)}` });
    expect(long.stepsEarned).toBe(325);
    expect(t.deps.repos.steps.total(user.id)).toBe(325);

    expect((await caller.journaling.list()).map((e) => e.title)).toEqual(['Un buen cierre', 'Hoy ha sido un día largo con muchas reuniones.']);
    expect((await caller.journaling.list({ query: 'MARTA' })).map((e) => e.id)).toEqual([long.entry.id]);
    expect((await caller.journaling.list({ query: 'cansancio' })).map((e) => e.id)).toEqual([short.entry.id]);
    expect((await caller.journaling.get({ id: long.entry.id })).body).toContain('Agradezco');

    const other = t.callerFor((await t.registerUser()).cookie);
    await expect(other.journaling.get({ id: long.entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.journaling.delete({ id: long.entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await caller.journaling.delete({ id: short.entry.id });
    expect(await caller.journaling.list()).toHaveLength(1);
  });

  it('refuses an entry without a mood or text', async () => {
    const t = createTestApp();
    const caller = t.callerFor((await t.registerUser()).cookie);
    await expect(caller.journaling.create({ mood: '', body: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.journaling.create({ mood: 'alegría', body: '   ' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});
