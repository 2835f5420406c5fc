import nodemailer, { type Transporter } from 'nodemailer';
import type { OutboxRow } from '@ascenso/db/schema/admin';
import type { Deps } from '../../deps';
import type { RenderedEmail } from './templates';

export type Mailer = {
  transport: 'smtp' | 'outbox';
  /**
   * Sends (or stores in the dev outbox); never inside a database transaction; retried on failure.
   * `secret` (a reset link) is sent, but the copy kept in the outbox has it replaced when the mail goes
   * out by SMTP: admins can read the outbox, and must not be able to use someone's link. In the dev
   * outbox the stored copy is the only delivery, so it stays whole.
   */
  send(message: RenderedEmail & { to: string; template: string; userId?: string | null; secret?: string }): Promise<OutboxRow>;
  verify(): Promise<{ ok: boolean; transport: 'smtp' | 'outbox'; detail?: string }>;
  /**
   * Resolves once every send in progress has finished (sent, stored or failed): mails sent after an answer
   * (the welcome mail of a registration) are awaited through it by tests.
   */
  idle(): Promise<void>;
};

export type MailerOptions = {
  smtpUrl?: string | undefined;
  from?: string | undefined;
  attempts?: number;
  backoffMs?: number;
};

/** What the outbox keeps in place of a secret sent by SMTP. */
export const SECRET_PLACEHOLDER = '[enlace privado, no guardado]';

export function createMailer(deps: Pick<Deps, 'repos' | 'clock' | 'logger'>, options: MailerOptions): Mailer {
  const from = options.from ?? 'Ascenso <no-reply@ascenso.local>';
  const attempts = options.attempts ?? 3;
  const backoff = options.backoffMs ?? 250;
  const smtp: Transporter | null = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const inFlight = new Set<Promise<unknown>>();

  async function send(message: Parameters<Mailer['send']>[0]): Promise<OutboxRow> {
    const kept = (text: string) => (smtp && message.secret ? text.split(message.secret).join(SECRET_PLACEHOLDER) : text);
    const row: OutboxRow = {
      id: crypto.randomUUID(),
      userId: message.userId ?? null,
      to: message.to,
      subject: message.subject,
      template: message.template,
      html: kept(message.html),
      text: kept(message.text),
      transport: smtp ? 'smtp' : 'outbox',
      status: smtp ? 'failed' : 'stored',
      attempts: 0,
      error: null,
      messageId: null,
      createdAt: deps.clock(),
    };
    await deps.repos.admin.insertOutbox(row);
    if (!smtp) return row;

    let lastError = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      try {
        const info = await smtp.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          html: message.html,
          text: message.text,
        });
        const sent = { status: 'sent' as const, attempts: attempt, messageId: info.messageId ?? null, error: null };
        await deps.repos.admin.updateOutbox(row.id, sent);
        return { ...row, ...sent };
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
        deps.logger.warn('mail send failed', { attempt, to: message.to, error: lastError });
        if (attempt < attempts) await new Promise((resolve) => setTimeout(resolve, backoff * 2 ** (attempt - 1)));
      }
    }
    const failed = { status: 'failed' as const, attempts, error: lastError };
    await deps.repos.admin.updateOutbox(row.id, failed);
    deps.logger.error('mail not sent', { to: message.to, template: message.template, error: lastError });
    return { ...row, ...failed };
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',

    send(message) {
      // Registered before its first await, so a caller that has started a send sees it in idle().
      const sending = send(message);
      inFlight.add(sending);
      void sending.then(
        () => inFlight.delete(sending),
        () => inFlight.delete(sending),
      );
      return sending;
    },

    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },

    async verify() {
      if (!smtp) return { ok: true, transport: 'outbox' };
      try {
        await smtp.verify();
        return { ok: true, transport: 'smtp' };
      } catch (error) {
        return { ok: false, transport: 'smtp', detail: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
