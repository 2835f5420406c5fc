import { SAMPLE_JOURNAL_ENTRY } from '@ascenso/domain/evidence.fixtures';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createTestApp } from '../../testing/test-app';

/** `n` words a person would write (the sample entry, again from its start when longer): they earn (decision 037). */
const words = (n: number) => {
  const sample = SAMPLE_JOURNAL_ENTRY.split(' ');
  return Array.from({ length: n }, (_, i) => sample[i % sample.length]).join(' ');
};

describe('journal entries', () => {
  it('creates entries (mood first), awards journaling from 50 words, lists, searches, reads and deletes', async () => {
    const t = createTestApp();
    const { user, caller } = await t.signedInCaller();
    const { prompt, minWords } = await caller.journaling.prompt();
    expect(prompt.endsWith('?')).toBe(true);
    expect(minWords).toBe(50);

    const short = await caller.journaling.create({
      mood: 'cansancio',
      prompt,
      body: 'Hoy ha sido un día largo con muchas reuniones.',
    });
    expect(short).toMatchObject({ stepsEarned: 0, entry: { wordCount: 9, mood: 'cansancio', source: 'manual' } });
    const long = await caller.journaling.create({
      mood: 'gratitud',
      title: 'Un buen cierre',
      body: `Agradezco la charla con Marta. ${words(50)}`,
    });
    expect(long.stepsEarned).toBe(325);
    expect(await t.deps.repos.steps.total(user.id)).toBe(325);

    expect((await caller.journaling.list()).map((e) => e.title)).toEqual(['Un buen cierre', 'Hoy ha sido un día largo con muchas reuniones.']);
    expect((await caller.journaling.list({ query: 'MARTA' })).map((e) => e.id)).toEqual([long.entry.id]);
    expect((await caller.journaling.list({ query: 'cansancio' })).map((e) => e.id)).toEqual([short.entry.id]);
    expect((await caller.journaling.get({ id: long.entry.id })).body).toContain('Agradezco');

    const other = (await t.signedInCaller()).caller;
    await expect(other.journaling.get({ id: long.entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(other.journaling.delete({ id: long.entry.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await caller.journaling.delete({ id: short.entry.id });
    expect(await caller.journaling.list()).toHaveLength(1);
  });

  it('an entry that earns and its award commit together: when the award fails, no entry is left that could never earn', async () => {
    const t = createTestApp();
    const { user, caller } = await t.signedInCaller();
    // The award fails inside its transaction (the catalogue has lost the activity), as a crash there would.
    const [journaling] = await t.sql("SELECT * FROM activities WHERE key = 'journaling'");
    await t.sql("DELETE FROM activities WHERE key = 'journaling'");
    await expect(caller.journaling.create({ mood: 'calma', body: words(60) })).rejects.toThrow();
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toHaveLength(0);
    // A short entry earns nothing and is stored on its own.
    expect((await caller.journaling.create({ mood: 'calma', body: 'Un día tranquilo.' })).stepsEarned).toBe(0);
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toHaveLength(1);

    await t.deps.repos.steps.seedCatalogue(
      ACTIVITY_CATALOGUE.filter((a) => a.key === 'journaling'),
      t.clock.now(),
    );
    expect(journaling).toBeDefined();
    const again = await caller.journaling.create({ mood: 'calma', body: words(60) });
    expect(again.stepsEarned).toBeGreaterThan(0);
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toHaveLength(2);
  });

  it('refuses an entry without a mood or text', async () => {
    const t = createTestApp();
    const { caller } = await t.signedInCaller();
    await expect(caller.journaling.create({ mood: '', body: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(caller.journaling.create({ mood: 'alegría', body: '   ' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses to save a journaling chat longer than an entry (20 000 characters) and stores nothing', async () => {
    const t = createTestApp();
    const { user, caller } = await t.signedInCaller();
    const chat = await caller.coaching.start({ kind: 'journal' });
    for (let i = 0; i < 6; i += 1) {
      await caller.coaching.send({
        conversationId: chat.id,
        content: `${'escribo '.repeat(499)}${i}`,
        clientMessageId: crypto.randomUUID(),
      });
    }
    await expect(caller.coaching.saveJournal({ conversationId: chat.id, mood: 'calma' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Esta entrada supera los 20.000 caracteres de una entrada de diario. Tus mensajes siguen en la conversación.',
    });
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toEqual([]);
    expect((await caller.coaching.conversation({ id: chat.id })).status).toBe('active');
  });

  it('counts entries saved from a journaling chat against the daily journal quota', async () => {
    const t = createTestApp({ env: { QUOTA_JOURNAL_ENTRIES_PER_DAY: '1' } });
    const { user, caller } = await t.signedInCaller();
    await caller.journaling.create({ mood: 'calma', body: 'Una entrada escrita a mano.' });
    const chat = await caller.coaching.start({ kind: 'journal' });
    await caller.coaching.send({
      conversationId: chat.id,
      content: 'Hoy me siento en calma.',
      clientMessageId: crypto.randomUUID(),
    });
    await expect(caller.coaching.saveJournal({ conversationId: chat.id })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.',
    });
    expect(await t.deps.repos.coaching.recentJournalEntries(user.id, 10)).toHaveLength(1);
    // The chat is kept open: it can be saved tomorrow.
    expect((await caller.coaching.conversation({ id: chat.id })).status).toBe('active');
    t.clock.advance(24 * 3600 * 1000);
    await expect(caller.coaching.saveJournal({ conversationId: chat.id })).resolves.toMatchObject({ wordCount: 5 });
  });
});
