import { and, count, eq, isNull } from 'drizzle-orm';
import type { UsersRepository } from '../../store';
import { users } from '../schema/users';
import { changed, type PgExec } from './exec';

export function createPgUsersRepository(db: PgExec): UsersRepository {
  return {
    async findByEmail(email) {
      return (await db.select().from(users).where(eq(users.email, email)))[0];
    },
    async findById(id) {
      return (await db.select().from(users).where(eq(users.id, id)))[0];
    },
    async insert(row) {
      return (await db.insert(users).values(row).onConflictDoNothing({ target: users.email }).returning())[0];
    },
    async update(id, patch) {
      await db.update(users).set(patch).where(eq(users.id, id));
    },
    async markEmailVerified(id, email, at) {
      return (
        changed(
          await db
            .update(users)
            .set({ emailVerifiedAt: at, updatedAt: at })
            .where(and(eq(users.id, id), eq(users.email, email), isNull(users.emailVerifiedAt))),
        ) > 0
      );
    },
    async delete(id) {
      return changed(await db.delete(users).where(eq(users.id, id))) > 0;
    },
    async count() {
      return (await db.select({ n: count() }).from(users))[0]?.n ?? 0;
    },
  };
}
