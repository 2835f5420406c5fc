import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SessionsRepository } from '../store';
import type { Synchronous } from './synchronous';
import {
  devices,
  emailVerifications,
  passwordResets,
  sessions,
  type DeviceRow,
  type EmailVerificationRow,
  type PasswordResetRow,
  type SessionRow,
} from '../schema/sessions';
import { users, type UserRow } from '../schema/users';

export function createSessionsRepository(db: Db): Synchronous<SessionsRepository> {
  const withUser = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(sessions.userId, users.id))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const touch = db
    .update(sessions)
    .set({ lastVerifiedAt: sql`${sql.placeholder('at')}` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();
  const deleteOne = db
    .delete(sessions)
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare();

  return {
    insert(row: SessionRow): void {
      db.insert(sessions).values(row).run();
    },
    findWithUser(id: string): { session: SessionRow; user: UserRow } | undefined {
      return withUser.get({ id });
    },
    touch(id: string, at: Date): void {
      touch.run({ id, at: at.getTime() });
    },
    /** Returns true when a row was deleted. */
    delete(id: string): boolean {
      return deleteOne.run({ id }).changes > 0;
    },
    /** Deletes every session of a user (optionally keeping one); returns the deleted ids. */
    deleteForUser(userId: string, keepId?: string): string[] {
      const where = keepId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepId}`) : eq(sessions.userId, userId);
      return db
        .delete(sessions)
        .where(where)
        .returning({ id: sessions.id })
        .all()
        .map((r) => r.id);
    },
    /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
    deleteExpired(idleBefore: Date, createdBefore: Date): Array<{ id: string; userId: string }> {
      return db
        .delete(sessions)
        .where(or(lt(sessions.lastVerifiedAt, idleBefore), lt(sessions.createdAt, createdBefore)))
        .returning({ id: sessions.id, userId: sessions.userId })
        .all();
    },
    insertDevice(row: DeviceRow): void {
      db.insert(devices).values(row).run();
    },
    findDevice(id: string): DeviceRow | undefined {
      return db.select().from(devices).where(eq(devices.id, id)).get();
    },
    touchDevice(id: string, at: Date): void {
      db.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, id)).run();
    },
    deleteDevicesUnusedSince(before: Date): number {
      return db.delete(devices).where(lt(devices.lastUsedAt, before)).run().changes;
    },
    insertPasswordReset(row: PasswordResetRow): void {
      db.insert(passwordResets).values(row).run();
    },
    findUsablePasswordReset(tokenHash: Buffer, now: Date): string | undefined {
      return db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .get()?.userId;
    },
    consumePasswordReset(tokenHash: Buffer, now: Date): string | undefined {
      return db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId })
        .get()?.userId;
    },
    deletePasswordResetsForUser(userId: string): void {
      db.delete(passwordResets).where(eq(passwordResets.userId, userId)).run();
    },
    deletePasswordResetsExpiredBefore(before: Date): number {
      return db.delete(passwordResets).where(lt(passwordResets.expiresAt, before)).run().changes;
    },
    insertEmailVerification(row: EmailVerificationRow): void {
      db.insert(emailVerifications).values(row).run();
    },
    consumeEmailVerification(tokenHash: Buffer, now: Date): { userId: string; email: string } | undefined {
      return db
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
        .returning({ userId: emailVerifications.userId, email: emailVerifications.email })
        .get();
    },
    deleteUnusedEmailVerificationsForUser(userId: string): void {
      db.delete(emailVerifications)
        .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)))
        .run();
    },
    deleteEmailVerificationsExpiredBefore(before: Date): number {
      return db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, before)).run().changes;
    },
  };
}
