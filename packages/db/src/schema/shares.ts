import type { ShareInclude } from '@ascenso/domain/shares';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { idColumn, ownerColumn } from './users';

/**
 * A share with a human coach or therapist (decision 029): what its owner chose and for how
 * long. The page renders the chosen parts live at view time; journal entries only when ticked here by id.
 * Only the SHA-256 of the URL's token is stored (hex, unique); the token itself is shown once.
 */
export const shares = sqliteTable(
  'shares',
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text('token_hash').notNull(),
    include: text('include', { mode: 'json' }).$type<ShareInclude[]>().notNull(),
    journalEntryIds: text('journal_entry_ids', { mode: 'json' }).$type<string[]>().notNull(),
    days: integer('days').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    /** Every logged view, exact (the per-minute rows below may be pruned). */
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: integer('last_viewed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('shares_token_hash_uq').on(t.tokenHash), index('shares_user_created_idx').on(t.userId, t.createdAt)],
);

/** A share's views, one row per minute it was viewed in (with how many): no address, no user agent. */
export const shareViews = sqliteTable(
  'share_views',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    minute: integer('minute', { mode: 'timestamp_ms' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.minute] })],
);

export type ShareRow = typeof shares.$inferSelect;
export type ShareViewRow = typeof shareViews.$inferSelect;
