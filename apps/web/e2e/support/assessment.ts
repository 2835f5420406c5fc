import { ASSESSMENT_SECTIONS, ASSESSMENT_VERSION, type PartialResponses } from '@ascenso/domain/assessment';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { expect, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './auth';
import { verifyEmailViaOutbox } from './email-verification';
// The server's allowed Origin: every non-GET request must carry it (browsers do).
import { APP_ORIGIN } from './ports';

/** Steps the server awards once a day for completing the assessment (`assessment_completed`). */
export const ASSESSMENT_STEPS = 1000;

export { COMPLETE_RESPONSES };

/**
 * Registers a fresh user through the API with the page's request context, so the page shares the
 * new session cookie. The user has no assessment yet: every path shows the wizard. The address is
 * confirmed through the welcome mail (no banner), unless `verified: false`.
 */
export async function registerFreshUser(
  page: Page,
  firstName: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const response = await page.request.post('/api/auth/register', {
    data: { email: uniqueEmail('evaluacion'), password: 'Un paseo largo por la sierra', firstName },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status()).toBe(201);
  const user = (await response.json()) as { id: string; email: string };
  if (verified) await verifyEmailViaOutbox(user.email);
  return user;
}

/**
 * Completes the assessment for the page's signed-in user through the documented REST path, so the
 * full app (Home and the rest of the route table) is available. The server awards
 * `assessment_completed` (ASSESSMENT_STEPS pasos, once a day).
 */
export async function completeAssessmentViaApi(page: Page, responses: PartialResponses = COMPLETE_RESPONSES): Promise<void> {
  const response = await page.request.post('/api/assessment/complete', {
    data: { responses, version: ASSESSMENT_VERSION },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Stores wizard progress through the documented REST path (what the autosave sends). */
export async function saveProgressViaApi(
  page: Page,
  progress: { currentSection: number; responses: PartialResponses; completedSections: number[] },
): Promise<void> {
  const response = await page.request.post('/api/assessment/progress', {
    data: progress,
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
}

export function wizardIntroHeading(page: Page): Locator {
  return page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' });
}

export { ASSESSMENT_SECTIONS };
