import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import {
  aiUsage,
  assessmentEvaluations,
  commitments,
  conversations,
  dailyPlans,
  journalEntries,
  messages,
  type CommitmentRow,
  type ConversationRow,
  type DailyPlanRow,
  type JournalEntryRow,
  type MessageRow,
} from '../schema/coaching';
import type { CoachingRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/** A model call added to the day's AI usage row (the upsert's update half). */
const ADD_USAGE = {
  requests: sql`${aiUsage.requests} + 1`,
  inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
  outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
};

/** Conversations, messages, commitments, daily plans, AI usage and journal entries. No rules here. */
export function createCoachingRepository(db: k.Exec): Synchronous<CoachingRepository> {
  // Named prepared statements: the coach's reply path runs these for every streamed answer.
  const conversationById = k.statement(db, 'coaching_conversation_by_id', (x) =>
    x
      .select()
      .from(conversations)
      .where(eq(conversations.id, sql.placeholder('id'))),
  );
  const messageById = k.statement(db, 'coaching_message_by_id', (x) =>
    x
      .select()
      .from(messages)
      .where(eq(messages.id, sql.placeholder('id'))),
  );
  const replyByUserMessage = k.statement(db, 'coaching_reply_by_user_message', (x) =>
    x
      .select()
      .from(messages)
      .where(eq(messages.replyTo, sql.placeholder('id'))),
  );
  const messagesOfConversation = k.statement(db, 'coaching_messages_of_conversation', (x) =>
    x
      .select()
      .from(messages)
      .where(eq(messages.conversationId, sql.placeholder('id')))
      .orderBy(asc(messages.createdAt), asc(messages.role)),
  );
  const insertMessageStatement = k.statement(db, 'coaching_insert_message', (x) =>
    x.insert(messages).values({
      id: sql.placeholder('id'),
      conversationId: sql.placeholder('conversationId'),
      userId: sql.placeholder('userId'),
      role: sql.placeholder('role'),
      content: sql.placeholder('content'),
      replyTo: sql.placeholder('replyTo'),
      stage: sql.placeholder('stage'),
      flagged: sql.placeholder('flagged'),
      stopped: sql.placeholder('stopped'),
      createdAt: sql.placeholder('createdAt'),
    }),
  );
  // The time goes through the column's encoder (k.param); the stage is a nullable placeholder, wrapped in `sql`.
  const touchConversationStatement = k.statement(db, 'coaching_touch_conversation', (x) =>
    x
      .update(conversations)
      .set({ updatedAt: sql`${k.param(conversations.updatedAt, 'updatedAt')}`, stage: sql`${sql.placeholder('stage')}` })
      .where(eq(conversations.id, sql.placeholder('id'))),
  );
  const deleteReplyStatement = k.statement(db, 'coaching_delete_reply', (x) => x.delete(messages).where(eq(messages.replyTo, sql.placeholder('id'))));
  const lastMessageAtStatement = k.statement(db, 'coaching_last_message_at', (x) =>
    x
      .select({ at: messages.createdAt })
      .from(messages)
      .where(eq(messages.conversationId, sql.placeholder('id')))
      .orderBy(desc(messages.createdAt))
      .limit(1),
  );
  const countUserMessagesStatement = k.statement(db, 'coaching_count_user_messages', (x) =>
    x
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.conversationId, sql.placeholder('id')), eq(messages.role, 'user'))),
  );
  const addUsageStatement = k.statement(db, 'coaching_add_usage', (x) =>
    x
      .insert(aiUsage)
      .values({
        userId: sql.placeholder('userId'),
        day: sql.placeholder('day'),
        requests: 1,
        inputTokens: sql.placeholder('inputTokens'),
        outputTokens: sql.placeholder('outputTokens'),
      })
      .onConflictDoUpdate({
        target: [aiUsage.userId, aiUsage.day],
        set: ADD_USAGE,
      }),
  );
  const openCommitmentsStatement = k.statement(db, 'coaching_open_commitments', (x) =>
    x
      .select()
      .from(commitments)
      .where(and(eq(commitments.userId, sql.placeholder('userId')), eq(commitments.status, 'open')))
      .orderBy(desc(commitments.createdAt)),
  );
  const recentJournalStatement = k.statement(db, 'coaching_recent_journal', (x) =>
    x
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.userId, sql.placeholder('userId')))
      .orderBy(desc(journalEntries.createdAt))
      .limit(sql.placeholder('limit')),
  );
  return {
    insertConversation(row: typeof conversations.$inferInsert): void {
      k.run(db.insert(conversations).values(row));
    },
    findConversation(id: string): ConversationRow | undefined {
      return k.first(conversationById(db), { id });
    },
    listConversations(userId: string, kind: ConversationRow['kind'] | undefined, limit: number): ConversationRow[] {
      const where = kind ? and(eq(conversations.userId, userId), eq(conversations.kind, kind)) : eq(conversations.userId, userId);
      return k.rows(db.select().from(conversations).where(where).orderBy(desc(conversations.updatedAt)).limit(limit));
    },
    /** After a turn: the conversation's time and stage (a prepared statement; the reply path's write). */
    touchConversation(id: string, updatedAt: Date, stage: string | null): void {
      k.run(touchConversationStatement(db), { id, updatedAt, stage });
    },
    updateConversation(id: string, patch: Partial<Omit<ConversationRow, 'id' | 'userId'>>): void {
      k.run(db.update(conversations).set(patch).where(eq(conversations.id, id)));
    },

    insertMessage(row: MessageRow): void {
      k.run(insertMessageStatement(db), row);
    },
    findMessage(id: string): MessageRow | undefined {
      return k.first(messageById(db), { id });
    },
    listMessages(conversationId: string): MessageRow[] {
      return k.rows(messagesOfConversation(db), { id: conversationId });
    },
    findReply(userMessageId: string): MessageRow | undefined {
      return k.first(replyByUserMessage(db), { id: userMessageId });
    },
    deleteReply(userMessageId: string): void {
      k.run(deleteReplyStatement(db), { id: userMessageId });
    },
    /** Time of the latest message, for keeping a conversation's order strictly increasing. */
    lastMessageAt(conversationId: string): Date | undefined {
      return k.first(lastMessageAtStatement(db), { id: conversationId })?.at;
    },
    countUserMessages(conversationId: string): number {
      return k.first(countUserMessagesStatement(db), { id: conversationId })?.n ?? 0;
    },
    recentCrises(userId: string, since: Date): Array<{ conversationId: string; at: Date; categories: string | null }> {
      // The latest flagged message's time, decoded as the column is.
      const at = sql<Date>`max(${messages.createdAt})`.mapWith(messages.createdAt);
      return k.rows(
        db
          .select({ conversationId: conversations.id, at, categories: conversations.safetyCategory })
          .from(conversations)
          .innerJoin(messages, eq(messages.conversationId, conversations.id))
          .where(and(eq(conversations.userId, userId), eq(messages.flagged, true), eq(messages.role, 'user'), gte(messages.createdAt, since)))
          .groupBy(conversations.id)
          .orderBy(desc(at)),
      );
    },

    insertCommitments(rows: CommitmentRow[]): void {
      if (rows.length) k.run(db.insert(commitments).values(rows));
    },
    listCommitments(userId: string, status?: CommitmentRow['status']): CommitmentRow[] {
      if (status === 'open') return k.rows(openCommitmentsStatement(db), { userId });
      const where = status ? and(eq(commitments.userId, userId), eq(commitments.status, status)) : eq(commitments.userId, userId);
      return k.rows(db.select().from(commitments).where(where).orderBy(desc(commitments.createdAt)));
    },
    listConversationCommitments(conversationId: string): CommitmentRow[] {
      return k.rows(db.select().from(commitments).where(eq(commitments.conversationId, conversationId)).orderBy(asc(commitments.createdAt)));
    },
    setCommitmentStatus(userId: string, id: string, status: CommitmentRow['status'], at: Date): boolean {
      return (
        k.changes(
          db
            .update(commitments)
            .set({ status, closedAt: status === 'open' ? null : at })
            .where(k.ownRow(commitments, userId, id)),
        ) > 0
      );
    },

    updateCommitmentText(userId: string, id: string, text: string): boolean {
      return (
        k.changes(
          db
            .update(commitments)
            .set({ text })
            .where(k.ownRow(commitments, userId, id)),
        ) > 0
      );
    },
    deleteCommitment(userId: string, id: string): boolean {
      return k.changes(db.delete(commitments).where(k.ownRow(commitments, userId, id))) > 0;
    },
    listPlans(userId: string): DailyPlanRow[] {
      return k.rows(db.select().from(dailyPlans).where(eq(dailyPlans.userId, userId)).orderBy(desc(dailyPlans.day)));
    },
    listUsage(userId: string) {
      return k.rows(db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(desc(aiUsage.day)));
    },

    findPlan(userId: string, day: string): DailyPlanRow | undefined {
      return k.first(
        db
          .select()
          .from(dailyPlans)
          .where(and(eq(dailyPlans.userId, userId), eq(dailyPlans.day, day))),
      );
    },
    upsertPlan(row: typeof dailyPlans.$inferInsert): void {
      k.run(
        db
          .insert(dailyPlans)
          .values(row)
          .onConflictDoUpdate({
            target: [dailyPlans.userId, dailyPlans.day],
            set: {
              content: row.content,
              items: row.items,
              source: row.source,
              fallback: row.fallback ?? false,
              generatedAt: row.generatedAt,
              generationCount: row.generationCount,
            },
          }),
      );
    },

    addUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }): void {
      k.run(addUsageStatement(db), { userId, day, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
    },
    /**
     * A failed model call: its tokens (reported or estimated) are counted, plus one error, and one plan
     * fallback when the daily plan was written offline instead.
     */
    addFailedUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }, planFallback = false): void {
      k.run(
        db
          .insert(aiUsage)
          .values({
            userId,
            day,
            requests: 1,
            inputTokens: usage.inputTokens,
            outputTokens: usage.outputTokens,
            errors: 1,
            planFallbacks: planFallback ? 1 : 0,
          })
          .onConflictDoUpdate({
            target: [aiUsage.userId, aiUsage.day],
            set: {
              ...ADD_USAGE,
              errors: sql`${aiUsage.errors} + 1`,
              planFallbacks: sql`${aiUsage.planFallbacks} + excluded.plan_fallbacks`,
            },
          }),
      );
    },
    /** Freezes the coach's snapshot of the person for a conversation (only the first call writes it). */
    setCoachSnapshot(conversationId: string, snapshot: string): string {
      k.run(
        db
          .update(conversations)
          .set({ coachSnapshot: snapshot })
          .where(and(eq(conversations.id, conversationId), isNull(conversations.coachSnapshot))),
      );
      return k.first(db.select({ s: conversations.coachSnapshot }).from(conversations).where(eq(conversations.id, conversationId)))?.s ?? snapshot;
    },
    usageFor(userId: string, day: string) {
      return k.first(
        db
          .select()
          .from(aiUsage)
          .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day))),
      );
    },

    insertJournalEntry(row: JournalEntryRow): void {
      k.run(db.insert(journalEntries).values(row));
    },
    recentJournalEntries(userId: string, limit: number): JournalEntryRow[] {
      return k.rows(recentJournalStatement(db), { userId, limit });
    },
    journalEntriesBetween(userId: string, from: Date, to: Date): JournalEntryRow[] {
      return k.rows(
        db
          .select()
          .from(journalEntries)
          .where(and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, from), lt(journalEntries.createdAt, to)))
          .orderBy(asc(journalEntries.createdAt)),
      );
    },

    findJournalEntry(id: string): JournalEntryRow | undefined {
      return k.first(db.select().from(journalEntries).where(eq(journalEntries.id, id)));
    },
    deleteJournalEntry(userId: string, id: string): boolean {
      return k.changes(db.delete(journalEntries).where(k.ownRow(journalEntries, userId, id))) > 0;
    },

    findEvaluation(assessmentId: string) {
      return k.first(db.select().from(assessmentEvaluations).where(eq(assessmentEvaluations.assessmentId, assessmentId)));
    },
    saveEvaluation(row: typeof assessmentEvaluations.$inferInsert): void {
      k.run(db.insert(assessmentEvaluations).values(row).onConflictDoNothing());
    },
  };
}
