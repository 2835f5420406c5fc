import { expect, type Locator, type Page, type Request, type Route, type TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ASSESSMENT_STEPS, completeAssessmentViaApi, registerFreshUser } from '../support/assessment';

/** A fresh user with a completed assessment (the whole app is available), signed in on `page`. */
export async function signUpWithAssessment(page: Page, firstName: string): Promise<{ id: string; email: string }> {
  const user = await registerFreshUser(page, firstName);
  await completeAssessmentViaApi(page);
  return user;
}

/** The one input of a tRPC call sent by the app's batch link (`{"0":{"json":…}}`) or unbatched. */
export function trpcInput<T>(request: Request): T {
  const body = request.postDataJSON() as Record<string, { json: T }> | { json: T };
  return ('0' in body ? body['0'] : (body as { json: T })).json;
}

/** Answers a tRPC call with `data`, as the server would (superjson envelope, batched or not). */
export async function fulfilTrpc(route: Route, data: unknown): Promise<void> {
  const item = { result: { data: { json: data } } };
  const batched = new URL(route.request().url()).searchParams.has('batch');
  await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(batched ? [item] : item) });
}

/** Intercepts one tRPC procedure (only when it is alone in its batch), recording what the app sent. */
export async function interceptTrpc<T>(page: Page, procedure: string, data: unknown): Promise<T[]> {
  const sent: T[] = [];
  await page.route(`**/api/trpc/${procedure}?**`, async (route) => {
    sent.push(trpcInput<T>(route.request()));
    await fulfilTrpc(route, data);
  });
  return sent;
}

/** A realistic `practice.complete` answer (the CompletionResult of the contract). */
export function completionResult(activityKey: string, stepsEarned: number, dailyLimit: number) {
  return {
    success: true,
    activityId: crypto.randomUUID(),
    activityKey,
    stepsEarned,
    totalSteps: 1000 + stepsEarned,
    todayCount: 1,
    dailyLimit,
    limitReached: false,
  };
}

export interface ServerStats {
  totalSteps: number;
  todaySteps: number;
  byActivity: Array<{ activityKey: string; todayCount: number; todaySteps: number; remaining: number }>;
}

/** The server's ledger for the user, through the documented API (GET …/activity-stats). */
export async function serverStats(page: Page, userId: string): Promise<ServerStats> {
  const response = await page.request.get(`/api/activity-log/users/${userId}/activity-stats`);
  if (response.status() !== 200) throw new Error(`activity-stats: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { stats: ServerStats }).stats;
}

/** The day's row of one activity in the server's ledger. */
export async function serverActivity(page: Page, userId: string, activityKey: string) {
  return (await serverStats(page, userId)).byActivity.find((a) => a.activityKey === activityKey);
}

/** The inputs of the `procedure` calls the page sends from now on (the calls go through untouched). */
export function watchTrpcInputs<T>(page: Page, procedure: string): T[] {
  const sent: T[] = [];
  page.on('request', (request) => {
    if (request.url().includes(procedure)) sent.push(trpcInput<T>(request));
  });
  return sent;
}

/** A new member on `path` with the page's clock installed; `sent` records the practice.complete inputs the app sends. */
export async function startTimedPractice(page: Page, firstName: string, path: string) {
  const user = await signUpWithAssessment(page, firstName);
  const sent = watchTrpcInputs<{ practicedSeconds: number }>(page, 'practice.complete');
  await page.clock.install();
  await page.goto(path);
  return { user, sent };
}

/** The step toast of an award (in `toasts`): its steps and the activity's name. */
export async function expectStepToast(toasts: Locator, steps: number, activityName: string): Promise<void> {
  await expect(toasts.getByText(`+${steps} pasos`)).toBeVisible();
  await expect(toasts.getByText(activityName)).toBeVisible();
}

/** The server's ledger after one award of `activityKey`: one completion today, its steps added to the total. */
export async function expectServerAward(page: Page, userId: string, activityKey: string, steps: number): Promise<void> {
  expect(await serverActivity(page, userId, activityKey)).toMatchObject({ todayCount: 1, todaySteps: steps });
  expect((await serverStats(page, userId)).totalSteps).toBe(ASSESSMENT_STEPS + steps);
}

/** axe, WCAG 2.1 A/AA, no serious or critical violation (the shared helper). */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, testInfo, name);
}

/** Starts the breathing practice at /breathing/`id` (real clock): the server has started it once "Pausar" is enabled. */
export async function startBreathing(page: Page, id: string): Promise<void> {
  await page.goto(`/breathing/${id}`);
  await page.getByRole('button', { name: 'Empezar', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeEnabled({ timeout: 10_000 });
}

/**
 * Starts `minutes` (the option's label, e.g. '1 minuto') of the breathing practice at /breathing/`id` on the
 * page's fake clock, installed here: "Prepárate" counts 3-2-1, then the server starts the session.
 */
export async function startBreathingOnFakeClock(page: Page, id: string, minutes: string): Promise<void> {
  await page.clock.install();
  await page.goto(`/breathing/${id}`);
  await page.getByRole('radio', { name: minutes }).check();
  await page.getByRole('button', { name: 'Empezar', exact: true }).click();
  await expect(page.getByTestId('pacer')).toContainText('Prepárate');
  await advance(page, 3_000);
  await expect(page.getByRole('button', { name: 'Pausar' })).toBeEnabled();
}

/** Advances the page's fake clock in steps, letting the app render between them. */
export async function advance(page: Page, ms: number, step = 1000): Promise<void> {
  for (let done = 0; done < ms; done += step) await page.clock.runFor(Math.min(step, ms - done));
}
