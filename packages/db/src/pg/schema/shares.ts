// @generated from src/schema/shares.ts — edit that file, then run pnpm db:generate
import type { ShareInclude } from '@ascenso/domain/shares';
import { at, index, int, json, primaryKey, table, text, uniqueIndex } from './kit';
import { idColumn, ownerColumn } from './users';

/**
 * A share with a human coach or therapist (decision 029): what its owner chose and for how
 * long. The page renders the chosen parts live at view time; journal entries only when ticked here by id.
 * Only the SHA-256 of the URL's token is stored (hex, unique); the token itself is shown once.
 */
export const shares = table(
  'shares',
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text('token_hash').notNull(),
    include: json('include').$type<ShareInclude[]>().notNull(),
    journalEntryIds: json('journal_entry_ids').$type<string[]>().notNull(),
    days: int('days').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** Every logged view, exact (the per-minute rows below may be pruned). */
    viewCount: int('view_count').notNull().default(0),
    lastViewedAt: at('last_viewed_at'),
  },
  (t) => [uniqueIndex('shares_token_hash_uq').on(t.tokenHash), index('shares_user_created_idx').on(t.userId, t.createdAt)],
);

/** A share's views, one row per minute it was viewed in (with how many): no address, no user agent. */
export const shareViews = table(
  'share_views',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    minute: at('minute').notNull(),
    count: int('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.minute] })],
);

export type ShareRow = typeof shares.$inferSelect;
export type ShareViewRow = typeof shareViews.$inferSelect;
