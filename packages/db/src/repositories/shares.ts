import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { shares, shareViews } from '../schema/shares';
import type { SharesRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/** Shares (decision 029). */
export function createSharesRepository(db: k.Exec): Synchronous<SharesRepository> {
  return {
    insert(row) {
      k.run(db.insert(shares).values(row));
    },
    countActive(userId, now) {
      return (
        k.first(
          db
            .select({ n: count() })
            .from(shares)
            .where(and(eq(shares.userId, userId), isNull(shares.revokedAt), gt(shares.expiresAt, now))),
        )?.n ?? 0
      );
    },
    listForUser(userId) {
      return k.rows(db.select().from(shares).where(eq(shares.userId, userId)).orderBy(desc(shares.createdAt), desc(shares.id)));
    },
    findByTokenHash(tokenHash) {
      return k.first(db.select().from(shares).where(eq(shares.tokenHash, tokenHash)));
    },
    revoke(userId, id, at) {
      const own = and(eq(shares.id, id), eq(shares.userId, userId));
      if (
        k.changes(
          db
            .update(shares)
            .set({ revokedAt: at })
            .where(and(own, isNull(shares.revokedAt))),
        ) > 0
      )
        return true;
      return k.first(db.select({ id: shares.id }).from(shares).where(own)) !== undefined;
    },
    recordView(shareId, at, minute, maxBuckets) {
      k.run(
        db
          .update(shares)
          .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: at })
          .where(eq(shares.id, shareId)),
      );
      const inserted = k.first(
        db
          .insert(shareViews)
          .values({ shareId, minute, count: 1 })
          .onConflictDoUpdate({
            target: [shareViews.shareId, shareViews.minute],
            set: { count: sql`${shareViews.count} + 1` },
          })
          .returning({ count: shareViews.count }),
      );
      if (inserted?.count !== 1) return;
      // A new bucket: drop the ones beyond the newest `maxBuckets`.
      const oldestKept = k.first(
        db
          .select({ minute: shareViews.minute })
          .from(shareViews)
          .where(eq(shareViews.shareId, shareId))
          .orderBy(desc(shareViews.minute))
          .limit(1)
          .offset(maxBuckets - 1),
      );
      if (oldestKept) k.run(db.delete(shareViews).where(and(eq(shareViews.shareId, shareId), lt(shareViews.minute, oldestKept.minute))));
    },
    listViews(shareId, limit) {
      return k.rows(db.select().from(shareViews).where(eq(shareViews.shareId, shareId)).orderBy(desc(shareViews.minute)).limit(limit));
    },
  };
}
