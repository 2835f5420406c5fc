import { and, count, countDistinct, desc, eq, gte, like, or, sql, sum } from 'drizzle-orm';
import type { AdminRepository } from '../../store';
import { activities, activityCompletions, stepTotals } from '../schema/activities';
import { adminMailAudit, catalogueAudit, coachNotes, outbox, stepAdjustments } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { aiUsage } from '../schema/coaching';
import { sessions } from '../schema/sessions';
import { users } from '../schema/users';
import { deleteOwnRow, updateOwnRow, type PgExec } from './exec';

/** Notes, audit, adjustments, outbox, and the admin screens' read models on PostgreSQL. No rules here. */
export function createPgAdminRepository(db: PgExec): AdminRepository {
  return {
    async listNotes(userId) {
      return db.select().from(coachNotes).where(eq(coachNotes.userId, userId)).orderBy(desc(coachNotes.createdAt));
    },
    async insertNote(row) {
      await db.insert(coachNotes).values(row);
    },
    async updateNote(userId, id, text, at) {
      return updateOwnRow(db, coachNotes, userId, id, { text, updatedAt: at });
    },
    async deleteNote(userId, id) {
      return deleteOwnRow(db, coachNotes, userId, id);
    },
    async updateActivity(key, values, at) {
      await db
        .update(activities)
        .set({ ...values, updatedAt: at })
        .where(eq(activities.key, key));
    },
    async insertAudit(row) {
      await db.insert(catalogueAudit).values(row);
    },
    async listAudit(limit) {
      return db.select().from(catalogueAudit).orderBy(desc(catalogueAudit.at)).limit(limit);
    },
    async insertMailAudit(row) {
      await db.insert(adminMailAudit).values(row);
    },
    async listMailAudit(limit) {
      const rows = await db
        .select({ audit: adminMailAudit, userEmail: users.email, userFirstName: users.firstName })
        .from(adminMailAudit)
        .innerJoin(users, eq(users.id, adminMailAudit.userId))
        .orderBy(desc(adminMailAudit.at))
        .limit(limit);
      return rows.map((r) => ({ ...r.audit, userEmail: r.userEmail, userFirstName: r.userFirstName }));
    },
    async insertAdjustment(row) {
      await db.insert(stepAdjustments).values(row);
    },
    async listAdjustments(userId) {
      return db.select().from(stepAdjustments).where(eq(stepAdjustments.userId, userId)).orderBy(desc(stepAdjustments.at));
    },
    async adjustmentsForDay(userId, day) {
      const [row] = await db
        .select({ n: sum(stepAdjustments.steps).mapWith(Number) })
        .from(stepAdjustments)
        .where(and(eq(stepAdjustments.userId, userId), eq(stepAdjustments.day, day)));
      return row?.n ?? 0;
    },
    async addToTotal(userId, steps) {
      await db
        .insert(stepTotals)
        .values({ userId, totalSteps: steps })
        .onConflictDoUpdate({ target: stepTotals.userId, set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` } });
    },
    async insertOutbox(row) {
      await db.insert(outbox).values(row);
    },
    async updateOutbox(id, patch) {
      await db.update(outbox).set(patch).where(eq(outbox.id, id));
    },
    async listOutbox(limit) {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    },
    async searchUsers(query, limit) {
      const q = `%${query.trim().toLowerCase()}%`;
      return db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          role: users.role,
          createdAt: users.createdAt,
          totalSteps: stepTotals.totalSteps,
        })
        .from(users)
        .leftJoin(stepTotals, eq(stepTotals.userId, users.id))
        .where(
          query.trim()
            ? or(like(sql`lower(${users.email})`, q), like(sql`lower(${users.firstName})`, q), like(sql`lower(coalesce(${users.lastName}, ''))`, q))
            : undefined,
        )
        .orderBy(desc(users.createdAt))
        .limit(limit);
    },
    async userCount() {
      return (await db.select({ n: count() }).from(users))[0]?.n ?? 0;
    },
    async activeUserCount(since) {
      const [completed, signedIn] = await Promise.all([
        db.selectDistinct({ id: activityCompletions.userId }).from(activityCompletions).where(gte(activityCompletions.completedAt, since)),
        db.selectDistinct({ id: sessions.userId }).from(sessions).where(gte(sessions.lastVerifiedAt, since)),
      ]);
      return new Set([...completed, ...signedIn].map((r) => r.id)).size;
    },
    async assessedUserCount() {
      return (await db.select({ n: countDistinct(assessments.userId) }).from(assessments))[0]?.n ?? 0;
    },
    async completionsByDay(sinceDay) {
      return db
        .select({ day: activityCompletions.day, activityKey: activityCompletions.activityKey, completions: count() })
        .from(activityCompletions)
        .where(gte(activityCompletions.day, sinceDay))
        .groupBy(activityCompletions.day, activityCompletions.activityKey)
        .orderBy(activityCompletions.day);
    },
    async usageByDay(sinceDay) {
      return db
        .select({
          day: aiUsage.day,
          requests: sum(aiUsage.requests).mapWith(Number),
          inputTokens: sum(aiUsage.inputTokens).mapWith(Number),
          outputTokens: sum(aiUsage.outputTokens).mapWith(Number),
          errors: sum(aiUsage.errors).mapWith(Number),
          planFallbacks: sum(aiUsage.planFallbacks).mapWith(Number),
        })
        .from(aiUsage)
        .where(gte(aiUsage.day, sinceDay))
        .groupBy(aiUsage.day)
        .orderBy(aiUsage.day);
    },
  };
}
