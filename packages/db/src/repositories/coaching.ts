import { and, asc, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { CoachingRepository } from '../store';
import type { Synchronous } from './synchronous';
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
import { deleteOwnRow, selectWhereEquals, updateOwnRow } from './prepared';

/** A model call added to the day's AI usage row (the upsert's update half). */
const ADD_USAGE = {
  requests: sql`${aiUsage.requests} + 1`,
  inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
  outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
};

/** Conversations, messages, commitments, daily plans, AI usage and journal entries. No rules here. */
export function createCoachingRepository(db: Db): Synchronous<CoachingRepository> {
  // Prepared once: the coach's reply path reads these for every streamed answer.
  const conversationById = selectWhereEquals(db, conversations, conversations.id, 'id').prepare();
  const messageById = selectWhereEquals(db, messages, messages.id, 'id').prepare();
  const replyByUserMessage = selectWhereEquals(db, messages, messages.replyTo, 'id').prepare();
  const messagesOfConversation = selectWhereEquals(db, messages, messages.conversationId, 'id').orderBy(asc(messages.createdAt), asc(messages.role)).prepare();
  const insertMessageStatement = db
    .insert(messages)
    .values({
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
    })
    .prepare();
  const touchConversationStatement = db
    .update(conversations)
    .set({ updatedAt: sql`${sql.placeholder('updatedAt')}`, stage: sql`${sql.placeholder('stage')}` })
    .where(eq(conversations.id, sql.placeholder('id')))
    .prepare();
  const deleteReplyStatement = db
    .delete(messages)
    .where(eq(messages.replyTo, sql.placeholder('id')))
    .prepare();
  const lastMessageAtStatement = db
    .select({ at: messages.createdAt })
    .from(messages)
    .where(eq(messages.conversationId, sql.placeholder('id')))
    .orderBy(desc(messages.createdAt))
    .limit(1)
    .prepare();
  const countUserMessagesStatement = db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.conversationId, sql.placeholder('id')), eq(messages.role, 'user')))
    .prepare();
  const addUsageStatement = db
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
    })
    .prepare();
  const openCommitmentsStatement = db
    .select()
    .from(commitments)
    .where(and(eq(commitments.userId, sql.placeholder('userId')), eq(commitments.status, 'open')))
    .orderBy(desc(commitments.createdAt))
    .prepare();
  const recentJournalStatement = selectWhereEquals(db, journalEntries, journalEntries.userId, 'userId')
    .orderBy(desc(journalEntries.createdAt))
    .limit(sql.placeholder('limit'))
    .prepare();
  return {
    insertConversation(row: typeof conversations.$inferInsert): void {
      db.insert(conversations).values(row).run();
    },
    findConversation(id: string): ConversationRow | undefined {
      return conversationById.get({ id });
    },
    listConversations(userId: string, kind: ConversationRow['kind'] | undefined, limit: number): ConversationRow[] {
      const where = kind ? and(eq(conversations.userId, userId), eq(conversations.kind, kind)) : eq(conversations.userId, userId);
      return db.select().from(conversations).where(where).orderBy(desc(conversations.updatedAt)).limit(limit).all();
    },
    /** After a turn: the conversation's time and stage (a prepared statement; the reply path's write). */
    touchConversation(id: string, updatedAt: Date, stage: string | null): void {
      touchConversationStatement.run({ id, updatedAt: updatedAt.getTime(), stage });
    },
    updateConversation(id: string, patch: Partial<Omit<ConversationRow, 'id' | 'userId'>>): void {
      db.update(conversations).set(patch).where(eq(conversations.id, id)).run();
    },

    insertMessage(row: MessageRow): void {
      insertMessageStatement.run(row);
    },
    findMessage(id: string): MessageRow | undefined {
      return messageById.get({ id });
    },
    listMessages(conversationId: string): MessageRow[] {
      return messagesOfConversation.all({ id: conversationId });
    },
    findReply(userMessageId: string): MessageRow | undefined {
      return replyByUserMessage.get({ id: userMessageId });
    },
    deleteReply(userMessageId: string): void {
      deleteReplyStatement.run({ id: userMessageId });
    },
    /** Time of the latest message, for keeping a conversation's order strictly increasing. */
    lastMessageAt(conversationId: string): Date | undefined {
      return lastMessageAtStatement.get({ id: conversationId })?.at;
    },
    countUserMessages(conversationId: string): number {
      return countUserMessagesStatement.get({ id: conversationId })?.n ?? 0;
    },
    recentCrises(userId: string, since: Date): Array<{ conversationId: string; at: Date; categories: string | null }> {
      const at = sql<number>`max(${messages.createdAt})`;
      return db
        .select({ conversationId: conversations.id, at, categories: conversations.safetyCategory })
        .from(conversations)
        .innerJoin(messages, eq(messages.conversationId, conversations.id))
        .where(and(eq(conversations.userId, userId), eq(messages.flagged, true), eq(messages.role, 'user'), gte(messages.createdAt, since)))
        .groupBy(conversations.id)
        .orderBy(desc(at))
        .all()
        .map((row) => ({ ...row, at: new Date(row.at) }));
    },

    insertCommitments(rows: CommitmentRow[]): void {
      if (rows.length) db.insert(commitments).values(rows).run();
    },
    listCommitments(userId: string, status?: CommitmentRow['status']): CommitmentRow[] {
      if (status === 'open') return openCommitmentsStatement.all({ userId });
      const where = status ? and(eq(commitments.userId, userId), eq(commitments.status, status)) : eq(commitments.userId, userId);
      return db.select().from(commitments).where(where).orderBy(desc(commitments.createdAt)).all();
    },
    listConversationCommitments(conversationId: string): CommitmentRow[] {
      return db.select().from(commitments).where(eq(commitments.conversationId, conversationId)).orderBy(asc(commitments.createdAt)).all();
    },
    setCommitmentStatus(userId: string, id: string, status: CommitmentRow['status'], at: Date): boolean {
      return updateOwnRow(db, commitments, userId, id, { status, closedAt: status === 'open' ? null : at });
    },

    updateCommitmentText(userId: string, id: string, text: string): boolean {
      return updateOwnRow(db, commitments, userId, id, { text });
    },
    deleteCommitment(userId: string, id: string): boolean {
      return deleteOwnRow(db, commitments, userId, id);
    },
    listPlans(userId: string): DailyPlanRow[] {
      return db.select().from(dailyPlans).where(eq(dailyPlans.userId, userId)).orderBy(desc(dailyPlans.day)).all();
    },
    listUsage(userId: string) {
      return db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(desc(aiUsage.day)).all();
    },

    findPlan(userId: string, day: string): DailyPlanRow | undefined {
      return db
        .select()
        .from(dailyPlans)
        .where(and(eq(dailyPlans.userId, userId), eq(dailyPlans.day, day)))
        .get();
    },
    upsertPlan(row: typeof dailyPlans.$inferInsert): void {
      db.insert(dailyPlans)
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
        })
        .run();
    },

    addUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }): void {
      addUsageStatement.run({ userId, day, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens });
    },
    /**
     * A failed model call: its tokens (reported or estimated) are counted, plus one error, and one plan
     * fallback when the daily plan was written offline instead.
     */
    addFailedUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }, planFallback = false): void {
      db.insert(aiUsage)
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
        })
        .run();
    },
    /** Freezes the coach's snapshot of the person for a conversation (only the first call writes it). */
    setCoachSnapshot(conversationId: string, snapshot: string): string {
      db.update(conversations)
        .set({ coachSnapshot: snapshot })
        .where(and(eq(conversations.id, conversationId), sql`${conversations.coachSnapshot} is null`))
        .run();
      return db.select({ s: conversations.coachSnapshot }).from(conversations).where(eq(conversations.id, conversationId)).get()?.s ?? snapshot;
    },
    usageFor(userId: string, day: string) {
      return db
        .select()
        .from(aiUsage)
        .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)))
        .get();
    },

    insertJournalEntry(row: JournalEntryRow): void {
      db.insert(journalEntries).values(row).run();
    },
    recentJournalEntries(userId: string, limit: number): JournalEntryRow[] {
      return recentJournalStatement.all({ userId, limit });
    },
    journalEntriesBetween(userId: string, from: Date, to: Date): JournalEntryRow[] {
      return db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, from), lt(journalEntries.createdAt, to)))
        .orderBy(asc(journalEntries.createdAt))
        .all();
    },

    findJournalEntry(id: string): JournalEntryRow | undefined {
      return db.select().from(journalEntries).where(eq(journalEntries.id, id)).get();
    },
    deleteJournalEntry(userId: string, id: string): boolean {
      return deleteOwnRow(db, journalEntries, userId, id);
    },

    findEvaluation(assessmentId: string) {
      return db.select().from(assessmentEvaluations).where(eq(assessmentEvaluations.assessmentId, assessmentId)).get();
    },
    saveEvaluation(row: typeof assessmentEvaluations.$inferInsert): void {
      db.insert(assessmentEvaluations).values(row).onConflictDoNothing().run();
    },
  };
}
