import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { SessionsRepository } from '../../store';
import { sessions } from '../schema/sessions';
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
  };
}
