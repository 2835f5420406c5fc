import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../schema/users';
import type { UsersRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

export function createUsersRepository(db: k.Exec): Synchronous<UsersRepository> {
  const byEmail = k.statement(db, 'users_by_email', (x) =>
    x
      .select()
      .from(users)
      .where(eq(users.email, sql.placeholder('email'))),
  );
  const byId = k.statement(db, 'users_by_id', (x) =>
    x
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id'))),
  );

  return {
    findByEmail(email: string): UserRow | undefined {
      return k.first(byEmail(db), { email });
    },
    findById(id: string): UserRow | undefined {
      return k.first(byId(db), { id });
    },
    /** Inserts a user; returns undefined when the e-mail is already taken (unique constraint). */
    insert(row: NewUserRow): UserRow | undefined {
      return k.first(db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning());
    },
    update(id: string, patch: Partial<Omit<UserRow, 'id' | 'email' | 'createdAt'>>): void {
      k.run(db.update(users).set(patch).where(eq(users.id, id)));
    },
    markEmailVerified(id: string, email: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(users)
            .set({ emailVerifiedAt: at, updatedAt: at })
            .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt))),
        ) > 0
      );
    },
    /** Deletes the user; every row that belongs to them goes with it (foreign keys cascade). */
    delete(id: string): boolean {
      return k.changes(db.delete(users).where(eq(users.id, id))) > 0;
    },
    count(): number {
      return k.first(db.select({ n: count() }).from(users))?.n ?? 0;
    },
  };
}
