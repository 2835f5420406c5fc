import { and, count, countDistinct, desc, eq, gte, like, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../client';
import type { AdminRepository } from '../store';
import type { Synchronous } from './synchronous';
import { deleteOwnRow, selectWhereEquals, updateOwnRow } from './prepared';
import { activities, activityCompletions, stepTotals } from '../schema/activities';
import { adminMailAudit, catalogueAudit, coachNotes, outbox, stepAdjustments, type CoachNoteRow, type OutboxRow } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { aiUsage } from '../schema/coaching';
import { sessions } from '../schema/sessions';
import { users } from '../schema/users';

/** Notes, audit, adjustments, outbox, and the read models of the admin screens. No rules here. */
export function createAdminRepository(db: Db): Synchronous<AdminRepository> {
  const notesOfUser = selectWhereEquals(db, coachNotes, coachNotes.userId, 'userId').orderBy(desc(coachNotes.createdAt)).prepare();
  return {
    listNotes(userId: string): CoachNoteRow[] {
      return notesOfUser.all({ userId });
    },
    insertNote(row: CoachNoteRow): void {
      db.insert(coachNotes).values(row).run();
    },
    updateNote(userId: string, id: string, text: string, at: Date): boolean {
      return updateOwnRow(db, coachNotes, userId, id, { text, updatedAt: at });
    },
    deleteNote(userId: string, id: string): boolean {
      return deleteOwnRow(db, coachNotes, userId, id);
    },

    updateActivity(key: string, values: { name: string; baseSteps: number; multiplier: number; dailyLimit: number }, at: Date): void {
      db.update(activities)
        .set({ ...values, updatedAt: at })
        .where(eq(activities.key, key))
        .run();
    },
    insertAudit(row: typeof catalogueAudit.$inferInsert): void {
      db.insert(catalogueAudit).values(row).run();
    },
    listAudit(limit: number) {
      return db.select().from(catalogueAudit).orderBy(desc(catalogueAudit.at)).limit(limit).all();
    },
    insertMailAudit(row: typeof adminMailAudit.$inferInsert): void {
      db.insert(adminMailAudit).values(row).run();
    },
    listMailAudit(limit: number) {
      return db
        .select({ audit: adminMailAudit, userEmail: users.email, userFirstName: users.firstName })
        .from(adminMailAudit)
        .innerJoin(users, eq(users.id, adminMailAudit.userId))
        .orderBy(desc(adminMailAudit.at))
        .limit(limit)
        .all()
        .map((r) => ({ ...r.audit, userEmail: r.userEmail, userFirstName: r.userFirstName }));
    },

    insertAdjustment(row: typeof stepAdjustments.$inferInsert): void {
      db.insert(stepAdjustments).values(row).run();
    },
    listAdjustments(userId: string) {
      return db.select().from(stepAdjustments).where(eq(stepAdjustments.userId, userId)).orderBy(desc(stepAdjustments.at)).all();
    },
    adjustmentsForDay(userId: string, day: string): number {
      return (
        db
          .select({ n: sum(stepAdjustments.steps).mapWith(Number) })
          .from(stepAdjustments)
          .where(and(eq(stepAdjustments.userId, userId), eq(stepAdjustments.day, day)))
          .get()?.n ?? 0
      );
    },
    addToTotal(userId: string, steps: number): void {
      db.insert(stepTotals)
        .values({ userId, totalSteps: steps })
        .onConflictDoUpdate({
          target: stepTotals.userId,
          set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` },
        })
        .run();
    },

    insertOutbox(row: OutboxRow): void {
      db.insert(outbox).values(row).run();
    },
    updateOutbox(id: string, patch: Partial<OutboxRow>): void {
      db.update(outbox).set(patch).where(eq(outbox.id, id)).run();
    },
    listOutbox(limit: number): OutboxRow[] {
      return db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit).all();
    },

    searchUsers(query: string, limit: number) {
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
        .limit(limit)
        .all();
    },
    userCount(): number {
      return db.select({ n: count() }).from(users).get()?.n ?? 0;
    },
    /** Users with a completion or a verified session since `since`. */
    activeUserCount(since: Date): number {
      const completed = db.selectDistinct({ id: activityCompletions.userId }).from(activityCompletions).where(gte(activityCompletions.completedAt, since));
      const signedIn = db.selectDistinct({ id: sessions.userId }).from(sessions).where(gte(sessions.lastVerifiedAt, since));
      const ids = new Set([...completed.all(), ...signedIn.all()].map((r) => r.id));
      return ids.size;
    },
    assessedUserCount(): number {
      return (
        db
          .select({ n: countDistinct(assessments.userId) })
          .from(assessments)
          .get()?.n ?? 0
      );
    },
    completionsByDay(sinceDay: string) {
      return db
        .select({ day: activityCompletions.day, activityKey: activityCompletions.activityKey, completions: count() })
        .from(activityCompletions)
        .where(gte(activityCompletions.day, sinceDay))
        .groupBy(activityCompletions.day, activityCompletions.activityKey)
        .orderBy(activityCompletions.day)
        .all();
    },
    usageByDay(sinceDay: string) {
      return db
        .select({
          day: aiUsage.day,
          requests: sum(aiUsage.requests).mapWith(Number),
          inputTokens: sum(aiUsage.inputTokens).mapWith(Number),
          outputTokens: sum(aiUsage.outputTokens).mapWith(Number),
          /** Failed model calls (error, timeout, empty or cut answer). */
          errors: sum(aiUsage.errors).mapWith(Number),
          /** Daily plans written offline because the model failed. */
          planFallbacks: sum(aiUsage.planFallbacks).mapWith(Number),
        })
        .from(aiUsage)
        .where(gte(aiUsage.day, sinceDay))
        .groupBy(aiUsage.day)
        .orderBy(aiUsage.day)
        .all();
    },
  };
}
