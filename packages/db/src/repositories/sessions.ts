import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { SessionsRepository } from '../store';
import type { Synchronous } from './synchronous';
import { sessions, type SessionRow } from '../schema/sessions';
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
  };
}
