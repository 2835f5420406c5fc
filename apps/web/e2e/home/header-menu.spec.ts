import { expect, test, type Locator, type Page } from '@playwright/test';
import { freshMember } from '../admin/admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';

/**
 * The header's menu: the person's name is a menu button (Chakra's Menu) with «Tu perfil», «Tu
 * evaluación», «Tu semana», «Compartir» and «Cerrar sesión», by keyboard and by mouse.
 */

function menuButton(page: Page, firstName: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `Menú de ${firstName}` });
}

function menu(page: Page, firstName: string): Locator {
  return page.getByRole('menu', { name: `Menú de ${firstName}` });
}

/** Home, with the menu's chunk arrived and the server's markup hydrated (the button works). */
async function openHome(page: Page, firstName: string): Promise<Locator> {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${firstName}` })).toBeVisible();
  const button = menuButton(page, firstName);
  await expect(button).toHaveAttribute('data-menu-ready', '');
  return button;
}

/** Holds the menu's code back (its chunk) until the returned function is called. */
async function holdMenuCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/user-menu-content-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Presses Tab from where focus is until `target` has it (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 10): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  await expect(target, `Tab ×${max} never reached it`).toBeFocused();
}

/** The item Zag highlights (focus stays on the menu, which points at it with aria-activedescendant). */
async function expectHighlighted(page: Page, firstName: string, item: string): Promise<void> {
  const highlighted = menu(page, firstName).locator('[role="menuitem"][data-highlighted]');
  await expect(highlighted).toHaveCount(1);
  await expect(highlighted).toHaveText(item);
}

test.describe('el menú de la cabecera', () => {
  test('a keyboard user tabbing through Home reaches it: Enter, Space and ↓ open it, arrows move, Esc closes and gives focus back', async ({
    page,
  }, testInfo) => {
    await freshMember(page, 'Irene', 'menu');
    const button = await openHome(page, 'Irene');
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    // The visible name is part of the button's name (label in name).
    await expect(button).toContainText('Irene');

    // From the top of the page: the skip link, the wordmark, then the menu button.
    await tabTo(page, button, 4);
    await page.keyboard.press('Enter');
    const opened = menu(page, 'Irene');
    await expect(opened).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(opened.getByRole('menuitem')).toHaveText(['Tu perfil', 'Tu evaluación', 'Tu semana', 'Compartir', 'Cerrar sesión']);
    await expectHighlighted(page, 'Irene', 'Tu perfil');
    await page.keyboard.press('ArrowDown');
    await expectHighlighted(page, 'Irene', 'Tu evaluación');
    await page.keyboard.press('ArrowDown');
    await expectHighlighted(page, 'Irene', 'Tu semana');
    await page.keyboard.press('ArrowUp');
    await expectHighlighted(page, 'Irene', 'Tu evaluación');

    // axe with the menu open (roles, names, contrast of the highlighted item).
    await expectNoSeriousA11yViolations(page, testInfo, 'menú de la cabecera abierto');

    await page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0);
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Space');
    await expect(opened).toBeVisible();
    await expectHighlighted(page, 'Irene', 'Tu perfil');
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(opened).toBeVisible();
    await expectHighlighted(page, 'Irene', 'Tu perfil');
    await page.keyboard.press('Escape');
    await expect(opened).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('by keyboard, each item leads to its screen, and focus goes on to that screen', async ({ page }) => {
    test.setTimeout(60_000);
    await freshMember(page, 'Irene', 'menu');
    const button = await openHome(page, 'Irene');

    /** Opens the menu from the button with Enter, chooses `item` with the arrows and Enter, and lands on `url` in the app. */
    const choose = async (item: string, url: RegExp) => {
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(menu(page, 'Irene')).toBeVisible();
      for (let i = 0; i < 6; i++) {
        const text = await menu(page, 'Irene').locator('[role="menuitem"][data-highlighted]').textContent();
        if (text === item) break;
        await page.keyboard.press('ArrowDown');
      }
      await expectHighlighted(page, 'Irene', item);
      // An in-app navigation: the document (and this mark in it) stays.
      await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
      await page.keyboard.press('Enter');
      await expect(menu(page, 'Irene')).toHaveCount(0);
      await expect(page).toHaveURL(url);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    };

    await choose('Tu perfil', /\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeFocused();

    await choose('Tu evaluación', /\/assessment\/results$/);
    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeFocused();

    await choose('Tu semana', /\/semana$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeFocused();

    // «Compartir»: the profile's sharing card, scrolled into view, its heading focused.
    await choose('Compartir', /\/profile#perfil-compartir$/);
    const sharing = page.getByRole('heading', { level: 2, name: 'Compartir con tu coach o terapeuta' });
    await expect(sharing).toBeFocused();
    await expect(sharing).toBeInViewport();
    // Clear of the sticky header, not under it.
    const header = await page.getByRole('banner').boundingBox();
    const heading = await sharing.boundingBox();
    expect(heading!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

    // From the profile itself, at the top again: «Compartir» scrolls to the card once more.
    await page.evaluate(() => window.scrollTo({ top: 0 }));
    await choose('Compartir', /\/profile#perfil-compartir$/);
    await expect(sharing).toBeFocused();
    await expect(sharing).toBeInViewport();
  });

  test('by mouse: the button opens it, an item leads to its screen, a click outside closes it', async ({ page }) => {
    test.setTimeout(60_000);
    await freshMember(page, 'Irene', 'menu');
    const button = await openHome(page, 'Irene');

    await button.click();
    await expect(menu(page, 'Irene')).toBeVisible();
    await page.getByRole('heading', { level: 1, name: 'Hola, Irene' }).click();
    await expect(menu(page, 'Irene')).toHaveCount(0);

    await button.click();
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Tu semana' }).click();
    await expect(page).toHaveURL(/\/semana$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeVisible();

    await button.click();
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Tu evaluación' }).click();
    await expect(page).toHaveURL(/\/assessment\/results$/);
    await expect(page.getByText('Resultados de tu evaluación', { exact: true })).toBeVisible();

    await button.click();
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Compartir' }).click();
    await expect(page).toHaveURL(/\/profile#perfil-compartir$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Compartir con tu coach o terapeuta' })).toBeInViewport();

    await button.click();
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Tu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
  });

  test('«Cerrar sesión» in the menu signs out like the header button: the landing page, also after a reload', async ({ page }) => {
    await freshMember(page, 'Irene', 'menu');
    const button = await openHome(page, 'Irene');
    await button.click();
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('by keyboard, «Cerrar sesión» signs out too', async ({ page }) => {
    await freshMember(page, 'Irene', 'menu');
    const button = await openHome(page, 'Irene');
    await button.focus();
    // ↑ opens the menu on its last item.
    await page.keyboard.press('ArrowUp');
    await expectHighlighted(page, 'Irene', 'Cerrar sesión');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('pressed before its code has arrived (a screen the browser renders), the menu opens when it arrives: by keyboard', async ({ page }) => {
    await freshMember(page, 'Irene', 'menu');
    const release = await holdMenuCode(page);
    await page.goto('/semana');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeVisible();
    const button = menuButton(page, 'Irene');
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).not.toHaveAttribute('data-menu-ready', '');
    await button.focus();
    await page.keyboard.press('ArrowDown');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(menu(page, 'Irene')).toBeVisible();
    await expect(button).toHaveAttribute('data-menu-ready', '');
    await expectHighlighted(page, 'Irene', 'Tu perfil');
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
  });

  test('pressed before its code has arrived, the menu opens when it arrives: by mouse; focused only, it keeps focus', async ({ page }) => {
    await freshMember(page, 'Irene', 'menu');
    let release = await holdMenuCode(page);
    await page.goto('/semana');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeVisible();
    await menuButton(page, 'Irene').click();
    await expect(menuButton(page, 'Irene')).toHaveAttribute('aria-expanded', 'true');
    release();
    await expect(menu(page, 'Irene')).toBeVisible();
    // Opened by the mouse: no item highlighted until the pointer or the arrows choose one.
    await expect(menu(page, 'Irene').locator('[role="menuitem"][data-highlighted]')).toHaveCount(0);
    await menu(page, 'Irene').getByRole('menuitem', { name: 'Tu perfil' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.unrouteAll();
    release = await holdMenuCode(page);
    await page.goto('/semana');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeVisible();
    await menuButton(page, 'Irene').focus();
    release();
    await expect(menuButton(page, 'Irene')).toHaveAttribute('data-menu-ready', '');
    await expect(menuButton(page, 'Irene')).toBeFocused();
    await expect(menu(page, 'Irene')).toHaveCount(0);
  });

  test('from a 320 px phone up, a long name fits: nothing scrolls sideways, the button and the open menu stay on screen', async ({ page }) => {
    test.setTimeout(60_000);
    await freshMember(page, 'Maximiliana Guadalupe', 'menu');
    for (const width of [320, 390, 480, 600, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      const button = await openHome(page, 'Maximiliana Guadalupe');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
      await expect(button).toBeInViewport({ ratio: 1 });
      // From 480 px the header keeps its own «Cerrar sesión» too; below, it is in the menu.
      const signOut = page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión' });
      if (width >= 480) await expect(signOut).toBeInViewport({ ratio: 1 });
      else await expect(signOut).toBeHidden();
      await button.click();
      const opened = menu(page, 'Maximiliana Guadalupe');
      await expect(opened.getByRole('menuitem', { name: 'Cerrar sesión' })).toBeVisible();
      await expect(opened).toBeInViewport({ ratio: 1 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px, menu open`).toBeLessThanOrEqual(width);
      await page.keyboard.press('Escape');
    }
  });

  test('on Home, rendered on the server, the button is the server’s element, hydrated in place once the menu’s code arrives, without errors', async ({
    page,
  }) => {
    await freshMember(page, 'Irene', 'menu');
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __serverButton?: Element | null }).__serverButton = document.querySelector('header button[aria-haspopup="menu"]');
      });
    });
    const release = await holdMenuCode(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
    const button = menuButton(page, 'Irene');
    await expect(button).not.toHaveAttribute('data-menu-ready', '');
    release();
    await expect(button).toHaveAttribute('data-menu-ready', '');
    expect(
      await page.evaluate(() => {
        const marked = (window as unknown as { __serverButton?: Element | null }).__serverButton;
        return marked !== null && marked !== undefined && marked === document.querySelector('header button[aria-haspopup="menu"]');
      }),
    ).toBe(true);
    await button.click();
    await expect(menu(page, 'Irene')).toBeVisible();
    expect(problems).toEqual([]);
  });
});
