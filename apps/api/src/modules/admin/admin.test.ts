import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startSmtpServer } from '../../testing/smtp-server';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { listProcedures } from '../../testing/procedures';
import { startTestServer } from '../../testing/test-server';
import { completeWithEvidence, grantEvidence } from '../activities/evidence.testing';

const stops: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function admin(t: TestApp) {
  const registered = await t.registerUser({ firstName: 'Admin' });
  await t.sql("update users set role = 'admin' where id = ?", registered.user.id);
  return { ...registered, caller: t.callerFor(registered.cookie) };
}

const ADMIN_INPUTS: Record<string, unknown> = {
  users: {},
  updateActivity: { key: 'active_break', name: 'Pausa activa', baseSteps: 70, multiplier: 1, dailyLimit: 10 },
  userLedger: { userId: 'x' },
  adjustSteps: { userId: 'x', steps: 10, reason: 'prueba' },
  emailPreview: { template: 'welcome' },
  emailSend: { template: 'welcome', to: 'a@b.es' },
  aiEmailPreview: { userId: 'x' },
  aiEmailSend: { userId: 'x' },
  mailAudit: undefined,
};

describe('admin authorisation', () => {
  const adminProcedures = listProcedures()
    .map(({ path }) => path)
    .filter((path) => path.startsWith('admin.'));

  it('covers every admin procedure of the router', () => {
    expect(adminProcedures.length).toBeGreaterThanOrEqual(12);
  });

  it.each(adminProcedures)('%s is refused to a plain user (FORBIDDEN) and a visitor (UNAUTHORIZED)', async (path) => {
    const t = createTestApp();
    const { cookie } = await t.registerUser();
    const name = path.slice('admin.'.length);
    const input = ADMIN_INPUTS[name];
    const asUser = t.callerFor(cookie).admin as unknown as Record<string, (input?: unknown) => Promise<unknown>>;
    const asVisitor = t.callerFor('').admin as unknown as Record<string, (input?: unknown) => Promise<unknown>>;
    await expect(asUser[name]?.(input)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(asVisitor[name]?.(input)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('admin: catalogue, ledgers and adjustments', () => {
  it('edits a daily limit with validation and an audit entry; the next completion follows it', async () => {
    const t = createTestApp();
    const { caller, user } = await admin(t);
    await expect(caller.admin.updateActivity({ key: 'sesion_completa', name: '', baseSteps: -1, multiplier: 1, dailyLimit: 1 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    await expect(caller.admin.updateActivity({ key: 'nada', name: 'x', baseSteps: 1, multiplier: 1, dailyLimit: 1 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await caller.admin.updateActivity({
      key: 'sesion_completa',
      name: 'Sesión completa',
      baseSteps: 1250,
      multiplier: 1,
      dailyLimit: 2,
    });
    const [entry] = await caller.admin.audit();
    expect(entry).toMatchObject({
      activityKey: 'sesion_completa',
      adminEmail: expect.any(String),
      before: { dailyLimit: 1 },
      after: { dailyLimit: 2 },
    });
    expect(entry?.adminId).toBe(user.id);
    const member = await t.registerUser();
    await grantEvidence(t, member.user.id, 'sesion_completa', 2, 'session');
    const first = (await (await t.request('/api/activity-log', { cookie: member.cookie, body: { activity_key: 'sesion_completa' } })).json()) as {
      stepsEarned: number;
    };
    const second = (await (await t.request('/api/activity-log', { cookie: member.cookie, body: { activity_key: 'sesion_completa' } })).json()) as {
      stepsEarned: number;
      dailyLimit: number;
    };
    expect([first.stepsEarned, second.stepsEarned, second.dailyLimit]).toEqual([1250, 1250, 2]);
  });

  it('adjusts a user’s steps with a reason, visible in their ledger and pushed to their tabs', async () => {
    const t = createTestApp();
    const server = await startTestServer(t);
    stops.push(server.stop);
    const { caller } = await admin(t);
    const member = await t.registerUser();
    const socket = new WebSocket(`${server.wsUrl}/ws`, { headers: { cookie: member.cookie, origin: TEST_ORIGIN } });
    const messages: Array<{ type: string; data?: unknown }> = [];
    socket.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise((r) => socket.once('open', r));
    socket.send(JSON.stringify({ type: 'authenticate', userId: member.user.id }));
    await expect.poll(() => messages.length).toBe(1);
    stops.push(() => socket.close());

    await expect(caller.admin.adjustSteps({ userId: member.user.id, steps: 500, reason: '' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect(await caller.admin.adjustSteps({ userId: member.user.id, steps: 500, reason: 'Reto de equipo de noviembre' })).toMatchObject({ totalSteps: 500 });
    await expect.poll(() => messages.at(-1)).toEqual({ type: 'stats_updated', data: { totalSteps: 500, todaySteps: 500 } });
    const { entries } = await caller.admin.userLedger({ userId: member.user.id });
    expect(entries[0]).toMatchObject({ kind: 'adjustment', steps: 500, reason: 'Reto de equipo de noviembre' });
    expect((await t.callerFor(member.cookie).profile.ledger())[0]?.reason).toBe('Reto de equipo de noviembre');
    // The 30 days of steps count adjustments on their own day: yesterday's 500, then today's −200 beside an activity.
    t.clock.advance(24 * 3600_000);
    await caller.admin.adjustSteps({ userId: member.user.id, steps: -200, reason: 'Corrección' });
    await completeWithEvidence(t, member, 'active_break');
    const history = await t.callerFor(member.cookie).profile.stepsHistory();
    const steps = history.map((d) => d.steps);
    expect(history).toHaveLength(30);
    expect(steps.slice(0, 28)).toEqual(Array.from({ length: 28 }, () => 0));
    expect(steps[28]).toBe(500);
    const [latest] = await t.callerFor(member.cookie).profile.ledger();
    expect(latest).toMatchObject({ kind: 'completion', activityKey: 'active_break' });
    expect(steps[29]).toBe((latest?.steps ?? 0) - 200);
  });

  it('reports users, activity, assessment rate, AI usage and health', async () => {
    const t = createTestApp();
    const { caller } = await admin(t);
    const member = await t.registerUser({ firstName: 'Berta' });
    await completeWithEvidence(t, member, 'active_break');
    const overview = await caller.admin.overview();
    expect(overview).toMatchObject({
      users: 2,
      activeUsers7d: 2,
      assessmentCompletionRate: 0,
      health: { database: true, mail: { ok: true, transport: 'outbox' }, ai: { ok: true, provider: 'offline' } },
    });
    expect(overview.completionsByDay).toEqual([{ day: '2026-11-22', activityKey: 'active_break', completions: 1 }]);
    expect((await caller.admin.users({ query: 'berta' })).map((u) => u.firstName)).toEqual(['Berta']);
  });
});

describe('e-mail', () => {
  it('without SMTP, stores the rendered message (HTML and text) in the dev outbox', async () => {
    const t = createTestApp();
    const { caller } = await admin(t);
    const preview = await caller.admin.emailPreview({ template: 'welcome' });
    expect(preview.subject).toBe('Te damos la bienvenida a Ascenso, Admin');
    expect(preview.html).toContain('<html lang="es">');
    expect(preview.text).toContain('Confirmar mi correo: http://');
    expect(preview.text).toContain('/verificar/enlace-de-ejemplo');
    expect(await caller.admin.emailSend({ template: 'weekly-summary', to: 'lucia@ejemplo.es' })).toMatchObject({
      status: 'stored',
      transport: 'outbox',
    });
    // The admin's own welcome mail (sent at registration) is in the outbox too.
    expect((await caller.admin.outbox()).find((m) => m.template === 'weekly-summary')).toMatchObject({
      to: 'lucia@ejemplo.es',
      template: 'weekly-summary',
      status: 'stored',
    });
    await expect(caller.admin.emailSend({ template: 'welcome', to: 'no-es-correo' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  async function smtpServer(options: { reject?: boolean } = {}) {
    const server = await startSmtpServer(options);
    stops.push(server.stop);
    return server;
  }

  it('sends through SMTP with HTML and text parts', async () => {
    const smtp = await smtpServer();
    const t = createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ascenso <hola@ascenso.local>' } });
    const { caller, user } = await admin(t);
    // The admin's welcome mail went out at registration (awaited by registerUser).
    expect(smtp.received.map((m) => m.to)).toEqual([user.email]);
    expect(await caller.admin.emailSend({ template: 'password-reset', to: 'ana@ejemplo.es' })).toMatchObject({
      status: 'sent',
      transport: 'smtp',
    });
    expect(smtp.received).toHaveLength(2);
    expect(smtp.received[1]?.to).toBe('ana@ejemplo.es');
    expect(smtp.received[1]?.raw).toContain('text/html');
    expect(smtp.received[1]?.raw).toContain('text/plain');
  });

  it('retries a failing SMTP server and records the failure, never as sent', async () => {
    const smtp = await smtpServer({ reject: true });
    const t = createTestApp({ env: { SMTP_URL: smtp.url }, mailBackoffMs: 1 });
    const { caller } = await admin(t);
    // The admin's own welcome mail was tried (and failed) at registration.
    const before = smtp.attempts();
    const result = await caller.admin.emailSend({ template: 'welcome', to: 'ana@ejemplo.es' });
    expect(result).toMatchObject({ status: 'failed', transport: 'smtp' });
    expect(result.error).toContain('Buzón no disponible');
    expect(smtp.attempts() - before).toBe(3);
    expect((await caller.admin.outbox()).find((m) => m.to === 'ana@ejemplo.es')).toMatchObject({ status: 'failed', attempts: 3 });
  });

  it('has the coach write a personalised weekly summary for a chosen user', async () => {
    const t = createTestApp();
    const { caller } = await admin(t);
    const member = await t.registerUser({ firstName: 'Carmen' });
    await completeWithEvidence(t, member, 'breathing_short');
    const preview = await caller.admin.aiEmailPreview({ userId: member.user.id });
    expect(preview).toMatchObject({ source: 'offline', user: { firstName: 'Carmen' } });
    expect(preview.text).toContain('Hola, Carmen');
    expect(preview.text).toContain('1 respiración corta');
    expect(await caller.admin.aiEmailSend({ userId: member.user.id })).toMatchObject({ status: 'stored' });
    expect((await caller.admin.outbox()).find((m) => m.template === 'weekly-summary')?.to).toBe(member.user.email);
  });

  it('writes every mail sent on someone’s behalf to the audit log (who, to whom, how), and forgets it with the account', async () => {
    const t = createTestApp();
    const { caller, user: boss } = await admin(t);
    const member = await t.registerUser({ firstName: 'Carmen' });
    expect(await caller.admin.mailAudit()).toEqual([]);
    const sent = await caller.admin.aiEmailSend({ userId: member.user.id });
    expect(await caller.admin.mailAudit()).toEqual([
      {
        id: expect.any(String),
        adminId: boss.id,
        adminEmail: boss.email,
        userId: member.user.id,
        userEmail: member.user.email,
        userFirstName: 'Carmen',
        template: 'weekly-summary',
        outboxId: sent.id,
        status: 'stored',
        at: t.clock.now(),
      },
    ]);
    // Deleting the account deletes what the log says about the person.
    await t.deps.repos.users.delete(member.user.id);
    expect(await caller.admin.mailAudit()).toEqual([]);
  });

  it('sends a person’s weekly summary only to that person: another recipient is refused and nothing is sent', async () => {
    const t = createTestApp();
    const { cookie } = await admin(t);
    const member = await t.registerUser({ firstName: 'Carmen' });
    const before = (await t.deps.repos.admin.listOutbox(100)).length;
    const answer = await t.request('/api/trpc/admin.aiEmailSend', { cookie, body: { json: { userId: member.user.id, to: 'fuera@ejemplo.com' } } });
    expect(answer.status).toBe(400);
    expect(await t.deps.repos.admin.listOutbox(100)).toHaveLength(before);
  });
});
