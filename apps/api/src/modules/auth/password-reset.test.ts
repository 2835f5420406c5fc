import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSmtpServer, unfolded } from '../../testing/smtp-server';
import { createTestApp } from '../../testing/test-app';
import { SECRET_PLACEHOLDER } from '../email/mailer';
import { PASSWORD_RESET_ACCEPTED_MESSAGE } from './password-reset';

type Envelope = { error: { code: string; message: string; details?: { retryAfterSeconds?: number } } };
type TestApp = ReturnType<typeof createTestApp>;

const LINK = /\/restablecer\/([A-Za-z0-9_-]{43})\b/;

/** The reset link mailed to `to` (the dev outbox), waiting for the delivery that follows the answer. */
async function mailedToken(t: TestApp, to: string, after = 0): Promise<string> {
  return vi.waitFor(
    async () => {
      const mails = (await t.deps.repos.admin.listOutbox(50)).filter((m) => m.to === to && m.template === 'password-reset');
      expect(mails.length).toBeGreaterThan(after);
      const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
      const token = LINK.exec(newest?.text ?? '')?.[1];
      if (!token) throw new Error('no link in the mail');
      expect(newest?.text).toContain(`${t.deps.config.publicOrigin}/restablecer/${token}`);
      expect(newest?.html).toContain(`${t.deps.config.publicOrigin}/restablecer/${token}`);
      return token;
    },
    { timeout: 5_000, interval: 20 },
  );
}

async function askReset(t: TestApp, email: string, ip = '203.0.113.50') {
  return t.request('/api/auth/password-reset', { ip, body: { email } });
}

async function confirm(t: TestApp, token: string, password: string, ip = '203.0.113.50') {
  return t.request('/api/auth/password-reset/confirm', { ip, body: { token, password } });
}

async function signIn(t: TestApp, email: string, password: string, init: { ip?: string; cookie?: string } = {}) {
  return t.request('/api/auth/login', { ip: init.ip ?? '203.0.113.60', ...(init.cookie ? { cookie: init.cookie } : {}), body: { email, password } });
}

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

describe('password reset by e-mail', () => {
  it('through a real SMTP server: the delivered link sets the new password, and the outbox copy keeps only a placeholder', async () => {
    const smtp = await startSmtpServer();
    stops.push(smtp.stop);
    const t = createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Ascenso <hola@ascenso.local>' } });
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es', firstName: 'Ana' });
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const raw = await vi.waitFor(
      () => {
        const mail = smtp.received.find((m) => m.to === 'ana@ejemplo.es' && unfolded(m.raw).includes('/restablecer/'));
        if (!mail) throw new Error('no reset mail delivered yet');
        return unfolded(mail.raw);
      },
      { timeout: 5_000, interval: 20 },
    );
    const token = LINK.exec(raw)?.[1];
    expect(token).toBeDefined();
    await t.deps.mailer.idle();
    const stored = (await t.deps.repos.admin.listOutbox(50)).find((m) => m.template === 'password-reset');
    expect(stored).toMatchObject({ to: 'ana@ejemplo.es', status: 'sent', transport: 'smtp' });
    expect(stored?.text).toContain(SECRET_PLACEHOLDER);
    expect(`${stored?.text ?? ''}${stored?.html ?? ''}`).not.toContain(token as string);

    expect((await confirm(t, token as string, 'otra frase larga y nueva')).status).toBe(200);
    expect((await signIn(t, 'ana@ejemplo.es', password)).status).toBe(401);
    expect((await signIn(t, 'ana@ejemplo.es', 'otra frase larga y nueva')).status).toBe(200);
  });

  it('answers 202 with the same body whether or not the account exists, and mails a link only to the account', async () => {
    const t = createTestApp();
    await t.registerUser({ email: 'ana@ejemplo.es', firstName: 'Ana' });
    const known = await askReset(t, 'ana@ejemplo.es');
    const unknown = await askReset(t, 'nadie@ejemplo.es');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    const knownBody = await known.text();
    expect(knownBody).toBe(await unknown.text());
    expect(JSON.parse(knownBody)).toEqual({ message: PASSWORD_RESET_ACCEPTED_MESSAGE });
    const token = await mailedToken(t, 'ana@ejemplo.es');
    const mails = await t.deps.repos.admin.listOutbox(50);
    expect(mails.filter((m) => m.to === 'nadie@ejemplo.es')).toEqual([]);
    const mail = mails.find((m) => m.to === 'ana@ejemplo.es' && m.template === 'password-reset');
    expect(mail?.subject).toBe('Restablece tu contraseña de Ascenso');
    expect(mail?.text).toContain('Hola, Ana:');
    expect(mail?.text).toContain('30 minutos');
    // Only the token's hash is stored: the token itself is nowhere in the database's reset rows.
    const rows = await t.sql('SELECT * FROM password_resets');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('a link sets a new password once: every session ends, the old password stops working, a second use is 410', async () => {
    const t = createTestApp();
    const { cookie, password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const other = await signIn(t, 'ana@ejemplo.es', password);
    expect(other.status).toBe(200);
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const token = await mailedToken(t, 'ana@ejemplo.es');

    const done = await confirm(t, token, 'otra frase larga y nueva');
    expect(done.status).toBe(200);
    expect(await done.json()).toEqual({ success: true });
    expect((await t.request('/api/auth/user', { cookie })).status).toBe(401);
    expect((await t.request('/api/auth/user', { cookie: t.sessionCookie(other) })).status).toBe(401);
    expect((await signIn(t, 'ana@ejemplo.es', password)).status).toBe(401);
    expect((await signIn(t, 'ana@ejemplo.es', 'otra frase larga y nueva')).status).toBe(200);

    const again = await confirm(t, token, 'y otra frase distinta');
    expect(again.status).toBe(410);
    const body = (await again.json()) as Envelope;
    expect(body.error.code).toBe('LINK_GONE');
    expect(body.error.message).toContain('ya no es válido');
    expect((await signIn(t, 'ana@ejemplo.es', 'y otra frase distinta')).status).toBe(401);
  });

  it('a link expires after 30 minutes; a malformed or unknown one is 410 too, without Argon2 work', async () => {
    const t = createTestApp();
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const token = await mailedToken(t, 'ana@ejemplo.es');
    t.clock.advance(30 * 60 * 1000);
    expect((await confirm(t, token, 'otra frase larga y nueva')).status).toBe(410);
    expect((await signIn(t, 'ana@ejemplo.es', password)).status).toBe(200);

    const hash = vi.spyOn(t.deps.passwords, 'hash');
    expect((await confirm(t, 'no-es-un-enlace', 'otra frase larga y nueva')).status).toBe(410);
    expect((await confirm(t, 'A'.repeat(43), 'otra frase larga y nueva')).status).toBe(410);
    expect(hash).not.toHaveBeenCalled();
    // A weak new password is refused before the link is used up.
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const fresh = await mailedToken(t, 'ana@ejemplo.es', 1);
    expect((await confirm(t, fresh, 'corta')).status).toBe(400);
    expect((await confirm(t, fresh, 'otra frase larga y nueva')).status).toBe(200);
  });

  it('of two uses of one link at once, exactly one sets its password', async () => {
    const t = createTestApp();
    await t.registerUser({ email: 'ana@ejemplo.es' });
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const token = await mailedToken(t, 'ana@ejemplo.es');
    const answers = await Promise.all([confirm(t, token, 'primera frase larga', '198.51.100.1'), confirm(t, token, 'segunda frase larga', '198.51.100.2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    const winner = answers[0]?.status === 200 ? 'primera frase larga' : 'segunda frase larga';
    const loser = winner === 'primera frase larga' ? 'segunda frase larga' : 'primera frase larga';
    expect((await signIn(t, 'ana@ejemplo.es', winner)).status).toBe(200);
    expect((await signIn(t, 'ana@ejemplo.es', loser)).status).toBe(401);
  });

  it('limits reset e-mails per account (known or not, alike) and per address, saying how long to wait', async () => {
    const t = createTestApp();
    await t.registerUser({ email: 'ana@ejemplo.es' });
    for (const email of ['ana@ejemplo.es', 'nadie@ejemplo.es']) {
      for (let i = 0; i < 3; i += 1) expect((await askReset(t, email, `198.51.100.${i}`)).status).toBe(202);
      const refused = await askReset(t, email, '198.51.100.77');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBe(60 * 60);
      expect(((await refused.json()) as Envelope).error.message).toBe(
        'Has pedido demasiados enlaces para restablecer la contraseña. Vuelve a intentarlo dentro de 1 hora.',
      );
    }
    // Three mails reached the account, none the unknown address.
    await vi.waitFor(async () => expect((await t.deps.repos.admin.listOutbox(50)).filter((m) => m.template === 'password-reset')).toHaveLength(3));
    // Five requests from one address, whatever the accounts.
    for (let i = 0; i < 5; i += 1) expect((await askReset(t, `x${i}@ejemplo.es`, '192.0.2.10')).status).toBe(202);
    expect((await askReset(t, 'y@ejemplo.es', '192.0.2.10')).status).toBe(429);
  });
});

describe('nobody can lock an owner out (device cookies)', () => {
  async function lockOut(t: TestApp) {
    for (let i = 0; i < 12; i += 1) {
      expect((await signIn(t, 'ana@ejemplo.es', 'mala', { ip: `198.51.100.${i}` })).status).toBe(401);
    }
  }

  function deviceCookie(response: Response): string {
    const line = response.headers.getSetCookie().find((c) => c.startsWith('device='));
    if (!line) throw new Error('no device cookie');
    expect(line).toContain('HttpOnly');
    expect(line).toContain('SameSite=Strict');
    expect(line).toContain('Path=/api');
    expect(line).toContain(`Max-Age=${365 * 24 * 60 * 60}`);
    return line.split(';')[0] ?? '';
  }

  it('a device that signed in before still signs in while the account is held; a new device is told to wait 24 h or reset', async () => {
    const t = createTestApp({ env: { AUTH_LOGIN_MAX_PER_ACCOUNT: '12' } });
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const first = await signIn(t, 'ana@ejemplo.es', password, { ip: '203.0.113.80' });
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    await lockOut(t);

    const unknownDevice = await signIn(t, 'ana@ejemplo.es', password, { ip: '203.0.113.81' });
    expect(unknownDevice.status).toBe(429);
    expect(Number(unknownDevice.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    const refusal = ((await unknownDevice.json()) as Envelope).error.message;
    expect(refusal).toContain('24 horas');
    expect(refusal).toContain('¿Has olvidado tu contraseña?');

    // From the owner's device, at any address.
    const owner = await signIn(t, 'ana@ejemplo.es', password, { ip: '203.0.113.82', cookie: device });
    expect(owner.status).toBe(200);
    // Its own guesses are limited on their own (10 in 15 min), not by the account's.
    for (let i = 0; i < 10; i += 1) expect((await signIn(t, 'ana@ejemplo.es', 'mala', { ip: `192.0.2.${i}`, cookie: device })).status).toBe(401);
    expect((await signIn(t, 'ana@ejemplo.es', password, { ip: '192.0.2.99', cookie: device })).status).toBe(429);
  });

  it('a forged device cookie, or another account’s, is no device at all', async () => {
    const t = createTestApp({ env: { AUTH_LOGIN_MAX_PER_ACCOUNT: '12' } });
    const { password } = await t.registerUser({ email: 'ana@ejemplo.es' });
    const { password: otherPassword } = await t.registerUser({ email: 'bea@ejemplo.es' });
    const bea = deviceCookie(await signIn(t, 'bea@ejemplo.es', otherPassword));
    await lockOut(t);
    expect((await signIn(t, 'ana@ejemplo.es', password, { cookie: bea })).status).toBe(429);
    const [name, value] = bea.split('=');
    const forged = `${name}=${(value ?? '').replace(/.$/, (ch) => (ch === 'a' ? 'b' : 'a'))}`;
    expect((await signIn(t, 'ana@ejemplo.es', password, { cookie: forged })).status).toBe(429);
    expect((await signIn(t, 'ana@ejemplo.es', password, { cookie: 'device=basura' })).status).toBe(429);
  });

  it('a password reset lifts the hold at once, for any device', async () => {
    const t = createTestApp({ env: { AUTH_LOGIN_MAX_PER_ACCOUNT: '12' } });
    await t.registerUser({ email: 'ana@ejemplo.es' });
    await lockOut(t);
    expect((await askReset(t, 'ana@ejemplo.es')).status).toBe(202);
    const token = await mailedToken(t, 'ana@ejemplo.es');
    expect((await confirm(t, token, 'otra frase larga y nueva')).status).toBe(200);
    expect((await signIn(t, 'ana@ejemplo.es', 'otra frase larga y nueva', { ip: '203.0.113.90' })).status).toBe(200);
  });
});
