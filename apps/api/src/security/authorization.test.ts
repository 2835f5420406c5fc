import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';
import { callPath, listProcedures } from './procedures';

/**
 * Who may call each procedure. A procedure missing here fails the first test, so a new one cannot be
 * forgotten: classify it, and the matrix below checks visitors, users and admins against it.
 */
const ACCESS: Record<string, 'public' | 'user' | 'admin'> = {
  health: 'public',
  'auth.me': 'public',
  'auth.login': 'public',
  'auth.register': 'public',
  'auth.logout': 'public',
};

function accessOf(path: string): 'public' | 'user' | 'admin' | undefined {
  if (ACCESS[path]) return ACCESS[path];
  if (path.startsWith('admin.')) return 'admin';
  const userAreas = ['auth.', 'activities.', 'assessment.', 'coaching.', 'dailyPlan.', 'meditations.', 'practice.', 'journaling.', 'profile.'];
  return userAreas.some((area) => path.startsWith(area)) ? 'user' : undefined;
}

describe('authorisation matrix (generated from the router)', () => {
  const procedures = listProcedures();

  it('classifies every procedure', () => {
    const unclassified = procedures.filter((p) => accessOf(p.path) === undefined).map((p) => p.path);
    expect(unclassified).toEqual([]);
    expect(procedures.length).toBeGreaterThan(60);
  });

  it.each(procedures.filter((p) => accessOf(p.path) !== 'public'))('$path refuses a visitor with UNAUTHORIZED', async ({ path }) => {
    const t = createTestApp();
    await expect(callPath(t.callerFor(''), path, {})).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it.each(procedures.filter((p) => accessOf(p.path) === 'admin'))('$path refuses a plain user with FORBIDDEN', async ({ path }) => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    await expect(callPath(t.callerFor(cookie), path, {})).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it.each(procedures.filter((p) => accessOf(p.path) === 'admin' && p.kind === 'query' && !p.path.includes('Preview') && p.path !== 'admin.userLedger'))(
    '$path answers an admin',
    async ({ path }) => {
      const t = createTestApp();
      const { cookie, user } = await t.registerUser();
      t.deps.dbHandle.sqlite.prepare("update users set role = 'admin' where id = ?").run(user.id);
      await expect(callPath(t.callerFor(cookie), path, {})).resolves.toBeDefined();
    },
  );

  it('keeps another user’s resources out of reach', async () => {
    const t = createTestApp();
    const owner = t.callerFor((await t.registerUser()).cookie);
    const other = t.callerFor((await t.registerUser()).cookie);
    const chat = await owner.coaching.start({ kind: 'journal' });
    const entry = await owner.journaling.create({ mood: 'calma', body: 'privado' });
    const note = await owner.profile.addNote({ text: 'privado' });
    const attempts: Array<[string, unknown]> = [
      ['coaching.conversation', { id: chat.id }],
      ['coaching.saveJournal', { conversationId: chat.id }],
      ['coaching.finishSession', { conversationId: chat.id }],
      ['journaling.get', { id: entry.entry.id }],
      ['journaling.delete', { id: entry.entry.id }],
      ['profile.editNote', { id: note.id, text: 'x' }],
      ['profile.deleteNote', { id: note.id }],
      ['activities.stats', { userId: 'someone-else' }],
    ];
    for (const [path, input] of attempts) {
      await expect(callPath(other, path, input), path).rejects.toMatchObject({ code: expect.stringMatching(/NOT_FOUND|FORBIDDEN/) });
    }
  });
});
