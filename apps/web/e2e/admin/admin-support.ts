import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { completeAssessmentViaApi } from '../support/assessment';
import { uniqueEmail } from '../support/auth';
import { verifyEmailViaOutbox } from '../support/email-verification';
import { APP_ORIGIN, completeViaApi } from '../support/steps';

export const ADMIN = { email: 'admin@ascenso.local', password: 'Ascenso-admin-2026', firstName: 'Admin' } as const;
export const MEMBER_PASSWORD = 'Un paseo largo por la sierra';

export interface Member {
  id: string;
  email: string;
  firstName: string;
  password: string;
}

/** Signs the page's context in through the documented REST path (shares the session cookie). */
export async function loginViaApi(page: Page, credentials: { email: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/auth/login', { data: credentials, headers: { Origin: APP_ORIGIN } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * A fresh user with a completed assessment (the whole route table available), signed in on `page`; the
 * address confirmed through the welcome mail unless `verified: false`.
 */
export async function freshMember(page: Page, firstName: string, prefix = 'perfil', { verified = true }: { verified?: boolean } = {}): Promise<Member> {
  const email = uniqueEmail(prefix);
  const response = await page.request.post('/api/auth/register', {
    data: { email, password: MEMBER_PASSWORD, firstName, lastName: 'Prueba' },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status()).toBe(201);
  const user = (await response.json()) as { id: string };
  if (verified) await verifyEmailViaOutbox(email);
  await completeAssessmentViaApi(page);
  return { id: user.id, email, firstName, password: MEMBER_PASSWORD };
}

/** Does the activity for real on the server, then POST /api/activity-log with the page's session (see completeViaApi). */
export async function completeFromPage(page: Page, activityKey: string): Promise<{ stepsEarned: number; limitReached: boolean; dailyLimit: number }> {
  return completeViaApi(page.request, activityKey);
}

/** axe, WCAG 2.1 A/AA, no serious or critical violation (the shared helper; `exclude` as there). */
export async function expectNoSeriousViolations(page: Page, testInfo: TestInfo, name: string, exclude: string[] = []): Promise<void> {
  await expectNoSeriousA11yViolations(page, testInfo, name, { exclude });
}
