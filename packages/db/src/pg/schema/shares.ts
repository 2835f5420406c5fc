import type { ShareInclude } from '@ascenso/domain/shares';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, ownerColumn } from './users';

/** PostgreSQL twin of `../../schema/shares.ts` (decision 029). */
export const shares = pgTable(
  'shares',
  {
    id: idColumn(),
    userId: ownerColumn(),
    tokenHash: text('token_hash').notNull(),
    include: jsonb('include').$type<ShareInclude[]>().notNull(),
    journalEntryIds: jsonb('journal_entry_ids').$type<string[]>().notNull(),
    days: integer('days').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    viewCount: integer('view_count').notNull().default(0),
    lastViewedAt: at('last_viewed_at'),
  },
  (t) => [uniqueIndex('shares_token_hash_uq').on(t.tokenHash), index('shares_user_created_idx').on(t.userId, t.createdAt)],
);

export const shareViews = pgTable(
  'share_views',
  {
    shareId: text('share_id')
      .notNull()
      .references(() => shares.id, { onDelete: 'cascade' }),
    minute: at('minute').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.minute] })],
);
