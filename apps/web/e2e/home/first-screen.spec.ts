import { FIRST_SCREEN_QUERIES } from '@ascenso/domain/bootstrap';
import { expect, test } from '@playwright/test';
import { signUpCoachee } from '../support/coaching';

// Home is rendered in the browser (docs/decisions/021-home-rendered-in-the-browser.md). The page
// arrives with the answers to Home's queries (`<script id="ascenso-bootstrap">`) and modulepreloads
// for Home's chunks, so the first render is the page itself, with the member's data, and asks the
// server for nothing.
test.describe('Home rendered in the browser', () => {
  test('the page carries the bootstrap and Home’s chunks preloaded; no markup from the server', async ({ page }) => {
    await signUpCoachee(page, 'Olivia');
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script id="ascenso-bootstrap" type="application/json">');
    expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/home-page-[^"]+\.js">/);
  });

  test('shows the member’s data on its first render, with no request for the first screen’s queries and no error', async ({ page }) => {
    await signUpCoachee(page, 'Olivia');
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/trpc\/([^?]+)/.exec(request.url());
      if (match?.[1]) asked.push(...decodeURIComponent(match[1]).split(','));
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Olivia' })).toBeVisible();
    await expect(page.getByText('Audio Ascenso de hoy')).toBeVisible();
    await expect(page.getByText('Actividades de bienestar')).toBeVisible();
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
    const firstScreen: string[] = [...FIRST_SCREEN_QUERIES.everyone, ...FIRST_SCREEN_QUERIES.signedIn, ...FIRST_SCREEN_QUERIES.home];
    expect(asked.filter((path) => firstScreen.includes(path))).toEqual([]);
    // Home works: the message box sends to the coach.
    await page.getByRole('textbox', { name: 'Tu mensaje para tu coach' }).fill('Quiero preparar mejor mis reuniones');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(/\/coaching\/chat$/);
    expect(problems).toEqual([]);
  });
});
