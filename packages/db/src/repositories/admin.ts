import { and, count, countDistinct, desc, eq, gte, like, lte, or, sql, sum } from 'drizzle-orm';
import { activities, activityCompletions, stepTotals } from '../schema/activities';
import { adminMailAudit, catalogueAudit, coachNotes, outbox, stepAdjustments, type CoachNoteRow, type OutboxRow } from '../schema/admin';
import { assessments } from '../schema/assessments';
import { aiUsage } from '../schema/coaching';
import { sessions } from '../schema/sessions';
import { users } from '../schema/users';
import type { AdminRepository } from '../store';
import * as k from './kit';
import type { Synchronous } from './synchronous';

/** Notes, audit, adjustments, outbox, and the read models of the admin screens. No rules here. */
export function createAdminRepository(db: k.Exec): Synchronous<AdminRepository> {
  const notesOfUser = k.statement(db, 'admin_notes_of_user', (x) =>
    x
      .select()
      .from(coachNotes)
      .where(eq(coachNotes.userId, sql.placeholder('userId')))
      .orderBy(desc(coachNotes.createdAt)),
  );
  return {
    listNotes(userId: string): CoachNoteRow[] {
      return k.rows(notesOfUser(db), { userId });
    },
    insertNote(row: CoachNoteRow): void {
      k.run(db.insert(coachNotes).values(row));
    },
    updateNote(userId: string, id: string, text: string, at: Date): boolean {
      return (
        k.changes(
          db
            .update(coachNotes)
            .set({ text, updatedAt: at })
            .where(k.ownRow(coachNotes, userId, id)),
        ) > 0
      );
    },
    deleteNote(userId: string, id: string): boolean {
      return k.changes(db.delete(coachNotes).where(k.ownRow(coachNotes, userId, id))) > 0;
    },

    updateActivity(key: string, values: { name: string; baseSteps: number; multiplier: number; dailyLimit: number }, at: Date): void {
      k.run(
        db
          .update(activities)
          .set({ ...values, updatedAt: at })
          .where(eq(activities.key, key)),
      );
    },
    insertAudit(row: typeof catalogueAudit.$inferInsert): void {
      k.run(db.insert(catalogueAudit).values(row));
    },
    listAudit(limit: number) {
      return k.rows(db.select().from(catalogueAudit).orderBy(desc(catalogueAudit.at)).limit(limit));
    },
    insertMailAudit(row: typeof adminMailAudit.$inferInsert): void {
      k.run(db.insert(adminMailAudit).values(row));
    },
    listMailAudit(limit: number) {
      const rows = k.rows(
        db
          .select({ audit: adminMailAudit, userEmail: users.email, userFirstName: users.firstName })
          .from(adminMailAudit)
          .innerJoin(users, eq(users.id, adminMailAudit.userId))
          .orderBy(desc(adminMailAudit.at))
          .limit(limit),
      );
      return rows.map((r) => ({ ...r.audit, userEmail: r.userEmail, userFirstName: r.userFirstName }));
    },

    insertAdjustment(row: typeof stepAdjustments.$inferInsert): void {
      k.run(db.insert(stepAdjustments).values(row));
    },
    listAdjustments(userId: string) {
      return k.rows(db.select().from(stepAdjustments).where(eq(stepAdjustments.userId, userId)).orderBy(desc(stepAdjustments.at)));
    },
    adjustmentsForDay(userId: string, day: string): number {
      return (
        k.first(
          db
            .select({ n: sum(stepAdjustments.steps).mapWith(Number) })
            .from(stepAdjustments)
            .where(and(eq(stepAdjustments.userId, userId), eq(stepAdjustments.day, day))),
        )?.n ?? 0
      );
    },
    adjustmentsByDay(userId: string, from: string, to: string): Array<{ day: string; steps: number }> {
      return k.rows(
        db
          .select({ day: stepAdjustments.day, steps: sum(stepAdjustments.steps).mapWith(Number) })
          .from(stepAdjustments)
          .where(and(eq(stepAdjustments.userId, userId), gte(stepAdjustments.day, from), lte(stepAdjustments.day, to)))
          .groupBy(stepAdjustments.day),
      );
    },
    addToTotal(userId: string, steps: number): void {
      k.run(
        db
          .insert(stepTotals)
          .values({ userId, totalSteps: steps })
          .onConflictDoUpdate({
            target: stepTotals.userId,
            set: { totalSteps: sql`${stepTotals.totalSteps} + excluded.total_steps` },
          }),
      );
    },

    insertOutbox(row: OutboxRow): void {
      k.run(db.insert(outbox).values(row));
    },
    updateOutbox(id: string, patch: Partial<OutboxRow>): void {
      k.run(db.update(outbox).set(patch).where(eq(outbox.id, id)));
    },
    listOutbox(limit: number): OutboxRow[] {
      return k.rows(db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit));
    },

    searchUsers(query: string, limit: number) {
      const q = `%${query.trim().toLowerCase()}%`;
      return k.rows(
        db
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
          .limit(limit),
      );
    },
    userCount(): number {
      return k.first(db.select({ n: count() }).from(users))?.n ?? 0;
    },
    /** Users with a completion or a verified session since `since`. */
    activeUserCount(since: Date): number {
      const completed = k.rows(
        db.selectDistinct({ id: activityCompletions.userId }).from(activityCompletions).where(gte(activityCompletions.completedAt, since)),
      );
      const signedIn = k.rows(db.selectDistinct({ id: sessions.userId }).from(sessions).where(gte(sessions.lastVerifiedAt, since)));
      return new Set([...completed, ...signedIn].map((r) => r.id)).size;
    },
    assessedUserCount(): number {
      return k.first(db.select({ n: countDistinct(assessments.userId) }).from(assessments))?.n ?? 0;
    },
    completionsByDay(sinceDay: string) {
      return k.rows(
        db
          .select({ day: activityCompletions.day, activityKey: activityCompletions.activityKey, completions: count() })
          .from(activityCompletions)
          .where(gte(activityCompletions.day, sinceDay))
          .groupBy(activityCompletions.day, activityCompletions.activityKey)
          .orderBy(activityCompletions.day),
      );
    },
    usageByDay(sinceDay: string) {
      return k.rows(
        db
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
          .orderBy(aiUsage.day),
      );
    },
  };
}
