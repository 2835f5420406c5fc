import { createHash, randomBytes } from 'node:crypto';
import { DomainError } from '@ascenso/domain/errors';
import { addressKey, resetRefusalMessage, waitLabel, type AttemptRule } from '@ascenso/domain/login-throttle';
import type { Deps } from '../../deps';
import { passwordResetEmail } from '../email/templates';
import { guardedPasswordWork } from './auth.service';

/** How long a reset link works (the contract's "Accounts"). */
export const PASSWORD_RESET_VALID_MINUTES = 30;

/** The answer to every reset request, whether or not the account exists. */
export const PASSWORD_RESET_ACCEPTED_MESSAGE =
  'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva. Mira también en la carpeta de correo no deseado.';

/** The refusal of a link that was used, has expired or never existed (410 on the REST path). */
export const PASSWORD_RESET_GONE_MESSAGE =
  'Este enlace para restablecer la contraseña ya no es válido: caduca a los 30 minutos y solo se puede usar una vez. Pide uno nuevo.';

/** 256 random bits, base64url (43 characters): the token the link carries. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Asks for a reset link (decision 034). The answer is the same whether or not the account exists, and
 * it does not wait for the e-mail: the link is stored and the mail sent after the answer (`delivery`,
 * awaited by tests), so neither the body nor the time tells whether the address has an account.
 * Limited per address and per account (the account's key is the e-mail, counted for unknown addresses
 * too, so a refusal tells nothing either).
 */
export async function requestPasswordReset(deps: Deps, email: string, meta: { ip: string }): Promise<{ delivery: Promise<void> }> {
  const { resetPerAddress, resetPerAccount } = deps.config.auth.limits;
  const rules: AttemptRule[] = [
    { scope: 'reset-address', key: addressKey(meta.ip), ...resetPerAddress },
    { scope: 'reset-account', key: email, ...resetPerAccount },
  ];
  const now = deps.clock();
  const reservation = await deps.repos.authFailures.reserve(rules, now);
  if (!reservation.ok) {
    const retryAfterSeconds = Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000));
    throw new DomainError('RATE_LIMITED', resetRefusalMessage(retryAfterSeconds), { retryAfterSeconds });
  }
  const delivery = sendResetLink(deps, email).catch((error: unknown) => {
    deps.logger.error('password reset mail failed', { error: String(error) });
  });
  return { delivery };
}

async function sendResetLink(deps: Deps, email: string): Promise<void> {
  const user = await deps.repos.users.findByEmail(email);
  if (!user) return;
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await deps.repos.sessions.insertPasswordReset({
    tokenHash: hashToken(token),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000),
    usedAt: null,
  });
  const origin = deps.config.publicOrigin;
  const link = `${origin}/restablecer/${token}`;
  const mail = passwordResetEmail({ firstName: user.firstName, link, validMinutes: PASSWORD_RESET_VALID_MINUTES }, origin);
  await deps.mailer.send({ ...mail, to: user.email, template: 'password-reset', userId: user.id, secret: link });
  deps.logger.info('password reset requested', { userId: user.id });
}

function gone(): DomainError {
  return new DomainError('LINK_GONE', PASSWORD_RESET_GONE_MESSAGE);
}

/**
 * Sets a new password through a reset link: the link must be unused and younger than 30 minutes, and
 * is used up by this (of two concurrent uses, one wins; the other gets LINK_GONE). Every session of the
 * account ends, its other links die, and its sign-in limits are lifted (the account-wide one, and this
 * address's), so an owner locked out by someone else's guesses is back in at once. The new password is
 * hashed in the fair Argon2 queue, within a limit per address.
 */
export async function confirmPasswordReset(deps: Deps, input: { token: string; password: string }, meta: { ip: string }): Promise<{ success: true }> {
  if (!TOKEN.test(input.token)) throw gone();
  const tokenHash = hashToken(input.token);
  // No Argon2 work for a link that cannot work.
  if (!(await deps.repos.sessions.findUsablePasswordReset(tokenHash, deps.clock()))) throw gone();
  const rule: AttemptRule = { scope: 'reset-confirm-address', key: addressKey(meta.ip), ...deps.config.auth.limits.resetConfirmPerAddress };
  // Within the cap on account changes in progress (password-work.ts), like a password change.
  const { result: passwordHash } = await deps.passwordWork.accountChange(() =>
    guardedPasswordWork(
      deps,
      meta.ip,
      [rule],
      (_scope, wait) => `Demasiados cambios de contraseña desde tu conexión. Vuelve a intentarlo dentro de ${waitLabel(wait)}.`,
      () => deps.passwords.hash(input.password),
    ),
  );
  const now = deps.clock();
  const done = await deps.store.transaction(async (tx) => {
    const userId = await tx.sessions.consumePasswordReset(tokenHash, now);
    if (!userId) return undefined;
    const user = await tx.users.findById(userId);
    if (!user) return undefined;
    await tx.users.update(userId, { passwordHash, updatedAt: now });
    await tx.sessions.deletePasswordResetsForUser(userId);
    await tx.authFailures.clear('login-account', user.email);
    await tx.authFailures.clear('login-account-address', `${user.email}\n${addressKey(meta.ip)}`);
    return { userId, ended: await tx.sessions.deleteForUser(userId) };
  });
  if (!done) throw gone();
  for (const sessionId of done.ended) deps.bus.publish('session.ended', { sessionId, userId: done.userId, reason: 'revoked' });
  deps.logger.info('password reset', { userId: done.userId, endedSessions: done.ended.length });
  return { success: true };
}
