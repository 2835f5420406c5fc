import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionsRepository } from '../store';
import * as k from './kit';
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

export function createSessionsRepository(db: k.Exec): Synchronous<SessionsRepository> {
  // Every authenticated request looks its session up, and touches it now and then: named prepared statements (decision 039).
  // Only the session's own figures: its id is the one asked for and its user's id comes with the user, so
  // the row is put back together here (decision 039's addendum on bench (g)'s statements: fewer columns to
  // describe and parse on every request).
  const withUser = k.statement(db, 'sessions_with_user', (x) =>
    x
      .select({ secretHash: sessions.secretHash, createdAt: sessions.createdAt, lastVerifiedAt: sessions.lastVerifiedAt, user: users })
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
    insert(row: SessionRow): void {
      k.run(db.insert(sessions).values(row));
    },
    findWithUser(id: string): { session: SessionRow; user: UserRow } | undefined {
      const row = k.first(withUser(db), { id });
      if (!row) return undefined;
      const { user, ...times } = row;
      return { session: { id, userId: user.id, ...times }, user };
    },
    /** Which of `ids` are still sessions (one statement per 500 ids). */
    existing(ids: readonly string[]): string[] {
      const found: string[] = [];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        for (const row of k.rows(db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, chunk)))) found.push(row.id);
      }
      return found;
    },
    touch(id: string, at: Date): void {
      k.run(touch(db), { id, at });
    },
    /** Returns true when a row was deleted. */
    delete(id: string): boolean {
      return k.changes(deleteOne(db), { id }) > 0;
    },
    /** Deletes every session of a user (optionally keeping one); returns the deleted ids. */
    deleteForUser(userId: string, keepId?: string): string[] {
      const where = keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId);
      return k.rows(db.delete(sessions).where(where).returning({ id: sessions.id })).map((r) => r.id);
    },
    /** Removes sessions idle since before `idleBefore` or created before `createdBefore`. */
    deleteExpired(idleBefore: Date, createdBefore: Date): Array<{ id: string; userId: string }> {
      return k.rows(
        db
          .delete(sessions)
          .where(or(lt(sessions.lastVerifiedAt, idleBefore), lt(sessions.createdAt, createdBefore)))
          .returning({ id: sessions.id, userId: sessions.userId }),
      );
    },
    insertDevice(row: DeviceRow): void {
      k.run(db.insert(devices).values(row));
    },
    findDevice(id: string): DeviceRow | undefined {
      return k.first(db.select().from(devices).where(eq(devices.id, id)));
    },
    touchDevice(id: string, at: Date): void {
      k.run(db.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, id)));
    },
    deleteDevicesUnusedSince(before: Date): number {
      return k.changes(db.delete(devices).where(lt(devices.lastUsedAt, before)));
    },
    insertPasswordReset(row: PasswordResetRow): void {
      k.run(db.insert(passwordResets).values(row));
    },
    findUsablePasswordReset(tokenHash: Buffer, now: Date): string | undefined {
      return k.first(
        db
          .select({ userId: passwordResets.userId })
          .from(passwordResets)
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now))),
      )?.userId;
    },
    consumePasswordReset(tokenHash: Buffer, now: Date): string | undefined {
      return k.first(
        db
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
          .returning({ userId: passwordResets.userId }),
      )?.userId;
    },
    deletePasswordResetsForUser(userId: string): void {
      k.run(db.delete(passwordResets).where(eq(passwordResets.userId, userId)));
    },
    deletePasswordResetsExpiredBefore(before: Date): number {
      return k.changes(db.delete(passwordResets).where(lt(passwordResets.expiresAt, before)));
    },
    insertEmailVerification(row: EmailVerificationRow): void {
      k.run(db.insert(emailVerifications).values(row));
    },
    consumeEmailVerification(tokenHash: Buffer, now: Date): { userId: string; email: string } | undefined {
      return k.first(
        db
          .update(emailVerifications)
          .set({ usedAt: now })
          .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
          .returning({ userId: emailVerifications.userId, email: emailVerifications.email }),
      );
    },
    deleteUnusedEmailVerificationsForUser(userId: string): void {
      k.run(db.delete(emailVerifications).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt))));
    },
    deleteEmailVerificationsExpiredBefore(before: Date): number {
      return k.changes(db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, before)));
    },
  };
}
