import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client';
import type { UsersRepository } from '../store';
import type { Synchronous } from './synchronous';
import { selectWhereEquals } from './prepared';
import { users, type NewUserRow, type UserRow } from '../schema/users';

export function createUsersRepository(db: Db): Synchronous<UsersRepository> {
  const byEmail = selectWhereEquals(db, users, users.email, 'email').prepare();
  const byId = selectWhereEquals(db, users, users.id, 'id').prepare();

  return {
    findByEmail(email: string): UserRow | undefined {
      return byEmail.get({ email });
    },
    findById(id: string): UserRow | undefined {
      return byId.get({ id });
    },
    /** Inserts a user; returns undefined when the e-mail is already taken (unique constraint). */
    insert(row: NewUserRow): UserRow | undefined {
      return db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning().get();
    },
    update(id: string, patch: Partial<Omit<UserRow, 'id' | 'email' | 'createdAt'>>): void {
      db.update(users).set(patch).where(eq(users.id, id)).run();
    },
    markEmailVerified(id: string, email: string, at: Date): boolean {
      return (
        db
          .update(users)
          .set({ emailVerifiedAt: at, updatedAt: at })
          .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt)))
          .run().changes > 0
      );
    },
    /** Deletes the user; every row that belongs to them goes with it (foreign keys cascade). */
    delete(id: string): boolean {
      return db.delete(users).where(eq(users.id, id)).run().changes > 0;
    },
    count(): number {
      return db.select({ n: count() }).from(users).get()?.n ?? 0;
    },
  };
}
