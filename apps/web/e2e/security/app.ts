import { ASSESSMENT_VERSION } from '@ascenso/domain/assessment';
import { COMPLETE_RESPONSES } from '@ascenso/domain/assessment.fixtures';
import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { SECURITY_ORIGIN } from './xss-harness';

/** Every non-GET request must carry the server's Origin (browsers do). */
const HEADERS = { Origin: SECURITY_ORIGIN };

export const PASSWORD = 'Un paseo largo por la sierra';

/** Registers through the API with the page's request context (the page shares the session cookie). */
export async function registerViaApi(page: Page, firstName: string): Promise<{ id: string; email: string }> {
  const response = await page.request.post('/api/auth/register', {
    data: { email: uniqueEmail('xss'), password: PASSWORD, firstName },
    headers: HEADERS,
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; email: string };
}

export async function completeAssessmentViaApi(page: Page): Promise<void> {
  const response = await page.request.post('/api/assessment/complete', {
    data: { responses: COMPLETE_RESPONSES, version: ASSESSMENT_VERSION },
    headers: HEADERS,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A fresh user with a completed assessment (the whole app is available), signed in on `page`. */
export async function signUpCoachee(page: Page, firstName = 'Xenia'): Promise<{ id: string; email: string }> {
  const user = await registerViaApi(page, firstName);
  await completeAssessmentViaApi(page);
  return user;
}

/** A tRPC mutation over plain HTTP (superjson envelope) with the page's session. */
export async function trpcMutation<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: { json: input }, headers: HEADERS });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { result: { data: { json: T } } };
  return body.result.data.json;
}

/** Runs `task` over `items`, `width` at a time (the server is one process on one SQLite file). */
export async function inBatches<T, R>(items: readonly T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += width) {
    results.push(...(await Promise.all(items.slice(start, start + width).map((item, offset) => task(item, start + offset)))));
  }
  return results;
}

export const CONVERSATION = 'ol[aria-label="Conversación con tu coach"]';

/** The chat composer's accessible name. */
export const CHAT_BOX = 'Escribe tu mensaje para tu coach';

/** Sends `text` from the chat composer, once it is enabled (the model's previous answer has ended). */
export async function say(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: CHAT_BOX });
  await expect(box).toBeEnabled({ timeout: 20_000 });
  await box.fill(text);
  await box.press('Enter');
}
