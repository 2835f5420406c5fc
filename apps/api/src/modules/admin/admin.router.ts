import { ActivityValuesSchema, StepAdjustmentSchema } from '@ascenso/domain/activities';
import { EmailSchema, USER_SEARCH_MAX_LENGTH } from '@ascenso/domain/auth';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/trpc';
import { getActivityStats } from '../activities/activities.service';
import { previewWeeklySummary, renderSample, sendTemplate, sendWeeklySummary } from '../email/email.service';
import { TEMPLATE_NAMES } from '../email/templates';
import { ledger } from '../profile/profile.service';
import { adjustSteps, auditLog, listCatalogue, overview, searchUsers, updateActivity } from './admin.service';

const UserId = z.object({ userId: z.string().min(1).max(64) });
const SendResult = z.object({
  id: z.string(),
  status: z.enum(['stored', 'sent', 'failed']),
  transport: z.enum(['smtp', 'outbox']),
  error: z.string().nullable(),
  subject: z.string(),
});

/** Every procedure here is admin-only (adminProcedure): others get FORBIDDEN, visitors UNAUTHORIZED. */
export const adminRouter = router({
  overview: adminProcedure.query(({ ctx }) => overview(ctx.deps, ctx.auth.user)),
  users: adminProcedure
    .input(z.object({ query: z.string().max(USER_SEARCH_MAX_LENGTH).optional() }).optional())
    .query(({ ctx, input }) => searchUsers(ctx.deps, input?.query ?? '')),
  catalogue: adminProcedure.query(({ ctx }) => listCatalogue(ctx.deps)),
  updateActivity: adminProcedure
    .input(ActivityValuesSchema.extend({ key: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => updateActivity(ctx.deps, ctx.auth.user, input)),
  audit: adminProcedure.query(({ ctx }) => auditLog(ctx.deps)),
  userLedger: adminProcedure.input(UserId).query(async ({ ctx, input }) => ({
    stats: (await getActivityStats(ctx.deps, ctx.auth.user, input.userId)).stats,
    entries: await ledger(ctx.deps, input.userId),
  })),
  adjustSteps: adminProcedure.input(UserId.extend(StepAdjustmentSchema.shape)).mutation(({ ctx, input }) => adjustSteps(ctx.deps, ctx.auth.user, input)),

  emailTemplates: adminProcedure.query(() => [...TEMPLATE_NAMES]),
  emailPreview: adminProcedure
    .input(z.object({ template: z.enum(TEMPLATE_NAMES) }))
    .query(({ ctx, input }) => renderSample(ctx.deps, input.template, ctx.auth.user.firstName)),
  emailSend: adminProcedure
    .input(z.object({ template: z.enum(TEMPLATE_NAMES), to: EmailSchema }))
    .output(SendResult)
    .mutation(({ ctx, input }) => sendTemplate(ctx.deps, { ...input, firstName: ctx.auth.user.firstName })),
  outbox: adminProcedure.query(({ ctx }) => ctx.deps.repos.admin.listOutbox(100)),
  aiEmailPreview: adminProcedure.input(UserId).query(({ ctx, input, signal }) => previewWeeklySummary(ctx.deps, input.userId, signal)),
  /**
   * Sends a person's weekly summary (their own data) to that person's own address only: a recipient of the
   * admin's choosing is refused (unknown key), so nobody's summary can be sent elsewhere.
   */
  aiEmailSend: adminProcedure
    .input(UserId.strict())
    .output(SendResult)
    .mutation(({ ctx, input, signal }) =>
      sendWeeklySummary(ctx.deps, { userId: input.userId, adminId: ctx.auth.user.id, adminEmail: ctx.auth.user.email }, signal),
    ),
  /** The audit log of mails sent on people's behalf (admin.aiEmailSend): the latest 200, newest first. */
  mailAudit: adminProcedure.query(({ ctx }) => ctx.deps.repos.admin.listMailAudit(200)),
});
