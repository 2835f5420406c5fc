import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, idColumn, ownerColumn } from './users';

/** A coaching chat, a structured session or a guided journaling conversation (see the SQLite file). */
export const conversations = pgTable(
  'conversations',
  {
    id: idColumn(),
    userId: ownerColumn(),
    kind: text('kind', { enum: ['chat', 'session', 'journal'] }).notNull(),
    title: text('title').notNull(),
    status: text('status', { enum: ['active', 'completed', 'flagged'] }).notNull(),
    stage: text('stage'),
    summary: text('summary'),
    coachSnapshot: text('coach_snapshot'),
    awarded: boolean('awarded').notNull().default(false),
    careful: boolean('careful').notNull().default(false),
    safetyCategory: text('safety_category'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('conversations_user_updated_idx').on(t.userId, t.updatedAt)],
);

export const messages = pgTable(
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
    flagged: boolean('flagged').notNull().default(false),
    /** The user stopped the answer mid-way; `content` holds what had arrived. */
    stopped: boolean('stopped').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('messages_conversation_created_idx').on(t.conversationId, t.createdAt), uniqueIndex('messages_reply_to_uq').on(t.replyTo)],
);

/** Commitments a session closed with; the next session starts from the open ones. */
export const commitments = pgTable(
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
export const dailyPlans = pgTable(
  'daily_plans',
  {
    id: idColumn(),
    userId: ownerColumn(),
    day: text('day').notNull(),
    content: text('content').notNull(),
    items: jsonb('items').notNull().$type<unknown>(),
    source: text('source', { enum: ['ai', 'offline'] }).notNull(),
    /** Written offline because the configured model failed (the UI says so). */
    fallback: boolean('fallback').notNull().default(false),
    generationCount: integer('generation_count').notNull(),
    generatedAt: at('generated_at').notNull(),
  },
  (t) => [uniqueIndex('daily_plans_user_day_uq').on(t.userId, t.day)],
);

/** Tokens per user per day (offline answers are counted with an estimate). */
export const aiUsage = pgTable(
  'ai_usage',
  {
    userId: ownerColumn(),
    day: text('day').notNull(),
    requests: integer('requests').notNull(),
    inputTokens: integer('input_tokens').notNull(),
    outputTokens: integer('output_tokens').notNull(),
    /** Model calls that failed (error, timeout, empty or cut answer); their tokens are counted above. */
    errors: integer('errors').notNull().default(0),
    /** Daily plans written offline because the model failed. */
    planFallbacks: integer('plan_fallbacks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const journalEntries = pgTable(
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
    wordCount: integer('word_count').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('journal_entries_user_created_idx').on(t.userId, t.createdAt)],
);

/** The coach's written evaluation of an assessment, generated once per assessment. */
export const assessmentEvaluations = pgTable('assessment_evaluations', {
  assessmentId: text('assessment_id').primaryKey(),
  userId: ownerColumn(),
  content: jsonb('content').notNull().$type<unknown>(),
  createdAt: at('created_at').notNull(),
});
