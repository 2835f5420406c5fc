import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * One row per user, audio and local day: when the audio was first fetched (a listen cannot end
 * sooner than its length after that), when the user finished it, and whether it earned steps.
 */
export const audioListens = sqliteTable(
  'audio_listens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    meditationId: text('meditation_id').notNull(),
    day: text('day').notNull(),
    isToday: integer('is_today', { mode: 'boolean' }).notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    awardedAt: integer('awarded_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('audio_listens_user_audio_day_uq').on(t.userId, t.meditationId, t.day),
    index('audio_listens_user_day_idx').on(t.userId, t.day),
  ],
);

/** Timed practice sessions (breathing, fitness, active breaks) started on the server. */
export const practiceSessions = sqliteTable(
  'practice_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['breathing', 'fitness', 'active_break'] }).notNull(),
    ref: text('ref').notNull(),
    plannedSeconds: integer('planned_seconds').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    completionId: text('completion_id'),
  },
  (t) => [index('practice_sessions_user_started_idx').on(t.userId, t.startedAt)],
);

export type AudioListenRow = typeof audioListens.$inferSelect;
export type PracticeSessionRow = typeof practiceSessions.$inferSelect;
