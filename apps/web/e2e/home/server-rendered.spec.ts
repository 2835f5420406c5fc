import { expect, test, type Page } from '@playwright/test';
import { signUpCoachee } from '../support/coaching';

// Home for a member is rendered by the server (apps/api/src/http/home-renderer.ts) and hydrated by the
// app (src/main.tsx): the page is complete before any JavaScript runs, and the app takes over the same
// elements instead of drawing them again.
test.describe('Home rendered on the server', () => {
  test('arrives complete in the HTML, its styles last in <head>, no script, and no modulepreloads', async ({
    page,
  }) => {
    await signUpCoachee(page, 'Olivia');
    const response = await page.request.get('/');
    const html = await response.text();
    // (React separates adjacent texts with an empty comment: "Hola, <!-- -->Olivia".)
    const root = /<div id="root" data-page="server">([\s\S]*)<\/div>\s*<\/body>/
      .exec(html)?.[1]
      ?.replace(/<!-- -->/g, '');
    expect(root, 'a server-rendered root').toBeTruthy();
    expect(root).toContain('Hola, Olivia');
    expect(root).toContain('Audio Ascenso de hoy');
    expect(root).toContain('Actividades de bienestar');
    // The styles: the global ones (marked as moved there, data-s) and one with every element's (for the
    // app's own emotion cache), at the very end of <head>; none in the markup.
    const styles =
      /<\/script>((?:<style data-[a-z-]+="[^"]+"(?: data-s="")?>[^<]*<\/style>)+)<\/head>/.exec(html)?.[1] ?? '';
    expect([...styles.matchAll(/<style (data-[a-z-]+)="([^ "]+)/g)].map((m) => `${m[1]}=${m[2]}`)).toEqual([
      'data-emotion=css-global',
      'data-emotion=css-global',
      'data-server-emotion=css',
    ]);
    expect(root).not.toContain('<style');
    expect(root).not.toContain('<script');
    expect(html).not.toContain('rel="modulepreload"');
  });

  test('the app hydrates the same elements without errors, and Home works: the plan appears, the message box sends', async ({
    page,
  }) => {
    await signUpCoachee(page, 'Olivia');
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    // Remember the server's heading and audio card before any script of the page runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const marked = window as unknown as {
          __serverHeading?: Element | null;
          __serverAudio?: Element | null;
          __serverStyles?: Element[];
          __stylesMoved?: string[];
        };
        marked.__serverHeading = document.querySelector('h1');
        marked.__serverAudio = document.querySelector('main section');
        marked.__serverStyles = [...document.querySelectorAll('head style')];
        // Emotion takes the server's styles over where they are: none is taken out of <head> (each move
        // would make the browser restyle the page).
        marked.__stylesMoved = [];
        new MutationObserver((records) => {
          for (const record of records)
            for (const node of record.removedNodes)
              if (node.nodeName === 'STYLE') marked.__stylesMoved?.push((node as Element).outerHTML.slice(0, 60));
        }).observe(document.head, { childList: true });
      });
    });
    await page.goto('/');
    // The plan card's generation needs the app: once the plan shows, the app has taken over.
    await expect(page.getByRole('heading', { name: /Tu plan de hoy/ })).toBeVisible();
    await expect(page.getByTestId('contenido-plan')).toBeVisible({ timeout: 20_000 });
    const same = await page.evaluate(() => {
      const marked = window as unknown as {
        __serverHeading?: Element | null;
        __serverAudio?: Element | null;
        __serverStyles?: Element[];
        __stylesMoved?: string[];
      };
      return {
        heading: marked.__serverHeading !== null && marked.__serverHeading === document.querySelector('h1'),
        audio: marked.__serverAudio !== null && marked.__serverAudio === document.querySelector('main section'),
        // The server's three style elements: the same elements, in <head>, first, never moved.
        serverStyles: (marked.__serverStyles ?? []).filter(
          (style, i) => style.isConnected && document.head.querySelectorAll('style')[i] === style,
        ).length,
        moved: marked.__stylesMoved,
        stylesInRoot: document.querySelectorAll('#root style').length,
      };
    });
    expect(same).toEqual({ heading: true, audio: true, serverStyles: 3, moved: [], stylesInRoot: 0 });
    // The app's chunks were imported with their dependencies preloaded (Vite's links, inserted a few
    // per task after each import: apps/web/build-plugins/defer-preload-links.ts).
    expect(await page.locator('head link[rel="modulepreload"][href*="/assets/home-page-"]').count()).toBe(1);
    expect(await page.locator('head link[rel="modulepreload"]').count()).toBeGreaterThan(20);
    const box = page.getByRole('textbox', { name: 'Tu mensaje para tu coach' });
    await box.fill('Quiero preparar mejor mis reuniones');
    await page.getByRole('button', { name: 'Enviar' }).click();
    await expect(page).toHaveURL(/\/coaching\/chat$/);
    expect(problems).toEqual([]);
  });
});

test.describe('Home before the app has started', () => {
  /** Holds the app's code until `release()`: the page is the server's only, as on a slow phone. */
  async function holdTheApp(page: Page): Promise<() => void> {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/(main|vendor-react|theme)-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('text typed before the app starts is kept and goes to the coach', async ({ page }) => {
    await signUpCoachee(page, 'Olivia');
    const release = await holdTheApp(page);
    await page.goto('/');
    const box = page.getByRole('textbox', { name: 'Tu mensaje para tu coach' });
    await box.fill('Quiero hablar de mi primer mes como directora');
    release();
    // Once the app has started, "Enviar" knows the text.
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeEnabled({ timeout: 20_000 });
    await expect(box).toHaveValue('Quiero hablar de mi primer mes como directora');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/coaching\/chat$/);
    await expect(page.getByText('Quiero hablar de mi primer mes como directora')).toBeVisible();
  });

  test('a click on "Cerrar sesión" before the app starts is carried out once it has', async ({ page }) => {
    await signUpCoachee(page, 'Olivia');
    const release = await holdTheApp(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Olivia' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible({ timeout: 20_000 });
  });
});
