import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { SharesRepository } from '../../store';
import { shares, shareViews } from '../schema/shares';
import { changed, type PgExec } from './exec';

/** Shares on PostgreSQL (decision 029). */
export function createPgSharesRepository(db: PgExec): SharesRepository {
  return {
    async insert(row) {
      await db.insert(shares).values(row);
    },
    async countActive(userId, now) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(shares)
        .where(and(eq(shares.userId, userId), isNull(shares.revokedAt), gt(shares.expiresAt, now)));
      return row?.n ?? 0;
    },
    listForUser(userId) {
      return db.select().from(shares).where(eq(shares.userId, userId)).orderBy(desc(shares.createdAt), desc(shares.id));
    },
    async findByTokenHash(tokenHash) {
      const [row] = await db.select().from(shares).where(eq(shares.tokenHash, tokenHash));
      return row;
    },
    async revoke(userId, id, at) {
      const own = and(eq(shares.id, id), eq(shares.userId, userId));
      if (
        changed(
          await db
            .update(shares)
            .set({ revokedAt: at })
            .where(and(own, isNull(shares.revokedAt))),
        ) > 0
      )
        return true;
      return (await db.select({ id: shares.id }).from(shares).where(own)).length > 0;
    },
    async recordView(shareId, at, minute, maxBuckets) {
      await db
        .update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: at })
        .where(eq(shares.id, shareId));
      const [inserted] = await db
        .insert(shareViews)
        .values({ shareId, minute, count: 1 })
        .onConflictDoUpdate({ target: [shareViews.shareId, shareViews.minute], set: { count: sql`${shareViews.count} + 1` } })
        .returning({ count: shareViews.count });
      if (inserted?.count !== 1) return;
      const [oldestKept] = await db
        .select({ minute: shareViews.minute })
        .from(shareViews)
        .where(eq(shareViews.shareId, shareId))
        .orderBy(desc(shareViews.minute))
        .limit(1)
        .offset(maxBuckets - 1);
      if (oldestKept) await db.delete(shareViews).where(and(eq(shareViews.shareId, shareId), lt(shareViews.minute, oldestKept.minute)));
    },
    listViews(shareId, limit) {
      return db.select().from(shareViews).where(eq(shareViews.shareId, shareId)).orderBy(desc(shareViews.minute)).limit(limit);
    },
  };
}
