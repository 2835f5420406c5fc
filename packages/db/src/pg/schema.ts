// @generated from src/schema.ts — edit that file, then run pnpm db:generate
import { activities, activityCompletions, idempotencyKeys, stepEvidence, stepTotals } from './schema/activities';
import { adminMailAudit, catalogueAudit, coachNotes, outbox, stepAdjustments } from './schema/admin';
import { assessmentProgress, assessments } from './schema/assessments';
import { authFailures } from './schema/auth-failures';
import { calendarFeeds } from './schema/calendar';
import { events } from './schema/events';
import { audioListens, practiceSessions } from './schema/listens';
import { aiUsage, assessmentEvaluations, commitments, conversations, dailyPlans, journalEntries, messages } from './schema/coaching';
import { devices, emailVerifications, passwordResets, sessions } from './schema/sessions';
import { shares, shareViews } from './schema/shares';
import { users } from './schema/users';

/** Every table, for drizzle's client, under the same keys on both dialects. Add new tables here. */
export const schema = {
  users,
  sessions,
  devices,
  passwordResets,
  emailVerifications,
  authFailures,
  activities,
  activityCompletions,
  stepTotals,
  idempotencyKeys,
  stepEvidence,
  assessments,
  assessmentProgress,
  conversations,
  messages,
  commitments,
  dailyPlans,
  aiUsage,
  journalEntries,
  assessmentEvaluations,
  audioListens,
  practiceSessions,
  coachNotes,
  catalogueAudit,
  adminMailAudit,
  stepAdjustments,
  outbox,
  events,
  calendarFeeds,
  shares,
  shareViews,
};
