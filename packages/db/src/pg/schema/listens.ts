// @generated from src/schema/listens.ts — edit that file, then run pnpm db:generate
import { sql } from 'drizzle-orm';
import { at, flag, index, int, table, text, uniqueIndex } from './kit';
import { idColumn, ownerColumn } from './users';

/**
 * One row per user, audio and local day: when the audio was first fetched (a listen cannot end
 * sooner than its length after that), when the user finished it, and whether it earned steps.
 */
export const audioListens = table(
  'audio_listens',
  {
    id: idColumn(),
    userId: ownerColumn(),
    meditationId: text('meditation_id').notNull(),
    day: text('day').notNull(),
    isToday: flag('is_today').notNull(),
    startedAt: at('started_at').notNull(),
    completedAt: at('completed_at'),
    awardedAt: at('awarded_at'),
    /** Bytes of the file served from its start without a gap, as actually read by the client. */
    servedBytes: int('served_bytes').notNull().default(0),
    /** The file's size when the listen started. */
    fileBytes: int('file_bytes').notNull().default(0),
    /** Set when the user started another audio: an abandoned listen cannot be completed. */
    abandonedAt: at('abandoned_at'),
  },
  (t) => [
    uniqueIndex('audio_listens_user_audio_day_uq').on(t.userId, t.meditationId, t.day),
    index('audio_listens_user_day_idx').on(t.userId, t.day),
    // At most one running listen per user.
    uniqueIndex('audio_listens_one_running_uq')
      .on(t.userId)
      .where(sql`completed_at IS NULL AND abandoned_at IS NULL`),
  ],
);

/** Timed practice sessions (breathing, fitness, active breaks) started on the server. */
export const practiceSessions = table(
  'practice_sessions',
  {
    id: idColumn(),
    userId: ownerColumn(),
    kind: text('kind', { enum: ['breathing', 'fitness', 'active_break'] }).notNull(),
    ref: text('ref').notNull(),
    plannedSeconds: int('planned_seconds').notNull(),
    startedAt: at('started_at').notNull(),
    completedAt: at('completed_at'),
    completionId: text('completion_id'),
    /** Set when the user started another practice: an abandoned practice cannot be completed. */
    abandonedAt: at('abandoned_at'),
  },
  (t) => [
    index('practice_sessions_user_started_idx').on(t.userId, t.startedAt),
    // At most one running practice per user, whatever the concurrency or the number of processes.
    uniqueIndex('practice_sessions_one_running_uq')
      .on(t.userId)
      .where(sql`completed_at IS NULL AND abandoned_at IS NULL`),
  ],
);

export type AudioListenRow = typeof audioListens.$inferSelect;
export type PracticeSessionRow = typeof practiceSessions.$inferSelect;
