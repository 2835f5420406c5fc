import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { advanceServerClock } from '../support/clock';
import { waitForRealtime } from '../support/steps';
import { advance, signUpWithAssessment } from '../wellbeing/support';

function planCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Tu plan de hoy sugerido' });
}

/** The plan's breathing item (the API renders each item around a link with its area's class). */
function breathingItem(page: Page): Locator {
  return planCard(page)
    .getByRole('listitem')
    .filter({ has: page.locator('a.breathing') });
}

/** The item reads as done: the visible check and "Hecho", and "(hecho)" in its link's accessible name. */
async function expectDone(item: Locator, timeout?: number): Promise<void> {
  await expect(item.getByText('Hecho', { exact: true })).toBeVisible({ timeout });
  await expect(item.getByRole('link', { name: / \(hecho\)$/ })).toHaveCount(1);
}

async function expectUndone(item: Locator): Promise<void> {
  await expect(item).toBeVisible();
  await expect(item.getByText('Hecho', { exact: true })).toHaveCount(0);
  await expect(item.getByRole('link', { name: /hecho/i })).toHaveCount(0);
}

/** Marks the document: the mark survives in-app navigation and is lost on any reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __sinRecarga: boolean }).__sinRecarga = true));
}

async function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga === true);
}

/** The names of the tRPC procedures the page asks for from now on (batched calls split). */
function recordProcedures(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
    if (match?.[1]) asked.push(...decodeURIComponent(match[1]).split(','));
  });
  return asked;
}

test.describe('Tu plan de hoy: hecho', () => {
  test('a breathing session done in the browser marks the plan’s breathing item: live in a tab left on Home, back on Home in the same tab, and in the first render of Home', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    await signUpWithAssessment(page, 'Marta');

    // A second tab stays on Home the whole time (its plan is written by the offline coach on this first visit).
    const onHome = await context.newPage();
    const homeLive = waitForRealtime(onHome);
    await onHome.goto('/');
    await homeLive;
    await expect(planCard(onHome)).toBeVisible({ timeout: 15_000 });
    await expectUndone(breathingItem(onHome));
    await markDocument(onHome);

    // This tab: Home (its page clock faked, for the session), then the plan's own link to the practice.
    const live = waitForRealtime(page);
    await page.clock.install();
    await page.goto('/');
    await live;
    await expectUndone(breathingItem(page));
    // Nothing is done yet (the assessment's own completion carries out no plan item).
    await expect(planCard(page).getByText('Hecho', { exact: true })).toHaveCount(0);
    await markDocument(page);
    await breathingItem(page).getByRole('link').click();
    await expect(page).toHaveURL(/\/breathing$/);
    await page.getByRole('link', { name: 'Empezar Cuadrada' }).click();
    await expect(page).toHaveURL(/\/breathing\/cuadrada$/);
    await page.getByRole('radio', { name: '1 minuto' }).check();
    await page.getByRole('button', { name: 'Empezar', exact: true }).click();
    await expect(page.getByTestId('pacer')).toContainText('Prepárate');
    await advance(page, 3_000);
    await expect(page.getByRole('button', { name: 'Pausar' })).toBeEnabled();
    // The minute really passes on the server (its test clock) as it does on the page's clock.
    await advanceServerClock(62_000);
    const asked = recordProcedures(page);
    await advance(page, 61_000, 2_000);
    await expect(page.getByRole('heading', { name: '¡Bien hecho!' })).toBeVisible();

    // The tab left on Home marks the item by itself, pushed (activities.onCompleted), without a reload.
    const homeItem = breathingItem(onHome);
    await expectDone(homeItem, 5_000);
    expect(await sameDocument(onHome)).toBe(true);
    await expect(planCard(onHome).getByText('Hecho', { exact: true })).toHaveCount(1);

    // Back to Home in this tab (browser history, same document): already marked, from the pushed
    // completion alone (Home's plan is not asked for again).
    await page.goBack();
    await expect(page).toHaveURL(/\/breathing$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Marta' })).toBeVisible();
    await expectDone(breathingItem(page));
    await expect(planCard(page).getByText('Hecho', { exact: true })).toHaveCount(1);
    expect(await sameDocument(page)).toBe(true);
    expect(asked).not.toContain('dailyPlan.today');
    await expectNoSeriousA11yViolations(page, testInfo, 'inicio-plan-hecho');

    // A fresh Home: the server's render already shows it done, and hydration asks for no plan.
    const html = await (await page.request.get('/')).text();
    const root = /<div id="root" data-page="server">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1]?.replace(/<!-- -->/g, '');
    expect(root, 'a server-rendered Home').toBeTruthy();
    expect(root).toMatch(/<li data-done=""[^>]*>[\s\S]*?Hecho[\s\S]*?class="[^"]*\bbreathing\b[^"]*"[\s\S]*? \(hecho\)<\/span><\/a>/);
    const fresh = await context.newPage();
    const problems: string[] = [];
    fresh.on('pageerror', (error) => problems.push(error.message));
    fresh.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const freshAsked = recordProcedures(fresh);
    await fresh.goto('/');
    await expectDone(breathingItem(fresh));
    await expect(fresh.locator('html[data-app-ready]')).toHaveCount(1);
    expect(freshAsked).not.toContain('dailyPlan.today');
    expect(problems).toEqual([]);
  });
});
