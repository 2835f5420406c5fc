import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { idColumn, ownerColumn } from './users';

/**
 * Sessions per the Lucia guide: the cookie holds `<id>.<secret>`; only SHA-256(secret) is stored.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: idColumn(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    userId: ownerColumn(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastVerifiedAt: integer('last_verified_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;

/**
 * Devices that signed in successfully (OWASP's device cookie): the browser keeps `<id>.<secret>` in the
 * `device` cookie; only SHA-256(secret) is stored. A sign-in from a known device of the account is limited
 * on its own, and the account-wide limit never applies to it (decision 034).
 */
export const devices = sqliteTable(
  'devices',
  {
    id: idColumn(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    userId: ownerColumn(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('devices_user_id_idx').on(t.userId)],
);

export type DeviceRow = typeof devices.$inferSelect;

/**
 * Password reset links: the link carries 256 random bits; only their SHA-256 is stored (the primary key).
 * Valid until `expiresAt`, usable once (`usedAt`), decision 034.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    tokenHash: blob('token_hash', { mode: 'buffer' }).primaryKey(),
    userId: ownerColumn(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId)],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;

/**
 * E-mail verification links (the welcome mail's): the link carries 256 random bits; only their SHA-256 is
 * stored (the primary key). `email` is the address the link was sent to: the link confirms that address
 * only. Valid until `expiresAt` (48 hours), usable once (`usedAt`), like a password reset link.
 */
export const emailVerifications = sqliteTable(
  'email_verifications',
  {
    tokenHash: blob('token_hash', { mode: 'buffer' }).primaryKey(),
    userId: ownerColumn(),
    email: text('email').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('email_verifications_user_id_idx').on(t.userId)],
);

export type EmailVerificationRow = typeof emailVerifications.$inferSelect;
