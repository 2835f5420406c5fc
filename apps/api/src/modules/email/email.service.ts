import { EMAIL_VERIFICATION_MESSAGES } from '@ascenso/domain/email-verification';
import { DomainError } from '@ascenso/domain/errors';
import type { Deps } from '../../deps';
import { PASSWORD_RESET_VALID_MINUTES } from '../auth/password-reset';
import { buildCoachContext, recordUsage } from '../coaching/coach-context';
import { EMAIL_VERIFICATION_VALID_HOURS } from '../auth/email-verification';
import { emailVerificationEmail, passwordResetEmail, weeklySummaryEmail, welcomeEmail, type RenderedEmail, type TemplateName } from './templates';

/** A template rendered with the admin's own name and sample figures (the e-mail test page). */
export function renderSample(deps: Deps, template: TemplateName, firstName: string): RenderedEmail {
  const url = deps.config.publicOrigin;
  // A sample confirmation link: its shape, with a token no verification has (the page says it is not valid).
  const verification = { link: `${url}/verificar/enlace-de-ejemplo`, validHours: EMAIL_VERIFICATION_VALID_HOURS };
  if (template === 'welcome') return welcomeEmail({ firstName, ...verification }, url);
  if (template === 'email-verification') return emailVerificationEmail({ firstName, ...verification }, url);
  if (template === 'password-reset') {
    // A sample: the link's shape, with a token no reset has (the page says the link is not valid).
    return passwordResetEmail({ firstName, link: `${url}/restablecer/enlace-de-ejemplo`, validMinutes: PASSWORD_RESET_VALID_MINUTES }, url);
  }
  return weeklySummaryEmail(
    {
      firstName,
      weekSteps: 2450,
      totalSteps: 18_300,
      activeDays: 5,
      highlights: ['3 audios del día', '2 sesiones de respiración', '1 sesión completa con tu coach'],
      commitments: ['Delegar el informe semanal'],
      message: 'Ha sido una semana constante: cinco días activos. Sigue así.',
    },
    url,
  );
}

export async function sendTemplate(deps: Deps, input: { template: TemplateName; to: string; firstName: string }) {
  const rendered = renderSample(deps, input.template, input.firstName);
  const row = await deps.mailer.send({ ...rendered, to: input.to, template: input.template });
  return { id: row.id, status: row.status, transport: row.transport, error: row.error, subject: row.subject };
}

/** The coach writes the chosen user's weekly summary (their own data), rendered as an e-mail. */
export async function previewWeeklySummary(deps: Deps, userId: string, signal?: AbortSignal) {
  const user = await deps.repos.users.findById(userId);
  if (!user) throw new DomainError('NOT_FOUND', 'Usuario no encontrado');
  const context = await buildCoachContext(deps, user);
  const summary = await deps.coach.weeklySummary(context, signal);
  if (summary.source === 'ai') await recordUsage(deps, deps.repos, user, summary.usage);
  const weekSteps = context.ledger.reduce((sum, d) => sum + d.steps, 0);
  const rendered = weeklySummaryEmail(
    {
      firstName: user.firstName,
      weekSteps,
      totalSteps: await deps.repos.steps.total(user.id),
      activeDays: context.ledger.filter((d) => Object.keys(d.activities).length > 0).length,
      highlights: summary.highlights,
      commitments: context.openCommitments.map((c) => c.text),
      message: summary.message,
    },
    deps.config.publicOrigin,
  );
  return { user: { id: user.id, email: user.email, firstName: user.firstName }, source: summary.source, ...rendered };
}

export async function sendWeeklySummary(deps: Deps, input: { userId: string; adminId: string; adminEmail: string }, signal?: AbortSignal) {
  // Mail on a person's behalf goes only to an address they confirmed (it could be someone else's otherwise).
  const recipient = await deps.repos.users.findById(input.userId);
  if (recipient && !recipient.emailVerifiedAt) throw new DomainError('FORBIDDEN', EMAIL_VERIFICATION_MESSAGES.recipientUnverified);
  const preview = await previewWeeklySummary(deps, input.userId, signal);
  deps.logger.info('admin sent a weekly summary', { adminId: input.adminId, userId: preview.user.id });
  const row = await deps.mailer.send({
    subject: preview.subject,
    html: preview.html,
    text: preview.text,
    // Only to the person's own address (admin.aiEmailSend takes no recipient).
    to: preview.user.email,
    template: 'weekly-summary',
    userId: preview.user.id,
  });
  // The audit log of mails sent on someone's behalf: who, to whom, which, and how it went.
  await deps.repos.admin.insertMailAudit({
    id: crypto.randomUUID(),
    adminId: input.adminId,
    adminEmail: input.adminEmail,
    userId: preview.user.id,
    template: 'weekly-summary',
    outboxId: row.id,
    status: row.status,
    at: deps.clock(),
  });
  return { id: row.id, status: row.status, transport: row.transport, error: row.error, subject: row.subject };
}
