import { expect, request, type APIRequestContext } from '@playwright/test';
import { APP_ORIGIN } from './ports';

/**
 * The welcome mail's confirmation link, read from the dev outbox as an admin would (admin.outbox; no SMTP in
 * the e2e servers, so the stored copy is the delivery). Share links and the calendar feed need a confirmed
 * address, so the registration helpers confirm it this way unless a spec wants an unconfirmed one.
 */

/** The seeded administrator (outside production the server seeds the demo accounts). */
const OUTBOX_READER = { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026' } as const;

type OutboxMail = { to: string; template: string; text: string; createdAt: string };
export type VerificationTemplate = 'welcome' | 'email-verification';

/** One signed-in admin context per server origin and worker, signed in again when its session has ended. */
const readers = new Map<string, Promise<APIRequestContext>>();

async function signedInReader(origin: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL: origin });
  const answer = await context.post('/api/auth/login', { data: OUTBOX_READER, headers: { Origin: origin } });
  expect(answer.status(), await answer.text()).toBe(200);
  return context;
}

function reader(origin: string): Promise<APIRequestContext> {
  let found = readers.get(origin);
  if (!found) {
    found = signedInReader(origin);
    readers.set(origin, found);
    // A failed sign-in is not kept: the next call tries again.
    found.catch(() => readers.delete(origin));
  }
  return found;
}

async function outbox(origin: string): Promise<OutboxMail[]> {
  for (let attempt = 0; ; attempt += 1) {
    const context = await reader(origin);
    const answer = await context.get('/api/trpc/admin.outbox');
    if (answer.status() === 401 && attempt === 0) {
      // Another spec ended the admin's sessions (sign out everywhere): sign in again.
      readers.delete(origin);
      await context.dispose();
      continue;
    }
    expect(answer.status(), await answer.text()).toBe(200);
    return ((await answer.json()) as { result: { data: { json: OutboxMail[] } } }).result.data.json;
  }
}

/**
 * The path (`/verificar/{token}`) of the newest confirmation link mailed to `email` with `template`, once
 * `count` such mails are in the outbox (the mail is sent just after the answer).
 */
export async function mailedVerificationPath(
  email: string,
  { template = 'welcome', count = 1, origin = APP_ORIGIN }: { template?: VerificationTemplate; count?: number; origin?: string } = {},
): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        // Newest first.
        const ours = (await outbox(origin)).filter((mail) => mail.to === email && mail.template === template);
        link = /https?:\/\/[^\s]+\/verificar\/[A-Za-z0-9_-]{43}/.exec(ours[0]?.text ?? '')?.[0] ?? '';
        return ours.length;
      },
      { timeout: 10_000, message: `${count} ${template} mail(s) to ${email} in the outbox` },
    )
    .toBe(count);
  return new URL(link).pathname;
}

/** Confirms `email` through its welcome mail's link (POST /api/auth/verify-email, as the page does). */
export async function verifyEmailViaOutbox(email: string, origin = APP_ORIGIN): Promise<void> {
  const path = await mailedVerificationPath(email, { origin });
  const token = path.slice('/verificar/'.length);
  const context = await reader(origin);
  const answer = await context.post('/api/auth/verify-email', { data: { token }, headers: { Origin: origin } });
  expect(answer.status(), await answer.text()).toBe(200);
}
