import { FIRST_SCREEN_QUERIES } from '@ascenso/domain/bootstrap';
import { expect, test } from '@playwright/test';
import { conversationList, signUpCoachee } from '../support/coaching';

// A member's Home is rendered by the server (apps/api/src/http/home-renderer.ts, the web build's
// src/prerender/home-render-worker.ts) and hydrated by the app (src/main.tsx, React's hydrateRoot),
// decision 021. The page carries the answers to Home's queries, so hydration asks the server for nothing.
test.describe('Home rendered on the server and hydrated', () => {
  test('arrives complete in the HTML, with emotion’s styles in <head>, the bootstrap, and no modulepreloads', async ({ page }) => {
    await signUpCoachee(page, 'Olivia');
    const html = await (await page.request.get('/')).text();
    // (React separates adjacent texts with an empty comment: "Hola, <!-- -->Olivia".)
    const root = /<div id="root" data-page="server">([\s\S]*)<\/div>\s*<\/body>/.exec(html)?.[1]?.replace(/<!-- -->/g, '');
    expect(root, 'a server-rendered root').toBeTruthy();
    expect(root).toContain('Hola, Olivia');
    expect(root).toContain('Audio Ascenso de hoy');
    expect(root).toContain('Actividades de bienestar');
    expect(root).not.toContain('<style');
    expect(root).not.toContain('<script');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style data-emotion="css [^"]+">/);
    expect(head).toContain('<script id="ascenso-bootstrap" type="application/json">');
    expect(html).not.toContain('rel="modulepreload"');
  });

  test('the app hydrates the same elements without errors, asks for none of the first screen’s queries, and Home works', async ({ page }) => {
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
    // Remember the server's heading before any script of the page runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __serverHeading?: Element | null }).__serverHeading = document.querySelector('h1');
      });
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Olivia' })).toBeVisible();
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
    // Hydrated, not replaced: the heading is the very element the server sent.
    expect(
      await page.evaluate(() => {
        const marked = (window as unknown as { __serverHeading?: Element | null }).__serverHeading;
        return marked !== null && marked !== undefined && marked === document.querySelector('h1');
      }),
    ).toBe(true);
    const firstScreen: string[] = [...FIRST_SCREEN_QUERIES.everyone, ...FIRST_SCREEN_QUERIES.signedIn, ...FIRST_SCREEN_QUERIES.home];
    // (A new member's plan is being written when Home opens: the plan card asks for it again until it
    // is there, after the first screen; that is the generation, not a missing bootstrap answer.)
    expect(asked.filter((path) => firstScreen.includes(path) && path !== 'dailyPlan.today')).toEqual([]);
    // Home works: the message box sends to the coach.
    await page.getByRole('textbox', { name: 'Tu mensaje para tu coach' }).fill('Quiero preparar mejor mis reuniones');
    await page.getByRole('button', { name: 'Enviar' }).click();
    // The chat opens with the message sent and keeps its conversation's id in the address (`?c=`, set as soon
    // as the conversation exists: asserting the bare path first raced that on a loaded machine).
    await expect(page).toHaveURL(/\/coaching\/chat\?c=[\w-]+$/);
    await expect(conversationList(page).getByRole('listitem').first()).toContainText('Quiero preparar mejor mis reuniones');
    expect(problems).toEqual([]);
  });
});
