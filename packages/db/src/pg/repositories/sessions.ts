import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { SessionsRepository } from '../../store';
import { devices, emailVerifications, passwordResets, sessions } from '../schema/sessions';
import { users } from '../schema/users';
import { changed, type PgExec } from './exec';

export function createPgSessionsRepository(db: PgExec): SessionsRepository {
  return {
    async insert(row) {
      await db.insert(sessions).values(row);
    },
    async findWithUser(id) {
      return (await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(sessions.userId, users.id)).where(eq(sessions.id, id)))[0];
    },
    async touch(id, at) {
      await db.update(sessions).set({ lastVerifiedAt: at }).where(eq(sessions.id, id));
    },
    async delete(id) {
      return changed(await db.delete(sessions).where(eq(sessions.id, id))) > 0;
    },
    async deleteForUser(userId, keepId) {
      const where = keepId ? and(eq(sessions.userId, userId), ne(sessions.id, keepId)) : eq(sessions.userId, userId);
      return (await db.delete(sessions).where(where).returning({ id: sessions.id })).map((r) => r.id);
    },
    async deleteExpired(idleBefore, createdBefore) {
      return db
        .delete(sessions)
        .where(or(lt(sessions.lastVerifiedAt, idleBefore), lt(sessions.createdAt, createdBefore)))
        .returning({ id: sessions.id, userId: sessions.userId });
    },
    async insertDevice(row) {
      await db.insert(devices).values(row);
    },
    async findDevice(id) {
      return (await db.select().from(devices).where(eq(devices.id, id)))[0];
    },
    async touchDevice(id, at) {
      await db.update(devices).set({ lastUsedAt: at }).where(eq(devices.id, id));
    },
    async deleteDevicesUnusedSince(before) {
      return changed(await db.delete(devices).where(lt(devices.lastUsedAt, before)));
    },
    async insertPasswordReset(row) {
      await db.insert(passwordResets).values(row);
    },
    async findUsablePasswordReset(tokenHash, now) {
      const found = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
      return found[0]?.userId;
    },
    async consumePasswordReset(tokenHash, now) {
      const used = await db
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
        .returning({ userId: passwordResets.userId });
      return used[0]?.userId;
    },
    async deletePasswordResetsForUser(userId) {
      await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
    },
    async deletePasswordResetsExpiredBefore(before) {
      return changed(await db.delete(passwordResets).where(lt(passwordResets.expiresAt, before)));
    },
    async insertEmailVerification(row) {
      await db.insert(emailVerifications).values(row);
    },
    async consumeEmailVerification(tokenHash, now) {
      const used = await db
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
        .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
      return used[0];
    },
    async deleteUnusedEmailVerificationsForUser(userId) {
      await db.delete(emailVerifications).where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
    },
    async deleteEmailVerificationsExpiredBefore(before) {
      return changed(await db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, before)));
    },
  };
}
