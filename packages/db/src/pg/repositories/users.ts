// @generated from src/repositories/users.ts — edit that file, then run pnpm db:generate
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { users, type NewUserRow, type UserRow } from '../schema/users';
import type { UsersRepository } from '../../store';
import * as k from './kit';

export function createUsersRepository(db: k.Exec): UsersRepository {
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
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return await k.first(byEmail(db), { email });
    },
    async findById(id: string): Promise<UserRow | undefined> {
      return await k.first(byId(db), { id });
    },
    /** Inserts a user; returns undefined when the e-mail is already taken (unique constraint). */
    async insert(row: NewUserRow): Promise<UserRow | undefined> {
      return await k.first(db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning());
    },
    async update(id: string, patch: Partial<Omit<UserRow, 'id' | 'email' | 'createdAt'>>): Promise<void> {
      await k.run(db.update(users).set(patch).where(eq(users.id, id)));
    },
    async markEmailVerified(id: string, email: string, at: Date): Promise<boolean> {
      return (
        (await k.changes(
          db
            .update(users)
            .set({ emailVerifiedAt: at, updatedAt: at })
            .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt))),
        )) > 0
      );
    },
    /** Deletes the user; every row that belongs to them goes with it (foreign keys cascade). */
    async delete(id: string): Promise<boolean> {
      return (await k.changes(db.delete(users).where(eq(users.id, id)))) > 0;
    },
    async count(): Promise<number> {
      return (await k.first(db.select({ n: count() }).from(users)))?.n ?? 0;
    },
  };
}
