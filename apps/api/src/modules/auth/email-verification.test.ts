import { EMAIL_VERIFICATION_MESSAGES, verifiedEmailRequiredMessage } from '@ascenso/domain/email-verification';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpServer, unfolded } from '../../testing/smtp-server';
import { createTestApp } from '../../testing/test-app';
import { SECRET_PLACEHOLDER } from '../email/mailer';

type Envelope = { error: { code: string; message: string; details?: { retryAfterSeconds?: number } } };
type TestApp = ReturnType<typeof createTestApp>;

const LINK = /\/verificar\/([A-Za-z0-9_-]{43})\b/;
const HOUR = 60 * 60 * 1000;

/** The mails to `to` of a template, newest first (registerUser and the requests below await their delivery). */
async function mailsTo(t: TestApp, to: string, template: 'welcome' | 'email-verification') {
  await t.deps.mailer.idle();
  const mails = (await t.deps.repos.admin.listOutbox(100)).filter((m) => m.to === to && m.template === template);
  return mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** The confirmation link in the newest mail of `template` to `to`: the same link in the text and the HTML part. */
async function mailedToken(t: TestApp, to: string, template: 'welcome' | 'email-verification' = 'welcome'): Promise<string> {
  const newest = (await mailsTo(t, to, template))[0];
  const token = LINK.exec(newest?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link in the ${template} mail to ${to}`);
  expect(newest?.text).toContain(`${t.deps.config.publicOrigin}/verificar/${token}`);
  expect(newest?.html).toContain(`${t.deps.config.publicOrigin}/verificar/${token}`);
  return token;
}

const verify = (t: TestApp, token: string, cookie?: string) => t.request('/api/auth/verify-email', { body: { token }, ...(cookie ? { cookie } : {}) });
const resend = (t: TestApp, cookie: string) => t.request('/api/auth/verify-email/resend', { cookie, method: 'POST' });

async function emailVerified(t: TestApp, cookie: string): Promise<boolean> {
  return (await t.callerFor(cookie).auth.me())!.emailVerified;
}

async function expectGone(response: Response) {
  expect(response.status).toBe(410);
  const body = (await response.json()) as Envelope;
  expect(body.error).toMatchObject({ code: 'LINK_GONE', message: EMAIL_VERIFICATION_MESSAGES.gone });
}

/** A link created while confirmed (201 with its `url`) keeps working if the confirmation goes (say, an address change). */
async function expectLinkOutlivesConfirmation(t: TestApp, created: Response) {
  expect(created.status).toBe(201);
  const { url } = (await created.json()) as { url: string };
  await t.sql('UPDATE users SET email_verified_at = NULL');
  expect((await t.request(new URL(url).pathname)).status).toBe(200);
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function smtpServer() {
  const server = await startSmtpServer();
  stops.push(server.stop);
  return server;
}

describe('e-mail verification', () => {
  it('through a real SMTP server: the mail carries the link, the outbox keeps only a placeholder, and the link confirms', async () => {
    const smtp = await smtpServer();
    const t = createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ascenso <hola@ascenso.local>' } });
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', firstName: 'Ana', verified: false });
    await t.deps.mailer.idle();
    const delivered = smtp.received.filter((m) => m.to === 'ana@ejemplo.es');
    expect(delivered).toHaveLength(1);
    const token = LINK.exec(unfolded(delivered[0]?.raw ?? ''))?.[1];
    expect(token).toBeDefined();
    const [stored] = await mailsTo(t, 'ana@ejemplo.es', 'welcome');
    expect(stored).toMatchObject({ status: 'sent', transport: 'smtp' });
    expect(stored?.text).toContain(SECRET_PLACEHOLDER);
    expect(`${stored?.text ?? ''}${stored?.html ?? ''}`).not.toContain(token as string);

    expect((await verify(t, token as string)).status).toBe(200);
    expect(await emailVerified(t, cookie)).toBe(true);

    // «Reenviar enlace» goes through SMTP too; an address already confirmed gets no mail.
    expect((await resend(t, cookie)).status).toBe(200);
    await t.deps.mailer.idle();
    expect(smtp.received.filter((m) => m.to === 'ana@ejemplo.es')).toHaveLength(1);
  });

  it('registration mails a welcome with a 48-hour link; opening it signed out confirms the address, once', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser({ email: 'ana@ejemplo.es', firstName: 'Ana', verified: false });
    expect(await emailVerified(t, cookie)).toBe(false);
    expect(await (await t.request('/api/auth/user', { cookie })).json()).toMatchObject({ id: user.id, emailVerified: false });

    const [welcome] = await mailsTo(t, 'ana@ejemplo.es', 'welcome');
    expect(welcome).toMatchObject({ subject: 'Te damos la bienvenida a Ascenso, Ana', userId: user.id, status: 'stored' });
    expect(welcome?.text).toContain('Hola, Ana:');
    expect(welcome?.text).toContain('48 horas');
    const token = await mailedToken(t, 'ana@ejemplo.es');
    // Only the token's hash is stored, with the address the link was sent to.
    const rows = await t.sql('SELECT user_id, email, used_at FROM email_verifications');
    expect(rows).toEqual([{ user_id: user.id, email: 'ana@ejemplo.es', used_at: null }]);
    expect(JSON.stringify(await t.sql('SELECT * FROM email_verifications'))).not.toContain(token);

    // No session: the link may be opened on another device.
    const done = await verify(t, token);
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    expect(await emailVerified(t, cookie)).toBe(true);
    expect(await (await t.request('/api/auth/user', { cookie })).json()).toMatchObject({ emailVerified: true });

    await expectGone(await verify(t, token, cookie));
  });

  it('is an auth.verifyEmail procedure too, public, with LINK_GONE for a used link', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    const visitor = t.callerFor('');
    expect(await visitor.auth.verifyEmail({ token })).toEqual({ success: true });
    expect(await emailVerified(t, cookie)).toBe(true);
    await expect(visitor.auth.verifyEmail({ token })).rejects.toMatchObject({ message: EMAIL_VERIFICATION_MESSAGES.gone });
  });

  it('a link expires after 48 hours; a malformed or unknown one is 410 too', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    await expectGone(await verify(t, 'no-es-un-enlace'));
    await expectGone(await verify(t, 'A'.repeat(43)));
    t.clock.advance(48 * HOUR);
    await expectGone(await verify(t, token));
    expect(await emailVerified(t, cookie)).toBe(false);
  });

  it('a link still works just before 48 hours', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    t.clock.advance(48 * HOUR - 1000);
    expect((await verify(t, token)).status).toBe(200);
    expect(await emailVerified(t, cookie)).toBe(true);
  });

  it('«Reenviar enlace» mails a fresh link (202) and the older one dies', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', firstName: 'Ana', verified: false });
    const first = await mailedToken(t, 'ana@ejemplo.es');
    const answer = await resend(t, cookie);
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ alreadyVerified: false });
    const [mail] = await mailsTo(t, 'ana@ejemplo.es', 'email-verification');
    expect(mail?.subject).toBe('Confirma tu correo de Ascenso');
    const fresh = await mailedToken(t, 'ana@ejemplo.es', 'email-verification');
    expect(fresh).not.toBe(first);
    await expectGone(await verify(t, first));
    expect(await emailVerified(t, cookie)).toBe(false);
    expect((await verify(t, fresh)).status).toBe(200);
    expect(await emailVerified(t, cookie)).toBe(true);
  });

  it('a confirmed address gets 200 { alreadyVerified: true } and no mail; a visitor is refused', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const answer = await resend(t, cookie);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ alreadyVerified: true });
    expect(await t.callerFor(cookie).auth.resendVerification()).toEqual({ alreadyVerified: true });
    expect(await mailsTo(t, 'ana@ejemplo.es', 'email-verification')).toEqual([]);
    expect((await t.request('/api/auth/verify-email/resend', { method: 'POST' })).status).toBe(401);
  });

  it('limits fresh links to 3 an hour per account, saying how long to wait', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const other = await t.registerUser({ email: 'bea@ejemplo.es', verified: false });
    for (let i = 0; i < 3; i += 1) expect((await resend(t, cookie)).status).toBe(202);
    const refused = await resend(t, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(60 * 60);
    expect(((await refused.json()) as Envelope).error.message).toBe(
      'Ya te hemos enviado varios enlaces para confirmar tu correo. Mira en tu bandeja de entrada y en el correo no deseado, o vuelve a pedirlo dentro de 1 hora.',
    );
    await expect(t.callerFor(cookie).auth.resendVerification()).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(await mailsTo(t, 'ana@ejemplo.es', 'email-verification')).toHaveLength(3);
    // Per account: someone else's limit is untouched.
    expect((await resend(t, other.cookie)).status).toBe(202);
    // An hour later the account may ask again.
    t.clock.advance(HOUR);
    expect((await resend(t, cookie)).status).toBe(202);
  });

  it('in parallel: one link opened ten times confirms once (nine 410); ten «Reenviar enlace» at once send exactly 3 links, of which only one works', async () => {
    const t = createTestApp();
    const ana = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    const opened = await Promise.all(Array.from({ length: 10 }, () => verify(t, token)));
    expect(opened.map((r) => r.status).sort()).toEqual([200, ...Array.from({ length: 9 }, () => 410)]);
    expect((await t.sql('SELECT used_at FROM email_verifications WHERE used_at IS NOT NULL')).length).toBe(1);
    expect(await emailVerified(t, ana.cookie)).toBe(true);

    const other = await t.registerUser({ email: 'bea@ejemplo.es', verified: false });
    const asked = await Promise.all(Array.from({ length: 10 }, () => resend(t, other.cookie)));
    expect(asked.filter((r) => r.status === 202)).toHaveLength(3);
    expect(asked.filter((r) => r.status === 429)).toHaveLength(7);
    const mailed = await mailsTo(t, 'bea@ejemplo.es', 'email-verification');
    expect(mailed).toHaveLength(3);
    const tokens = mailed.map((mail) => LINK.exec(mail.text)?.[1] ?? '');
    const results = [];
    for (const each of tokens) results.push((await verify(t, each)).status);
    expect(results.filter((status) => status === 200)).toHaveLength(1);
    expect(await emailVerified(t, other.cookie)).toBe(true);
  });

  it('a link confirms only the address it was sent to', async () => {
    const t = createTestApp();
    const { cookie, user } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    // The app has no way to change an address yet; were one to change, the old address's link would not confirm the new one.
    await t.sql('UPDATE users SET email = ? WHERE id = ?', 'otra@ejemplo.es', user.id);
    await expectGone(await verify(t, token));
    expect(await emailVerified(t, cookie)).toBe(false);
  });
});

describe('what needs a confirmed address', () => {
  it('a share link: refused (403) while unconfirmed, allowed once confirmed; an existing share keeps working', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const body = { include: ['moods'], days: 7 };
    const refused = await t.request('/api/shares', { cookie, body });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Envelope).error).toMatchObject({ code: 'FORBIDDEN', message: verifiedEmailRequiredMessage('share') });
    expect(verifiedEmailRequiredMessage('share')).toMatch(/^Confirma tu correo para crear un enlace para compartir tus datos: .*«Reenviar enlace»/);
    await expect(t.callerFor(cookie).shares.create({ include: ['moods'], days: 7 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.sql('SELECT id FROM shares')).toEqual([]);

    expect((await verify(t, await mailedToken(t, 'ana@ejemplo.es'))).status).toBe(200);
    await expectLinkOutlivesConfirmation(t, await t.request('/api/shares', { cookie, body }));
  });

  it('a calendar feed: refused (403) while unconfirmed, allowed once confirmed; an existing feed keeps working', async () => {
    const t = createTestApp();
    const { cookie } = await t.registerUser({ email: 'ana@ejemplo.es', verified: false });
    const refused = await t.request('/api/calendar/feed', { cookie, method: 'POST' });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as Envelope).error).toMatchObject({ code: 'FORBIDDEN', message: verifiedEmailRequiredMessage('calendarFeed') });
    expect(verifiedEmailRequiredMessage('calendarFeed')).toMatch(/^Confirma tu correo para conectar tu calendario: .*«Reenviar enlace»/);
    await expect(t.callerFor(cookie).calendar.create()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await (await t.request('/api/calendar/feed', { cookie })).json()).toMatchObject({ active: false });

    await t.callerFor(cookie).auth.verifyEmail({ token: await mailedToken(t, 'ana@ejemplo.es') });
    await expectLinkOutlivesConfirmation(t, await t.request('/api/calendar/feed', { cookie, method: 'POST' }));
  });

  it('a weekly summary mailed on a person’s behalf: refused while their address is unconfirmed', async () => {
    const t = createTestApp();
    const boss = await t.registerUser({ email: 'jefa@ejemplo.es' });
    await t.sql("UPDATE users SET role = 'admin' WHERE id = ?", boss.user.id);
    const admin = t.callerFor(boss.cookie);
    const member = await t.registerUser({ email: 'carmen@ejemplo.es', firstName: 'Carmen', verified: false });
    await expect(admin.admin.aiEmailSend({ userId: member.user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: EMAIL_VERIFICATION_MESSAGES.recipientUnverified,
    });
    expect((await t.deps.repos.admin.listOutbox(100)).filter((m) => m.template === 'weekly-summary')).toEqual([]);
    expect(await admin.admin.mailAudit()).toEqual([]);

    expect((await verify(t, await mailedToken(t, 'carmen@ejemplo.es'))).status).toBe(200);
    expect(await admin.admin.aiEmailSend({ userId: member.user.id })).toMatchObject({ status: 'stored' });
  });
});
