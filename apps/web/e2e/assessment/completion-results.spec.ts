import { expect, test } from '@playwright/test';
import { COMPLETE_RESPONSES, registerFreshUser, saveProgressViaApi } from '../support/assessment';

/** Spec §9: «¡Felicidades!» leads Home after 6 seconds. */
const COMPLETION_REDIRECT_MS = 6_000;

/**
 * «¡Felicidades!» (spec §4) leads Home after 6 s; its «Ver tus resultados» leads to the results at
 * once, and the countdown then leads nowhere.
 */
test.describe('evaluación: de «¡Felicidades!» a los resultados', () => {
  test('completed in the browser, «Ver tus resultados» before the countdown ends shows the results, and they stay', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreshUser(page, 'Irene');
    // Every section answered but the wizard not submitted: the last step, ready to complete.
    await saveProgressViaApi(page, { currentSection: 9, responses: COMPLETE_RESPONSES, completedSections: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    await page.goto('/');
    await expect(page.getByText('Paso 9 de 9')).toBeVisible();
    await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0, { timeout: 10_000 });

    await page.getByRole('button', { name: '¡Completar Evaluación!' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeFocused({ timeout: 10_000 });
    const congratulatedAt = Date.now();
    // The refreshed assessment status (which opens the full route table) is held back until well past
    // the countdown: only then could a countdown that still ran take the person Home instead.
    let releaseStatus!: () => void;
    const statusHeld = new Promise<void>((resolve) => (releaseStatus = resolve));
    await page.route(/\/api\/trpc\/[^?]*assessment\.status/, async (route) => {
      await statusHeld;
      await route.continue();
    });

    // The spec's screen is unchanged: the way home first, then the way to the results.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Ir al inicio ahora' })).toBeFocused();
    await page.keyboard.press('Tab');
    const toResults = page.getByRole('link', { name: 'Ver tus resultados' });
    await expect(toResults).toBeFocused();
    await expect(toResults).toHaveAttribute('href', '/assessment/results');
    await page.keyboard.press('Enter');
    expect(Date.now() - congratulatedAt, 'pressed before the countdown ended').toBeLessThan(COMPLETION_REDIRECT_MS);
    await expect(page).toHaveURL(/\/assessment\/results$/);

    // Well past the countdown: still there (the countdown no longer navigates).
    const left = COMPLETION_REDIRECT_MS + 1_500 - (Date.now() - congratulatedAt);
    if (left > 0) await page.waitForTimeout(left);
    await expect(page).toHaveURL(/\/assessment\/results$/);
    releaseStatus();

    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible({ timeout: 10_000 });
    const heading = page.getByRole('heading', { level: 1, name: 'Tu perfil' });
    // Focus is not lost: the results' heading has it.
    await expect(heading).toBeFocused();
    await expect(page).toHaveURL(/\/assessment\/results$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toHaveCount(0);
    await page.unroute(/\/api\/trpc\/[^?]*assessment\.status/);

    // Home, by the wordmark.
    await page.getByRole('banner').getByRole('link', { name: 'Ascenso' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    // The results were opened: Home does not say they are ready.
    await expect(page.getByText('Ya están listos los resultados de tu evaluación.')).toHaveCount(0);
  });

  test('without pressing anything, the countdown still leads Home, where the results are one step away', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreshUser(page, 'Irene');
    await saveProgressViaApi(page, { currentSection: 9, responses: COMPLETE_RESPONSES, completedSections: [1, 2, 3, 4, 5, 6, 7, 8, 9] });
    await page.goto('/');
    await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0, { timeout: 10_000 });
    await page.getByRole('button', { name: '¡Completar Evaluación!' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeVisible({ timeout: 10_000 });
    // Whether the line about the results is there when Home's heading first is (it must not pop in later).
    await page.evaluate(() => {
      const w = window as unknown as { __lineWithHome?: boolean | null };
      w.__lineWithHome = null;
      new MutationObserver(() => {
        if (w.__lineWithHome !== null) return;
        if ([...document.querySelectorAll('h1')].some((h) => h.textContent?.startsWith('Hola,'))) {
          w.__lineWithHome = document.body.textContent?.includes('Ya están listos los resultados de tu evaluación.') ?? false;
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible({ timeout: COMPLETION_REDIRECT_MS + 5_000 });
    expect(await page.evaluate(() => (window as unknown as { __lineWithHome?: boolean | null }).__lineWithHome)).toBe(true);
    await expect(page).toHaveURL(/\/$/);
    const line = page.getByTestId('resultados-listos');
    await expect(line).toContainText('Ya están listos los resultados de tu evaluación.');
    await line.getByRole('link', { name: 'Ver tus resultados' }).click();
    await expect(page).toHaveURL(/\/assessment\/results$/);
    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible();
  });
});
