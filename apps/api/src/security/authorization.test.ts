import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATALOGUE } from '@ascenso/domain/activities';
import { createTestApp, type TestApp } from '../testing/test-app';
import { callPath, listProcedures } from '../testing/procedures';

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
  // Someone who forgot their password is not signed in (decision 034).
  'auth.requestPasswordReset': 'public',
  'auth.confirmPasswordReset': 'public',
  // The welcome mail's link may be opened signed out, or on another device.
  'auth.verifyEmail': 'public',
};

type AdminCaller = {
  admin: {
    updateActivity: (input: { key: string; name: string; baseSteps: number; multiplier: number; dailyLimit: number }) => Promise<unknown>;
    aiEmailSend: (input: { userId: string }) => Promise<unknown>;
  };
};
type AdminAnswer = {
  arrange?: (t: TestApp, caller: AdminCaller, adminId: string) => Promise<unknown>;
  check: (answer: unknown, adminId: string) => void;
};

/** What each admin query answers an admin (after `arrange`); a new admin query must be added here. */
const ADMIN_ANSWERS: Record<string, AdminAnswer> = {
  'admin.overview': {
    check: (answer) =>
      expect(answer).toEqual({
        users: 1,
        activeUsers7d: 1,
        assessmentCompletionRate: 0,
        completionsByDay: [],
        aiUsageByDay: [],
        health: {
          database: true,
          mail: expect.objectContaining({ ok: expect.any(Boolean), transport: 'outbox' }),
          ai: expect.objectContaining({ ok: expect.any(Boolean), provider: expect.any(String) }),
        },
      }),
  },
  'admin.users': {
    check: (answer, adminId) =>
      expect(answer).toEqual([
        {
          id: adminId,
          email: 'jefa@ejemplo.es',
          firstName: 'Jefa',
          lastName: null,
          role: 'admin',
          createdAt: expect.any(Date),
          totalSteps: 0,
        },
      ]),
  },
  'admin.catalogue': {
    check: (answer) => {
      expect((answer as Array<{ key: string }>).map((a) => a.key).sort()).toEqual(ACTIVITY_CATALOGUE.map((a) => a.key).sort());
      for (const activity of answer as unknown[]) {
        expect(activity).toEqual({
          key: expect.any(String),
          name: expect.any(String),
          baseSteps: expect.any(Number),
          multiplier: expect.any(Number),
          dailyLimit: expect.any(Number),
          icon: expect.any(String),
          updatedAt: expect.any(Date),
        });
      }
    },
  },
  'admin.audit': {
    arrange: (_t, caller) =>
      caller.admin.updateActivity({
        key: 'active_break',
        name: 'Pausa activa',
        baseSteps: 80,
        multiplier: 1,
        dailyLimit: 10,
      }),
    check: (answer, adminId) =>
      expect(answer).toEqual([
        {
          id: expect.any(String),
          activityKey: 'active_break',
          adminId,
          adminEmail: 'jefa@ejemplo.es',
          before: { name: 'Pausa activa', baseSteps: 70, multiplier: 1, dailyLimit: 10 },
          after: { name: 'Pausa activa', baseSteps: 80, multiplier: 1, dailyLimit: 10 },
          at: expect.any(Date),
        },
      ]),
  },
  'admin.mailAudit': {
    arrange: (_t, caller, adminId) => caller.admin.aiEmailSend({ userId: adminId }),
    check: (answer, adminId) =>
      expect(answer).toEqual([
        {
          id: expect.any(String),
          adminId,
          adminEmail: 'jefa@ejemplo.es',
          userId: adminId,
          userEmail: 'jefa@ejemplo.es',
          userFirstName: expect.any(String),
          template: 'weekly-summary',
          outboxId: expect.any(String),
          status: 'stored',
          at: expect.any(Date),
        },
      ]),
  },
  'admin.emailTemplates': {
    check: (answer) => expect(answer).toEqual(['welcome', 'weekly-summary', 'password-reset', 'email-verification']),
  },
  'admin.outbox': {
    arrange: (t, _caller, adminId) =>
      t.deps.mailer.send({
        to: 'jefa@ejemplo.es',
        subject: 'Hola',
        html: '<p>Hola</p>',
        text: 'Hola',
        template: 'welcome',
        userId: adminId,
      }),
    // The registration's own welcome mail (with its confirmation link) is there too.
    check: (answer, adminId) => {
      expect(answer).toHaveLength(2);
      expect(answer).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            id: expect.any(String),
            userId: adminId,
            to: 'jefa@ejemplo.es',
            subject: 'Hola',
            template: 'welcome',
            transport: 'outbox',
            status: 'stored',
            createdAt: expect.any(Date),
          }),
          expect.objectContaining({ userId: adminId, to: 'jefa@ejemplo.es', subject: 'Te damos la bienvenida a Ascenso, Jefa', template: 'welcome' }),
        ]),
      );
    },
  },
};

function accessOf(path: string): 'public' | 'user' | 'admin' | undefined {
  if (ACCESS[path]) return ACCESS[path];
  if (path.startsWith('admin.')) return 'admin';
  const userAreas = [
    'auth.',
    'activities.',
    'assessment.',
    'coaching.',
    'dailyPlan.',
    'meditations.',
    'practice.',
    'journaling.',
    'profile.',
    'weeklyReview.',
    'shares.',
    'calendar.',
    'voice.',
  ];
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
    '$path answers an admin with its shape',
    async ({ path }) => {
      const answer = ADMIN_ANSWERS[path];
      if (!answer) throw new Error(`${path}: say what it answers an admin in ADMIN_ANSWERS`);
      const t = createTestApp();
      const { cookie, user } = await t.registerUser({ email: 'jefa@ejemplo.es', firstName: 'Jefa' });
      await t.sql("update users set role = 'admin' where id = ?", user.id);
      const caller = t.callerFor(cookie);
      await answer.arrange?.(t, caller as unknown as AdminCaller, user.id);
      answer.check(await callPath(caller, path, {}), user.id);
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
      await expect(callPath(other, path, input), path).rejects.toMatchObject({
        code: expect.stringMatching(/NOT_FOUND|FORBIDDEN/),
      });
    }
  });
});
