// @generated from src/schema/coaching.ts — edit that file, then run pnpm db:generate
import { at, flag, index, int, json, primaryKey, table, text, uniqueIndex } from './kit';
import { idColumn, ownerColumn } from './users';

/** A coaching chat, a structured session or a guided journaling conversation. */
export const conversations = table(
  'conversations',
  {
    id: idColumn(),
    userId: ownerColumn(),
    kind: text('kind', { enum: ['chat', 'session', 'journal'] }).notNull(),
    title: text('title').notNull(),
    /**
     * `flagged`: a crisis message was detected and its fixed answer stored; the conversation waits for
     * the person to acknowledge the helplines, then goes on in careful mode (status `active` again).
     */
    status: text('status', { enum: ['active', 'completed', 'flagged'] }).notNull(),
    /** Structured sessions: check-in, goal, exploration, commitments, done. */
    stage: text('stage'),
    summary: text('summary'),
    /**
     * What the coach knows of the person (profile snapshot, from packages/ai prompts), frozen at the
     * conversation's first answer so the system message stays byte-identical across its turns.
     */
    coachSnapshot: text('coach_snapshot'),
    /** Whether this conversation already earned its steps. */
    awarded: flag('awarded').notNull().default(false),
    /**
     * Careful mode: the risk screen fired in this conversation and the person acknowledged the
     * helplines to go on (`coaching.acknowledgeSafety`). The coach is told to be especially careful.
     */
    careful: flag('careful').notNull().default(false),
    /** The category of the latest crisis message (packages/ai/src/safety/categories.ts), if any. */
    safetyCategory: text('safety_category'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const messages = table(
  'messages',
  {
    id: idColumn(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** For an assistant message: the user message it answers. */
    replyTo: text('reply_to'),
    stage: text('stage'),
    flagged: flag('flagged').notNull().default(false),
    /** The user stopped the answer mid-way; `content` holds what had arrived. */
    stopped: flag('stopped').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt), uniqueIndex('messages_reply_to_uq').on(t.replyTo)],
);

/** Commitments a session closed with; the next session starts from the open ones. */
export const commitments = table(
  'commitments',
  {
    id: idColumn(),
    userId: ownerColumn(),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'done', 'dropped'] }).notNull(),
    createdAt: at('created_at').notNull(),
    closedAt: at('closed_at'),
  },
  (t) => [index('commitments_user_status_idx').on(t.userId, t.status)],
);

/** One plan per user and local day; `generation_count` counts the user's regenerations. */
export const dailyPlans = table(
  'daily_plans',
  {
    id: idColumn(),
    userId: ownerColumn(),
    day: text('day').notNull(),
    content: text('content').notNull(),
    items: json('items').notNull().$type<unknown>(),
    source: text('source', { enum: ['ai', 'offline'] }).notNull(),
    /** Written offline because the configured model failed (the UI says so). */
    fallback: flag('fallback').notNull().default(false),
    generationCount: int('generation_count').notNull(),
    generatedAt: at('generated_at').notNull(),
  },
  (t) => [uniqueIndex('daily_plans_user_day_uq').on(t.userId, t.day)],
);

/** Tokens per user per day (offline answers are counted with an estimate). */
export const aiUsage = table(
  'ai_usage',
  {
    userId: ownerColumn(),
    day: text('day').notNull(),
    requests: int('requests').notNull(),
    inputTokens: int('input_tokens').notNull(),
    outputTokens: int('output_tokens').notNull(),
    /** Model calls that failed (error, timeout, empty or cut answer); their tokens are counted above. */
    errors: int('errors').notNull().default(0),
    /** Daily plans written offline because the model failed. */
    planFallbacks: int('plan_fallbacks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const journalEntries = table(
  'journal_entries',
  {
    id: idColumn(),
    userId: ownerColumn(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    mood: text('mood'),
    prompt: text('prompt'),
    source: text('source', { enum: ['chat', 'manual'] }).notNull(),
    conversationId: text('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    wordCount: int('word_count').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('journal_entries_user_created_idx').on(t.userId, t.createdAt)],
);

/** The coach's written evaluation of an assessment, generated once per assessment. */
export const assessmentEvaluations = table('assessment_evaluations', {
  assessmentId: text('assessment_id').primaryKey(),
  userId: ownerColumn(),
  content: json('content').notNull().$type<unknown>(),
  createdAt: at('created_at').notNull(),
});

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type CommitmentRow = typeof commitments.$inferSelect;
export type DailyPlanRow = typeof dailyPlans.$inferSelect;
export type JournalEntryRow = typeof journalEntries.$inferSelect;
