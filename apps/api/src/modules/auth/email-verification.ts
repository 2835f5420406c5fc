import { createHash, randomBytes } from 'node:crypto';
import type { Repositories } from '@ascenso/db/store';
import {
  EMAIL_VERIFICATION_MESSAGES,
  EMAIL_VERIFICATION_PATH,
  EMAIL_VERIFICATION_VALID_HOURS,
  verifiedEmailRequiredMessage,
  type VerifiedEmailPurpose,
} from '@ascenso/domain/email-verification';
import { DomainError } from '@ascenso/domain/errors';
import { verifyResendRefusalMessage } from '@ascenso/domain/login-throttle';
import type { Deps } from '../../deps';
import { emailVerificationEmail, welcomeEmail } from '../email/templates';

export { EMAIL_VERIFICATION_VALID_HOURS };

/** 256 random bits, base64url (43 characters): the token the link carries. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

type Recipient = { id: string; email: string; firstName: string };

/**
 * Stores a fresh confirmation link for the user's current address and returns its token: the user's older
 * unused links die with it (only the newest one mailed works). Inside the caller's transaction when given one.
 */
export async function issueVerificationLink(deps: Deps, repos: Repositories, user: Recipient): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock();
  await repos.sessions.deleteUnusedEmailVerificationsForUser(user.id);
  await repos.sessions.insertEmailVerification({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_VERIFICATION_VALID_HOURS * 3_600_000),
    usedAt: null,
  });
  return token;
}

/**
 * Mails a stored link (the welcome mail after a registration, or a fresh link), after the answer: the
 * caller does not wait for it, and a failure is logged, never shown (the banner's «Reenviar enlace» is the
 * way out). The mail is started synchronously, so `deps.mailer.idle()` sees it as soon as this returns.
 */
export function mailVerificationLink(deps: Deps, user: Recipient, token: string, kind: 'welcome' | 'resend'): Promise<void> {
  const origin = deps.config.publicOrigin;
  const link = `${origin}${EMAIL_VERIFICATION_PATH}${token}`;
  const data = { firstName: user.firstName, link, validHours: EMAIL_VERIFICATION_VALID_HOURS };
  const mail = kind === 'welcome' ? welcomeEmail(data, origin) : emailVerificationEmail(data, origin);
  const template = kind === 'welcome' ? 'welcome' : 'email-verification';
  // `secret`: an admin reading the outbox of an SMTP deployment must not be able to confirm someone's address.
  return deps.mailer.send({ ...mail, to: user.email, template, userId: user.id, secret: link }).then(
    (row) => {
      if (row.status === 'failed') deps.logger.error('verification mail not sent', { userId: user.id, kind });
    },
    (error: unknown) => deps.logger.error('verification mail failed', { userId: user.id, kind, error: String(error) }),
  );
}

function gone(): DomainError {
  return new DomainError('LINK_GONE', EMAIL_VERIFICATION_MESSAGES.gone);
}

/**
 * Opens a confirmation link (signed in or not): the link must be unused and younger than 48 hours, and is
 * used up by this (of two concurrent uses, one wins). It confirms the address it was sent to only: when the
 * account's address is no longer that one, the link is gone. A usable link of an address already confirmed
 * (none should be left: a fresh link deletes the unused ones) is still a success.
 */
export async function verifyEmail(deps: Deps, token: string): Promise<{ success: true }> {
  if (!TOKEN.test(token)) throw gone();
  const tokenHash = hashToken(token);
  const now = deps.clock();
  const userId = await deps.store.transaction(async (tx) => {
    const link = await tx.sessions.consumeEmailVerification(tokenHash, now);
    if (!link) return undefined;
    const user = await tx.users.findById(link.userId);
    if (user?.email !== link.email) return undefined;
    if (!user.emailVerifiedAt) await tx.users.markEmailVerified(user.id, link.email, now);
    return user.id;
  });
  if (!userId) throw gone();
  deps.logger.info('email verified', { userId });
  return { success: true };
}

/**
 * «Reenviar enlace»: a fresh link to the signed-in user's address (the older ones die), within a limit per
 * account. An address already confirmed gets no mail. `delivery` is the mail sent after the answer.
 */
export async function resendVerification(deps: Deps, userId: string): Promise<{ alreadyVerified: true } | { alreadyVerified: false; delivery: Promise<void> }> {
  const user = await deps.repos.users.findById(userId);
  if (!user) throw new DomainError('UNAUTHORIZED', 'Necesitas iniciar sesión');
  if (user.emailVerifiedAt) return { alreadyVerified: true };
  const now = deps.clock();
  const reservation = await deps.repos.authFailures.reserve(
    [{ scope: 'verify-resend-account', key: user.id, ...deps.config.auth.limits.verifyResendPerAccount }],
    now,
  );
  if (!reservation.ok) {
    const retryAfterSeconds = Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000));
    throw new DomainError('RATE_LIMITED', verifyResendRefusalMessage(retryAfterSeconds), { retryAfterSeconds });
  }
  // One at a time per user: of two links asked for at once, only the later one stays usable.
  const token = await deps.store.transaction((tx) => issueVerificationLink(deps, tx, user), { serializeOn: `user:${user.id}` });
  deps.logger.info('verification link resent', { userId: user.id });
  return { alreadyVerified: false, delivery: mailVerificationLink(deps, user, token, 'resend') };
}

/**
 * Refuses (FORBIDDEN) what needs a confirmed address while the user's is not. Read from the database, not
 * from the session's copy of the user, so a link opened in another tab counts at once.
 */
export async function requireVerifiedEmail(deps: Deps, userId: string, purpose: VerifiedEmailPurpose): Promise<void> {
  const user = await deps.repos.users.findById(userId);
  if (!user?.emailVerifiedAt) throw new DomainError('FORBIDDEN', verifiedEmailRequiredMessage(purpose));
}
