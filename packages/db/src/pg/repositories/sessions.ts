// @generated from src/repositories/sessions.ts — edit that file, then run pnpm db:generate
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionsRepository } from '../../store';
import * as k from './kit';
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

export function createSessionsRepository(db: k.Exec): SessionsRepository {
  // Every authenticated request looks its session up, and touches it now and then: named prepared statements (decision 039).
  const withUser = k.statement(db, 'sessions_with_user', (x) =>
    x
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(sessions.userId, users.id))
      .where(eq(sessions.id, sql.placeholder('id'))),
  );
  const touch = k.statement(db, 'sessions_touch', (x) =>
    x
      .update(sessions)
      // The time goes through the column's encoder (k.param), as a value set directly would.
      .set({ lastVerifiedAt: sql`${k.param(sessions.lastVerifiedAt, 'at')}` })
      .where(eq(sessions.id, sql.placeholder('id'))),
  );
  const deleteOne = k.statement(db, 'sessions_delete', (x) => x.delete(sessions).where(eq(sessions.id, sql.placeholder('id'))));

  return {
    async insert(row: SessionRow): Promise<void> {
      await k.run(db.insert(sessions).values(row));
    },
    async findWithUser(id: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
      return await k.first(withUser(db), { id });
    },
    async touch(id: string, at: Date): Promise<void> {
      await k.run(touch(db), { id, at });
    },
    /** Returns true when a row was deleted. */
    async delete(id: string): Promise<boolean> {
      return (await k.changes(deleteOne(db), { id })) > 0;
    },
    /** Deletes every session of a user (optionally keeping one); returns the deleted ids. */
    async deleteForUser(userId: string, keepId?: string): Promise<string[]> {
      const where = keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId);
      return (await k.rows(db.delete(sessions).where(where).returning({ id: sessions.id }))).map((r) => r.id);
    },
    /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
    async deleteExpired(idleBefore: Date, createdBefore: Date): Promise<Array<{ id: string; userId: string }>> {
      return await k.rows(
        db
          .delete(sessions)
          .where(or(lt(sessions.lastVerifiedAt, idleBefore), lt(sessions.createdAt, createdBefore)))
          .returning({ id: sessions.id, userId: sessions.userId }),
      );
    },
    async insertDevice(row: DeviceRow): Promise<void> {
      await k.run(db.insert(devices).values(row));
    },
    async findDevice(id: string): Promise<DeviceRow | undefined> {
      return await k.first(db.select().from(devices).where(eq(devices.id, id)));
    },
    async touchDevice(id: string, at: Date): Promise<void> {
      await k.run(db.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, id)));
    },
    async deleteDevicesUnusedSince(before: Date): Promise<number> {
      return await k.changes(db.delete(devices).where(lt(devices.lastUsedAt, before)));
    },
    async insertPasswordReset(row: PasswordResetRow): Promise<void> {
      await k.run(db.insert(passwordResets).values(row));
    },
    async findUsablePasswordReset(tokenHash: Buffer, now: Date): Promise<string | undefined> {
      return (
        await k.first(
          db
            .select({ userId: passwordResets.userId })
            .from(passwordResets)
            .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now))),
        )
      )?.userId;
    },
    async consumePasswordReset(tokenHash: Buffer, now: Date): Promise<string | undefined> {
      return (
        await k.first(
          db
            .update(passwordResets)
            .set({ usedAt: now })
            .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
            .returning({ userId: passwordResets.userId }),
        )
      )?.userId;
    },
    async deletePasswordResetsForUser(userId: string): Promise<void> {
      await k.run(db.delete(passwordResets).where(eq(passwordResets.userId, userId)));
    },
    async deletePasswordResetsExpiredBefore(before: Date): Promise<number> {
      return await k.changes(db.delete(passwordResets).where(lt(passwordResets.expiresAt, before)));
    },
    async insertEmailVerification(row: EmailVerificationRow): Promise<void> {
      await k.run(db.insert(emailVerifications).values(row));
    },
    async consumeEmailVerification(tokenHash: Buffer, now: Date): Promise<{ userId: string; email: string } | undefined> {
      return await k.first(
        db
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
          .returning({ userId: emailVerifications.userId, email: emailVerifications.email }),
      );
    },
    async deleteUnusedEmailVerificationsForUser(userId: string): Promise<void> {
      await k.run(db.delete(emailVerifications).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt))));
    },
    async deleteEmailVerificationsExpiredBefore(before: Date): Promise<number> {
      return await k.changes(db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, before)));
    },
  };
}
