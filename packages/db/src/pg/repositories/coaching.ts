import { and, asc, count, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { CoachingRepository } from '../../store';
import { aiUsage, assessmentEvaluations, commitments, conversations, dailyPlans, journalEntries, messages } from '../schema/coaching';
import { deleteOwnRow, updateOwnRow, type PgExec } from './exec';

/** A model call added to the day's AI usage row (the upsert's update half). */
const ADD_USAGE = {
  requests: sql`${aiUsage.requests} + 1`,
  inputTokens: sql`${aiUsage.inputTokens} + excluded.input_tokens`,
  outputTokens: sql`${aiUsage.outputTokens} + excluded.output_tokens`,
};

/** Conversations, messages, commitments, daily plans, AI usage and journal entries on PostgreSQL. No rules here. */
export function createPgCoachingRepository(db: PgExec): CoachingRepository {
  return {
    async insertConversation(row) {
      await db.insert(conversations).values(row);
    },
    async findConversation(id) {
      return (await db.select().from(conversations).where(eq(conversations.id, id)))[0];
    },
    async listConversations(userId, kind, limit) {
      const where = kind ? and(eq(conversations.userId, userId), eq(conversations.kind, kind)) : eq(conversations.userId, userId);
      return db.select().from(conversations).where(where).orderBy(desc(conversations.updatedAt)).limit(limit);
    },
    async touchConversation(id, updatedAt, stage) {
      await db.update(conversations).set({ updatedAt, stage }).where(eq(conversations.id, id));
    },
    async updateConversation(id, patch) {
      await db.update(conversations).set(patch).where(eq(conversations.id, id));
    },

    async insertMessage(row) {
      await db.insert(messages).values(row);
    },
    async findMessage(id) {
      return (await db.select().from(messages).where(eq(messages.id, id)))[0];
    },
    async listMessages(conversationId) {
      return db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.createdAt), asc(messages.role));
    },
    async findReply(userMessageId) {
      return (await db.select().from(messages).where(eq(messages.replyTo, userMessageId)))[0];
    },
    async deleteReply(userMessageId) {
      await db.delete(messages).where(eq(messages.replyTo, userMessageId));
    },
    async lastMessageAt(conversationId) {
      return (
        await db.select({ at: messages.createdAt }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.createdAt)).limit(1)
      )[0]?.at;
    },
    async recentCrises(userId, since) {
      const at = sql<Date>`max(${messages.createdAt})`.mapWith(messages.createdAt);
      return db
        .select({ conversationId: conversations.id, at, categories: conversations.safetyCategory })
        .from(conversations)
        .innerJoin(messages, eq(messages.conversationId, conversations.id))
        .where(and(eq(conversations.userId, userId), eq(messages.flagged, true), eq(messages.role, 'user'), gte(messages.createdAt, since)))
        .groupBy(conversations.id)
        .orderBy(desc(at));
    },
    async countUserMessages(conversationId) {
      return (
        (
          await db
            .select({ n: count() })
            .from(messages)
            .where(and(eq(messages.conversationId, conversationId), eq(messages.role, 'user')))
        )[0]?.n ?? 0
      );
    },

    async insertCommitments(rows) {
      if (rows.length) await db.insert(commitments).values(rows);
    },
    async listCommitments(userId, status) {
      const where = status ? and(eq(commitments.userId, userId), eq(commitments.status, status)) : eq(commitments.userId, userId);
      return db.select().from(commitments).where(where).orderBy(desc(commitments.createdAt));
    },
    async listConversationCommitments(conversationId) {
      return db.select().from(commitments).where(eq(commitments.conversationId, conversationId)).orderBy(asc(commitments.createdAt));
    },
    async setCommitmentStatus(userId, id, status, at) {
      return updateOwnRow(db, commitments, userId, id, { status, closedAt: status === 'open' ? null : at });
    },
    async updateCommitmentText(userId, id, text) {
      return updateOwnRow(db, commitments, userId, id, { text });
    },
    async deleteCommitment(userId, id) {
      return deleteOwnRow(db, commitments, userId, id);
    },
    async listPlans(userId) {
      return db.select().from(dailyPlans).where(eq(dailyPlans.userId, userId)).orderBy(desc(dailyPlans.day));
    },
    async listUsage(userId) {
      return db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(desc(aiUsage.day));
    },

    async findPlan(userId, day) {
      return (
        await db
          .select()
          .from(dailyPlans)
          .where(and(eq(dailyPlans.userId, userId), eq(dailyPlans.day, day)))
      )[0];
    },
    async upsertPlan(row) {
      await db
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
        });
    },

    async addUsage(userId, day, usage) {
      await db
        .insert(aiUsage)
        .values({ userId, day, requests: 1, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens })
        .onConflictDoUpdate({ target: [aiUsage.userId, aiUsage.day], set: ADD_USAGE });
    },
    async addFailedUsage(userId, day, usage, planFallback = false) {
      await db
        .insert(aiUsage)
        .values({ userId, day, requests: 1, inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, errors: 1, planFallbacks: planFallback ? 1 : 0 })
        .onConflictDoUpdate({
          target: [aiUsage.userId, aiUsage.day],
          set: { ...ADD_USAGE, errors: sql`${aiUsage.errors} + 1`, planFallbacks: sql`${aiUsage.planFallbacks} + excluded.plan_fallbacks` },
        });
    },
    async setCoachSnapshot(conversationId, snapshot) {
      await db
        .update(conversations)
        .set({ coachSnapshot: snapshot })
        .where(and(eq(conversations.id, conversationId), isNull(conversations.coachSnapshot)));
      return (await db.select({ s: conversations.coachSnapshot }).from(conversations).where(eq(conversations.id, conversationId)))[0]?.s ?? snapshot;
    },
    async usageFor(userId, day) {
      return (
        await db
          .select()
          .from(aiUsage)
          .where(and(eq(aiUsage.userId, userId), eq(aiUsage.day, day)))
      )[0];
    },

    async insertJournalEntry(row) {
      await db.insert(journalEntries).values(row);
    },
    async recentJournalEntries(userId, limit) {
      return db.select().from(journalEntries).where(eq(journalEntries.userId, userId)).orderBy(desc(journalEntries.createdAt)).limit(limit);
    },
    async journalEntriesBetween(userId, from, to) {
      return db
        .select()
        .from(journalEntries)
        .where(and(eq(journalEntries.userId, userId), gte(journalEntries.createdAt, from), lt(journalEntries.createdAt, to)))
        .orderBy(asc(journalEntries.createdAt));
    },
    async findJournalEntry(id) {
      return (await db.select().from(journalEntries).where(eq(journalEntries.id, id)))[0];
    },
    async deleteJournalEntry(userId, id) {
      return deleteOwnRow(db, journalEntries, userId, id);
    },

    async findEvaluation(assessmentId) {
      return (await db.select().from(assessmentEvaluations).where(eq(assessmentEvaluations.assessmentId, assessmentId)))[0];
    },
    async saveEvaluation(row) {
      await db.insert(assessmentEvaluations).values(row).onConflictDoNothing();
    },
  };
}
