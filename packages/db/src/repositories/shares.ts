import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { shares, shareViews } from '../schema/shares';
import type { SharesRepository } from '../store';
import type { Synchronous } from './synchronous';

/** Shares on SQLite (decision 029). */
export function createSharesRepository(db: Db): Synchronous<SharesRepository> {
  return {
    insert(row) {
      db.insert(shares).values(row).run();
    },
    countActive(userId, now) {
      return (
        db
          .select({ n: sql<number>`count(*)` })
          .from(shares)
          .where(and(eq(shares.userId, userId), isNull(shares.revokedAt), gt(shares.expiresAt, now)))
          .get()?.n ?? 0
      );
    },
    listForUser(userId) {
      return db.select().from(shares).where(eq(shares.userId, userId)).orderBy(desc(shares.createdAt), desc(shares.id)).all();
    },
    findByTokenHash(tokenHash) {
      return db.select().from(shares).where(eq(shares.tokenHash, tokenHash)).get();
    },
    revoke(userId, id, at) {
      const own = and(eq(shares.id, id), eq(shares.userId, userId));
      if (
        db
          .update(shares)
          .set({ revokedAt: at })
          .where(and(own, isNull(shares.revokedAt)))
          .run().changes > 0
      )
        return true;
      return db.select({ id: shares.id }).from(shares).where(own).get() !== undefined;
    },
    recordView(shareId, at, minute, maxBuckets) {
      db.update(shares)
        .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: at })
        .where(eq(shares.id, shareId))
        .run();
      const inserted = db
        .insert(shareViews)
        .values({ shareId, minute, count: 1 })
        .onConflictDoUpdate({ target: [shareViews.shareId, shareViews.minute], set: { count: sql`${shareViews.count} + 1` } })
        .returning({ count: shareViews.count })
        .get();
      if (inserted?.count !== 1) return;
      // A new bucket: drop the ones beyond the newest `maxBuckets`.
      const oldestKept = db
        .select({ minute: shareViews.minute })
        .from(shareViews)
        .where(eq(shareViews.shareId, shareId))
        .orderBy(desc(shareViews.minute))
        .limit(1)
        .offset(maxBuckets - 1)
        .get();
      if (oldestKept)
        db.delete(shareViews)
          .where(and(eq(shareViews.shareId, shareId), lt(shareViews.minute, oldestKept.minute)))
          .run();
    },
    listViews(shareId, limit) {
      return db.select().from(shareViews).where(eq(shareViews.shareId, shareId)).orderBy(desc(shareViews.minute)).limit(limit).all();
    },
  };
}
