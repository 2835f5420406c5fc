// @generated from src/schema/sessions.ts — edit that file, then run pnpm db:generate
import { at, bytes, index, table, text } from './kit';
import { idColumn, ownerColumn } from './users';

/**
 * Sessions per the Lucia guide: the cookie holds `<id>.<secret>`; only SHA-256(secret) is stored.
 */
export const sessions = table(
  'sessions',
  {
    id: idColumn(),
    secretHash: bytes('secret_hash').notNull(),
    userId: ownerColumn(),
    createdAt: at('created_at').notNull(),
    lastVerifiedAt: at('last_verified_at').notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Devices that signed in successfully (OWASP's device cookie): the browser keeps `<id>.<secret>` in the
 * `device` cookie; only SHA-256(secret) is stored. A sign-in from a known device of the account is limited
 * on its own, and the account-wide limit never applies to it (decision 034).
 */
export const devices = table(
  'devices',
  {
    id: idColumn(),
    secretHash: bytes('secret_hash').notNull(),
    userId: ownerColumn(),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at').notNull(),
  },
  (t) => [index('devices_user_id_idx').on(t.userId)],
);

export type DeviceRow = typeof devices.$inferSelect;

/**
 * Password reset links: the link carries 256 random bits; only their SHA-256 is stored (the primary key).
 * Valid until `expiresAt`, usable once (`usedAt`), decision 034.
 */
export const passwordResets = table(
  'password_resets',
  {
    tokenHash: bytes('token_hash').primaryKey(),
    userId: ownerColumn(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/**
 * E-mail verification links (the welcome mail's): the link carries 256 random bits; only their SHA-256 is
 * stored (the primary key). `email` is the address the link was sent to: the link confirms that address
 * only. Valid until `expiresAt` (48 hours), usable once (`usedAt`), like a password reset link.
 */
export const emailVerifications = table(
  'email_verifications',
  {
    tokenHash: bytes('token_hash').primaryKey(),
    userId: ownerColumn(),
    email: text('email').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
);

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;
