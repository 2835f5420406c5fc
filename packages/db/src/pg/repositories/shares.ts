// @generated from src/repositories/shares.ts — edit that file, then run pnpm db:generate
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { shares, shareViews } from '../schema/shares';
import type { SharesRepository } from '../../store';
import * as k from './kit';

/** Shares (decision 029). */
export function createSharesRepository(db: k.Exec): SharesRepository {
  return {
    async insert(row) {
      await k.run(db.insert(shares).values(row));
    },
    async countActive(userId, now) {
      return (
        (
          await k.first(
            db
              .select({ n: count() })
              .from(shares)
              .where(and(eq(shares.userId, userId), isNull(shares.revokedAt), gt(shares.expiresAt, now))),
          )
        )?.n ?? 0
      );
    },
    async listForUser(userId) {
      return await k.rows(db.select().from(shares).where(eq(shares.userId, userId)).orderBy(desc(shares.createdAt), desc(shares.id)));
    },
    async findByTokenHash(tokenHash) {
      return await k.first(db.select().from(shares).where(eq(shares.tokenHash, tokenHash)));
    },
    async revoke(userId, id, at) {
      const own = and(eq(shares.id, id), eq(shares.userId, userId));
      if (
        (await k.changes(
          db
            .update(shares)
            .set({ revokedAt: at })
            .where(and(own, isNull(shares.revokedAt))),
        )) > 0
      )
        return true;
      return (await k.first(db.select({ id: shares.id }).from(shares).where(own))) !== undefined;
    },
    async recordView(shareId, at, minute, maxBuckets) {
      await k.run(
        db
          .update(shares)
          .set({ viewCount: sql`${shares.viewCount} + 1`, lastViewedAt: at })
          .where(eq(shares.id, shareId)),
      );
      const inserted = await k.first(
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
      const oldestKept = await k.first(
        db
          .select({ minute: shareViews.minute })
          .from(shareViews)
          .where(eq(shareViews.shareId, shareId))
          .orderBy(desc(shareViews.minute))
          .limit(1)
          .offset(maxBuckets - 1),
      );
      if (oldestKept) await k.run(db.delete(shareViews).where(and(eq(shareViews.shareId, shareId), lt(shareViews.minute, oldestKept.minute))));
    },
    async listViews(shareId, limit) {
      return await k.rows(db.select().from(shareViews).where(eq(shareViews.shareId, shareId)).orderBy(desc(shareViews.minute)).limit(limit));
    },
  };
}
