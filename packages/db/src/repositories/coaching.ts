import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
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

export type CoachingRepository = ReturnType<typeof createCoachingRepository>;

/** Conversations, messages, commitments, daily plans, AI usage and journal entries. No rules here. */
export function createCoachingRepository(db: Db) {
  return {
    transaction<T>(fn: () => T): T {
      return db.$client.transaction(fn)();
    },

    insertConversation(row: ConversationRow): void {
      db.insert(conversations).values(row).run();
    },
    findConversation(id: string): ConversationRow | undefined {
      return db.select().from(conversations).where(eq(conversations.id, id)).get();
    },
    listConversations(userId: string, kind: ConversationRow['kind'] | undefined, limit: number): ConversationRow[] {
      const where = kind ? and(eq(conversations.userId, userId), eq(conversations.kind, kind)) : eq(conversations.userId, userId);
      return db.select().from(conversations).where(where).orderBy(desc(conversations.updatedAt)).limit(limit).all();
    },
    updateConversation(id: string, patch: Partial<Omit<ConversationRow, 'id' | 'userId'>>): void {
      db.update(conversations).set(patch).where(eq(conversations.id, id)).run();
    },

    insertMessage(row: MessageRow): void {
      db.insert(messages).values(row).run();
    },
    findMessage(id: string): MessageRow | undefined {
      return db.select().from(messages).where(eq(messages.id, id)).get();
    },
    listMessages(conversationId: string): MessageRow[] {
      return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.role)).all();
    },
    findReply(userMessageId: string): MessageRow | undefined {
      return db.select().from(messages).where(eq(messages.replyTo, userMessageId)).get();
    },
    deleteReply(userMessageId: string): void {
      db.delete(messages).where(eq(messages.replyTo, userMessageId)).run();
    },
    /** Time of the latest message, for keeping a conversation's order strictly increasing. */
    lastMessageAt(conversationId: string): Date | undefined {
      return db
        .select({ at: messages.createdAt })
        .from(messages)
        .where(eq(messages.conversationId, conversationId))
        .orderBy(desc(messages.createdAt))
        .limit(1)
        .get()?.at;
    },
    countUserMessages(conversationId: string): number {
      return (
        db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
          .get()?.n ?? 0
      );
    },

    insertCommitments(rows: CommitmentRow[]): void {
      if (rows.length) db.insert(commitments).values(rows).run();
    },
    listCommitments(userId: string, status?: CommitmentRow['status']): CommitmentRow[] {
      const where = status ? and(eq(commitments.userId, userId), eq(commitments.status, status)) : eq(commitments.userId, userId);
      return db.select().from(commitments).where(where).orderBy(desc(commitments.createdAt)).all();
    },
    listConversationCommitments(conversationId: string): CommitmentRow[] {
      return db.select().from(commitments).where(eq(commitments.conversationId, conversationId)).orderBy(asc(commitments.createdAt)).all();
    },
    setCommitmentStatus(userId: string, id: string, status: CommitmentRow['status'], at: Date): boolean {
      return (
        db
          .update(commitments)
          .set({ status, closedAt: status === 'open' ? null : at })
          .where(and(eq(commitments.id, id), eq(commitments.userId, userId)))
          .run().changes > 0
      );
    },

    updateCommitmentText(userId: string, id: string, text: string): boolean {
      return db.update(commitments).set({ text }).where(and(eq(commitments.id, id), eq(commitments.userId, userId))).run().changes > 0;
    },
    deleteCommitment(userId: string, id: string): boolean {
      return db.delete(commitments).where(and(eq(commitments.id, id), eq(commitments.userId, userId))).run().changes > 0;
    },
    listPlans(userId: string): DailyPlanRow[] {
      return db.select().from(dailyPlans).where(eq(dailyPlans.userId, userId)).orderBy(desc(dailyPlans.day)).all();
    },
    listUsage(userId: string) {
      return db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(desc(aiUsage.day)).all();
    },

    findPlan(userId: string, day: string): DailyPlanRow | undefined {
      return db.select().from(dailyPlans).where(and(eq(dailyPlans.userId, userId), eq(dailyPlans.day, day))).get();
    },
    upsertPlan(row: DailyPlanRow): void {
      db.insert(dailyPlans)
        .values(row)
        .onConflictDoUpdate({
          target: [dailyPlans.userId, dailyPlans.day],
          set: { content: row.content, items: row.items, source: row.source, generatedAt: row.generatedAt, generationCount: row.generationCount },
        })
        .run();
    },

    addUsage(userId: string, day: string, usage: { inputTokens: number; outputTokens: number }): void {
      db.insert(aiUsage)
        .values({ userId, day, requests: 1, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens })
        .onConflictDoUpdate({
          target: [aiUsage.userId, aiUsage.day],
          set: {
            requests: sql`${aiUsage.requests} + 1`,
            inputTokens: sql`${aiUsage.inputTokens} + ${usage.inputTokens}`,
            outputTokens: sql`${aiUsage.outputTokens} + ${usage.outputTokens}`,
          },
        })
        .run();
    },
    usageFor(userId: string, day: string) {
      return db.select().from(aiUsage).where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day))).get();
    },

    insertJournalEntry(row: JournalEntryRow): void {
      db.insert(journalEntries).values(row).run();
    },
    recentJournalEntries(userId: string, limit: number): JournalEntryRow[] {
      return db.select().from(journalEntries).where(eq(journalEntries.userId, userId)).orderBy(desc(journalEntries.createdAt)).limit(limit).all();
    },

    findJournalEntry(id: string): JournalEntryRow | undefined {
      return db.select().from(journalEntries).where(eq(journalEntries.id, id)).get();
    },
    deleteJournalEntry(userId: string, id: string): boolean {
      return db.delete(journalEntries).where(and(eq(journalEntries.id, id), eq(journalEntries.userId, userId))).run().changes > 0;
    },

    findEvaluation(assessmentId: string) {
      return db.select().from(assessmentEvaluations).where(eq(assessmentEvaluations.assessmentId, assessmentId)).get();
    },
    saveEvaluation(row: typeof assessmentEvaluations.$inferInsert): void {
      db.insert(assessmentEvaluations).values(row).onConflictDoNothing().run();
    },
  };
}
