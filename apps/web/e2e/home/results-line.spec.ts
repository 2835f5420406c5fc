import { expect, test, type Page } from '@playwright/test';
import { freshMember } from '../admin/admin-support';
import { APP_ORIGIN } from '../support/ports';

/**
 * Home's line after the assessment («Ya están listos los resultados de tu evaluación»): shown until the
 * results have been opened once, then never again: after a reload, on another device, and in the very
 * HTML the server sends (Home is rendered on the server from the same answer, so it never flashes).
 */

const LINE = 'Ya están listos los resultados de tu evaluación.';

/**
 * The HTML the server sends for `/`, with Home rendered in it (decision 021). A render that takes too
 * long is sent without markup (the browser renders it then), so under load this asks again.
 */
async function serverHome(page: Page): Promise<string> {
  let html = '';
  await expect
    .poll(
      async () => {
        html = await (await page.request.get('/')).text();
        return html.includes('data-page="server"');
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return html;
}

test.describe('Home: «tus resultados están listos»', () => {
  test('shows until the results page has been opened, then never again (reload, server render, another device)', async ({ page, browser }) => {
    const member = await freshMember(page, 'Irene', 'resultados');

    // Before: on Home, in the server's HTML, and still after a reload (nothing was opened yet).
    expect(await serverHome(page)).toContain(LINE);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    const line = page.getByTestId('resultados-listos');
    await expect(line).toContainText(LINE);
    await page.reload();
    await expect(line).toContainText(LINE);
    // The line is the server's markup from the first byte; a click before hydration would load the next
    // page anew (no in-app navigation, so no focus moved to its heading).
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);

    // Opened from the line (and recorded on the server).
    const recorded = page.waitForResponse((response) => response.url().includes('assessment.markResultsOpened'));
    await line.getByRole('link', { name: 'Ver tus resultados' }).click();
    await expect(page).toHaveURL(/\/assessment\/results$/);
    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeFocused();
    expect((await recorded).ok()).toBe(true);

    // Back Home in the same tab: gone at once.
    await page.getByRole('banner').getByRole('link', { name: 'Ascenso' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    await expect(page.getByText(LINE)).toHaveCount(0);

    // After a reload: neither in the server's HTML nor on screen at any moment.
    expect(await serverHome(page)).not.toContain(LINE);
    await page.addInitScript((text) => {
      // Watches from the first byte on: the line must never be in the document.
      const seen = () => document.body?.textContent?.includes(text) ?? false;
      (window as unknown as { __lineSeen?: boolean }).__lineSeen = false;
      new MutationObserver(() => {
        if (seen()) (window as unknown as { __lineSeen?: boolean }).__lineSeen = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    }, LINE);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
    await expect(page.getByText(LINE)).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __lineSeen?: boolean }).__lineSeen)).toBe(false);

    // Another device (a new browser context, signed in anew): not shown there either.
    const other = await browser.newContext();
    try {
      const phone = await other.newPage();
      const login = await phone.request.post('/api/auth/login', { data: { email: member.email, password: member.password }, headers: { Origin: APP_ORIGIN } });
      expect(login.status()).toBe(200);
      await phone.goto('/');
      await expect(phone.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
      await expect(phone.getByText(LINE)).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('opening the results from the header menu counts too', async ({ page }) => {
    await freshMember(page, 'Irene', 'resultados');
    await page.goto('/');
    await expect(page.getByTestId('resultados-listos')).toContainText(LINE);
    const button = page.getByRole('banner').getByRole('button', { name: 'Menú de Irene' });
    await expect(button).toHaveAttribute('data-menu-ready', '');
    // The opening is recorded on the server (before the page is left: a reload at once could cut it short).
    const recorded = page.waitForResponse((response) => response.url().includes('assessment.markResultsOpened'));
    await button.click();
    await page.getByRole('menu', { name: 'Menú de Irene' }).getByRole('menuitem', { name: 'Tu evaluación' }).click();
    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible();
    expect((await recorded).ok()).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    await expect(page.getByText(LINE)).toHaveCount(0);
  });

  test('the demo account, whose results were read long ago, never sees it', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', {
      data: { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026' },
      headers: { Origin: APP_ORIGIN },
    });
    expect(login.status()).toBe(200);
    expect(await serverHome(page)).not.toContain(LINE);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
    await expect(page.getByText(LINE)).toHaveCount(0);
  });
});
