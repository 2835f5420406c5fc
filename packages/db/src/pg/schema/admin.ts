// @generated from src/schema/admin.ts — edit that file, then run pnpm db:generate
import { at, index, int, json, table, text } from './kit';
import { idColumn, ownerColumn, users } from './users';

/** Facts the user tells the coach to keep in mind ("Lo que tu coach sabe de ti"). */
export const coachNotes = table(
  'coach_notes',
  {
    id: idColumn(),
    userId: ownerColumn(),
    text: text('text').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [index('coach_notes_user_idx').on(t.userId, t.createdAt)],
);

/** Every admin change to the activity catalogue: who, when, before and after. */
export const catalogueAudit = table(
  'catalogue_audit',
  {
    id: idColumn(),
    activityKey: text('activity_key').notNull(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    before: json('before').notNull().$type<Record<string, unknown>>(),
    after: json('after').notNull().$type<Record<string, unknown>>(),
    at: at('at').notNull(),
  },
  (t) => [index('catalogue_audit_at_idx').on(t.at)],
);

/**
 * Every mail an admin sends on a person's behalf (their weekly summary, only ever to their own address):
 * who sent it, to whom, which mail and how it went. Deleted with the person's account.
 */
export const adminMailAudit = table(
  'admin_mail_audit',
  {
    id: idColumn(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    adminEmail: text('admin_email').notNull(),
    userId: ownerColumn(),
    template: text('template').notNull(),
    outboxId: text('outbox_id').notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('admin_mail_audit_at_idx').on(t.at)],
);

/** Manual step adjustments by an admin, with the reason (they move the user's total). */
export const stepAdjustments = table(
  'step_adjustments',
  {
    id: idColumn(),
    userId: ownerColumn(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    steps: int('steps').notNull(),
    reason: text('reason').notNull(),
    day: text('day').notNull(),
    at: at('at').notNull(),
  },
  (t) => [index('step_adjustments_user_idx').on(t.userId, t.at)],
);

/** Mail: the dev outbox when no SMTP is configured, and the record of every send attempt. */
export const outbox = table(
  'outbox',
  {
    id: idColumn(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    transport: text('transport', { enum: ['smtp', 'outbox'] }).notNull(),
    status: text('status', { enum: ['stored', 'sent', 'failed'] }).notNull(),
    attempts: int('attempts').notNull(),
    error: text('error'),
    messageId: text('message_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('outbox_created_idx').on(t.createdAt)],
);

export type CoachNoteRow = typeof coachNotes.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
