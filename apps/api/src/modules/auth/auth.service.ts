import type { UserRow } from '@ascenso/db/schema/users';
import { DEFAULT_TIMEZONE, type LoginInput, type PublicUser, type RegisterInput } from '@ascenso/domain/auth';
import { DomainError } from '@ascenso/domain/errors';
import {
  addressKey,
  longestWindowMs,
  signInRefusalMessage,
  signInRules,
  TOO_MANY_REGISTRATIONS_MESSAGE,
  waitLabel,
  type AttemptRule,
  type AttemptScope,
} from '@ascenso/domain/login-throttle';
import { SESSION_POLICY, evaluateSession, sessionExpiry } from '@ascenso/domain/session-policy';
import type { Deps } from '../../deps';
import { rememberRefusals } from './early-refusal';
import { issueVerificationLink, mailVerificationLink } from './email-verification';
import { generateSessionToken, parseSessionToken, secretMatches } from './session-tokens';

export type SignedIn = {
  user: PublicUser;
  token: string;
  expiresAt: Date;
  sessionId: string;
  /** The device cookie's value after a sign-in (this browser is a known device of the account from now on). */
  deviceToken?: string;
};

/** How long a device stays known without signing in (the device cookie's Max-Age too). */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

export const INVALID_CREDENTIALS_MESSAGE = 'Correo o contraseña incorrectos';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: row.role,
    timezone: row.timezone,
    emailVerified: row.emailVerifiedAt !== null,
  };
}

/** `auth.me`: the public user and the coach's form of address. */
export function toAccount(row: UserRow): PublicUser & { addressForm: UserRow['addressForm'] } {
  return { ...toPublicUser(row), addressForm: row.addressForm };
}

/** Starts a session: a fresh random id and secret; only SHA-256(secret) is stored. */
export async function createSession(deps: Deps, userId: string): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const now = deps.clock();
  const { id, secretHash, token } = generateSessionToken();
  await deps.repos.sessions.insert({ id, secretHash, userId, createdAt: now, lastVerifiedAt: now });
  return { token, sessionId: id, expiresAt: sessionExpiry(now, now) };
}

export type ValidatedSession = {
  user: UserRow;
  sessionId: string;
  expiresAt: Date;
  /** True when activity was recorded and the cookie should be re-issued with the new expiry. */
  refreshed: boolean;
};

/** Checks a presented token; deletes the session when it has expired. Never throws. */
export async function validateSessionToken(deps: Deps, token: string): Promise<ValidatedSession | null> {
  const parsed = parseSessionToken(token);
  if (!parsed) return null;
  const found = await deps.repos.sessions.findWithUser(parsed.id);
  if (!found || !secretMatches(found.session.secretHash, parsed.secret)) return null;
  const now = deps.clock();
  const verdict = evaluateSession(found.session, now);
  if (verdict.status === 'expired') {
    if (await deps.repos.sessions.delete(parsed.id)) {
      deps.bus.publish('session.ended', { sessionId: parsed.id, userId: found.user.id, reason: 'expired' });
    }
    return null;
  }
  if (verdict.touch) await deps.repos.sessions.touch(parsed.id, now);
  return { user: found.user, sessionId: parsed.id, expiresAt: verdict.expiresAt, refreshed: verdict.touch };
}

/** A refusal's text, or one per rule that was full (given the wait in seconds). */
export type RefusalMessage = string | ((scope: AttemptScope, retryAfterSeconds: number) => string);

/**
 * Reserves one attempt against every rule (docs/decisions/012-sign-in-limits.md) before any password
 * work; refuses with RATE_LIMITED and the wait when one of them is full.
 */
async function reserveOrThrow(deps: Deps, rules: AttemptRule[], message: RefusalMessage) {
  const now = deps.clock();
  const reservation = await deps.repos.authFailures.reserve(rules, now);
  if (!reservation.ok) {
    rememberRefusals(deps, reservation.blocked);
    const retryAfterSeconds = Math.max(1, Math.ceil((reservation.retryAt.getTime() - now.getTime()) / 1000));
    throw new DomainError('RATE_LIMITED', typeof message === 'string' ? message : message(reservation.scope, retryAfterSeconds), { retryAfterSeconds });
  }
  return reservation.ids;
}

/**
 * Argon2 work for a request, in three steps: a place in the client's queue (in memory, refused at once
 * when the address already has its share), the attempt reserved against `rules` (the database), then
 * the work in the client's turn. When the work cannot run, the reservation is given back.
 */
export async function guardedPasswordWork<T>(deps: Deps, ip: string, rules: AttemptRule[], message: RefusalMessage, task: () => Promise<T>) {
  const ticket = deps.passwordWork.admit(addressKey(ip));
  let reserved: number[];
  try {
    reserved = await reserveOrThrow(deps, rules, message);
  } catch (error) {
    ticket.cancel();
    throw error;
  }
  try {
    return { result: await ticket.run(task), reserved };
  } catch (error) {
    await deps.repos.authFailures.release(reserved);
    throw error;
  }
}

/**
 * The device a sign-in comes from, when its device cookie names a device that signed in to `userId`
 * before (decision 034); undefined otherwise (no cookie, a forged or stale one, another account's).
 */
async function knownDevice(deps: Deps, deviceToken: string | undefined, userId: string | undefined): Promise<string | undefined> {
  const parsed = deviceToken && userId ? parseSessionToken(deviceToken) : undefined;
  if (!parsed) return undefined;
  const device = await deps.repos.sessions.findDevice(parsed.id);
  return device && device.userId === userId && secretMatches(device.secretHash, parsed.secret) ? device.id : undefined;
}

/**
 * Signs in. Unknown e-mail and wrong password give the same error after the same work (a dummy
 * Argon2 verification). An attempt is reserved per (account, address), per address and per account
 * before the password is checked; a correct password gives it back, a wrong one keeps it. From a known
 * device of the account the device's own limit replaces the account's, so that guesses from elsewhere
 * never lock the owner out (OWASP's device cookies, decision 034). A successful sign-in makes the browser
 * a known device (`deviceToken`).
 */
export async function login(deps: Deps, input: LoginInput, meta: { ip: string; deviceToken?: string | undefined }): Promise<SignedIn> {
  const user = await deps.repos.users.findByEmail(input.email);
  const deviceId = await knownDevice(deps, meta.deviceToken, user?.id);
  const rules = signInRules(deps.config.auth.limits, input.email, meta.ip, deviceId);
  const { result: ok, reserved } = await guardedPasswordWork(deps, meta.ip, rules, signInRefusalMessage, () =>
    user ? deps.passwords.verify(user.passwordHash, input.password) : deps.passwords.verifyDummy(input.password),
  );
  if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS_MESSAGE);
  // Not a wrong guess: give this attempt back, and forget this address's earlier misses on the account.
  const pair = rules[0] as AttemptRule;
  const now = deps.clock();
  const device = deviceId ? undefined : generateSessionToken();
  await deps.store.transaction(async (tx) => {
    // One statement for both (decision 039's addendum on bench (g)'s statements).
    await tx.authFailures.release(reserved, { scope: pair.scope, key: pair.key });
    if (deviceId) await tx.sessions.touchDevice(deviceId, now);
    else if (device) await tx.sessions.insertDevice({ id: device.id, secretHash: device.secretHash, userId: user.id, createdAt: now, lastUsedAt: now });
  });
  const session = await createSession(deps, user.id);
  deps.logger.info('sign-in', { userId: user.id, requestIp: meta.ip, knownDevice: Boolean(deviceId) });
  return { user: toPublicUser(user), ...session, deviceToken: device ? device.token : meta.deviceToken };
}

/** Creates the account and signs it in. The password is hashed before any write. */
export async function register(deps: Deps, input: RegisterInput, meta: { ip: string }): Promise<SignedIn> {
  // Every registration that reaches the hash counts for the address, whether or not the e-mail is free.
  const rule: AttemptRule = {
    scope: 'register-address',
    key: addressKey(meta.ip),
    ...deps.config.auth.limits.registerPerAddress,
  };
  const { result: passwordHash } = await guardedPasswordWork(deps, meta.ip, [rule], TOO_MANY_REGISTRATIONS_MESSAGE, () => deps.passwords.hash(input.password));
  const now = deps.clock();
  const created = await deps.store.transaction(async (tx) => {
    const row = await tx.users.insert({
      id: crypto.randomUUID(),
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName || null,
      timezone: input.timezone ?? DEFAULT_TIMEZONE,
      createdAt: now,
      updatedAt: now,
    });
    if (!row) return undefined;
    const { id, secretHash, token } = generateSessionToken();
    await tx.sessions.insert({ id, secretHash, userId: row.id, createdAt: now, lastVerifiedAt: now });
    // The welcome mail's link, stored with the account: the address is unconfirmed until it is opened.
    const verificationToken = await issueVerificationLink(deps, tx, row);
    return { row, token, sessionId: id, verificationToken };
  });
  if (!created) {
    throw new DomainError('EMAIL_TAKEN', 'Ya existe una cuenta con ese correo. Inicia sesión.', {
      fieldErrors: { email: ['Ya existe una cuenta con ese correo'] },
    });
  }
  deps.logger.info('registered', { userId: created.row.id });
  // Sent after the answer (registration does not wait for the mail server); a failure is only logged.
  void mailVerificationLink(deps, created.row, created.verificationToken, 'welcome');
  return {
    user: toPublicUser(created.row),
    token: created.token,
    sessionId: created.sessionId,
    expiresAt: sessionExpiry(now, now),
  };
}

/** Ends one session server-side and tells its sockets. Idempotent. */
export async function logout(deps: Deps, session: { id: string; userId: string }): Promise<void> {
  if (await deps.repos.sessions.delete(session.id)) {
    deps.bus.publish('session.ended', { sessionId: session.id, userId: session.userId, reason: 'logout' });
  }
}

/** Deletes expired sessions (telling their sockets), old failure records and dead links; returns how many sessions ended. */
export async function purgeExpired(deps: Deps): Promise<number> {
  const now = deps.clock().getTime();
  const ended = await deps.repos.sessions.deleteExpired(new Date(now - SESSION_POLICY.inactivityTimeoutMs), new Date(now - SESSION_POLICY.absoluteLifetimeMs));
  await deps.repos.authFailures.pruneBefore(new Date(now - longestWindowMs(deps.config.auth.limits)));
  await deps.repos.sessions.deleteDevicesUnusedSince(new Date(now - DEVICE_LIFETIME_MS));
  await deps.repos.sessions.deletePasswordResetsExpiredBefore(new Date(now));
  await deps.repos.sessions.deleteEmailVerificationsExpiredBefore(new Date(now));
  for (const session of ended) {
    deps.bus.publish('session.ended', { sessionId: session.id, userId: session.userId, reason: 'expired' });
  }
  return ended.length;
}

/**
 * Checks a signed-in user's current password in the fair Argon2 queue, within the wrong-password limit
 * (given back when it is right). `kept` are further rules the attempt counts against either way: a
 * password change counts whether or not the password was right (it costs two Argon2 runs).
 */
async function verifyPasswordOrThrow(deps: Deps, userId: string, password: string, meta: { ip: string }, kept: AttemptRule[] = []) {
  const user = await deps.repos.users.findById(userId);
  if (!user) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  const rule: AttemptRule = { scope: 'password-user', key: userId, ...deps.config.auth.limits.passwordCheckPerUser };
  const message = (scope: AttemptScope, wait: number) =>
    scope === 'password-change'
      ? TOO_MANY_CHANGES_MESSAGE
      : `Demasiados intentos con una contraseña incorrecta. Vuelve a intentarlo dentro de ${waitLabel(wait)}.`;
  const { result: ok, reserved } = await guardedPasswordWork(deps, meta.ip, [rule, ...kept], message, () => deps.passwords.verify(user.passwordHash, password));
  if (!ok) {
    throw new DomainError('INVALID_CREDENTIALS', 'La contraseña no es correcta', {
      fieldErrors: { password: ['La contraseña no es correcta'] },
    });
  }
  // Only the wrong-password attempt is given back (the reservation ids follow the rules' order).
  await deps.repos.authFailures.release(reserved.slice(0, 1));
  return user;
}

/** Refusal of a password change over its limit (it names the wait through retryAfterSeconds). */
const TOO_MANY_CHANGES_MESSAGE = 'Has cambiado la contraseña demasiadas veces en poco tiempo. Espera un poco antes de volver a intentarlo.';

/** Changes the password and ends every other session of the user (their sockets close). */
export async function changePassword(
  deps: Deps,
  session: { id: string; userId: string },
  input: { currentPassword: string; newPassword: string },
  meta: { ip: string },
) {
  // Refused before any Argon2 work: a "change" to the same password only costs the server.
  if (input.newPassword === input.currentPassword) {
    throw new DomainError('VALIDATION', 'La contraseña nueva tiene que ser distinta de la actual', {
      fieldErrors: { newPassword: ['La contraseña nueva tiene que ser distinta de la actual'] },
    });
  }
  const changes: AttemptRule = { scope: 'password-change', key: session.userId, ...deps.config.auth.limits.passwordChangePerUser };
  // Both Argon2 operations within the cap on account changes in progress (password-work.ts).
  const passwordHash = await deps.passwordWork.accountChange(async () => {
    await verifyPasswordOrThrow(deps, session.userId, input.currentPassword, meta, [changes]);
    return deps.passwordWork.run(addressKey(meta.ip), () => deps.passwords.hash(input.newPassword));
  });
  const ended = await deps.store.transaction(async (tx) => {
    await tx.users.update(session.userId, { passwordHash, updatedAt: deps.clock() });
    return tx.sessions.deleteForUser(session.userId, session.id);
  });
  for (const sessionId of ended) deps.bus.publish('session.ended', { sessionId, userId: session.userId, reason: 'revoked' });
  return { success: true as const, endedSessions: ended.length };
}

/** Ends every session of the user, this one included. */
export async function logoutEverywhere(deps: Deps, userId: string) {
  const ended = await deps.repos.sessions.deleteForUser(userId);
  for (const sessionId of ended) deps.bus.publish('session.ended', { sessionId, userId, reason: 'revoked' });
  return ended.length;
}

/** Deletes the account and all its data (foreign keys cascade); its sessions end and sockets close. */
export async function deleteAccount(deps: Deps, userId: string, password: string, meta: { ip: string }) {
  await deps.passwordWork.accountChange(() => verifyPasswordOrThrow(deps, userId, password, meta));
  const sessionIds = await deps.store.transaction(async (tx) => {
    const ids = await tx.sessions.deleteForUser(userId);
    await tx.users.delete(userId);
    return ids;
  });
  for (const sessionId of sessionIds) deps.bus.publish('session.ended', { sessionId, userId, reason: 'revoked' });
  deps.logger.info('account deleted', { userId });
}
