import { expect, test, type Locator, type Page } from '@playwright/test';
import { completeAssessmentViaApi, registerFreshUser, wizardIntroHeading } from '../support/assessment';
import { DEMO_USER, loginForm, submitLogin } from '../support/auth';
import { PORTS } from '../support/ports';
import { stepCounter } from '../support/steps';

/** The first-hour review: what a new user meets in their first hour. */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

async function signedInMember(page: Page, firstName: string): Promise<void> {
  await registerFreshUser(page, firstName);
  await completeAssessmentViaApi(page);
}

test.describe('la primera hora', () => {
  test('a signed-out deep link to /profile shows sign-in, then returns to /profile', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/acceso\?next=%2Fprofile$/);
    await expect(loginForm(page)).toBeVisible();
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
  });

  test('an unknown path stays a 404 for a visitor (no sign-in detour)', async ({ page }) => {
    await page.goto('/no-existe-esta-pagina');
    await expect(page).toHaveURL(/\/no-existe-esta-pagina$/);
    await expect(page.getByRole('heading', { level: 1, name: /404/ })).toBeVisible();
  });

  test('from an address the server does not allow, signing in says so (not "No hemos podido conectar")', async ({ page }) => {
    // The e2e server allows only http://localhost:<its port>; the same server at 127.0.0.1 is a foreign Origin.
    await page.goto(`http://127.0.0.1:${PORTS.app}/acceso`);
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    const alert = loginForm(page).getByRole('alert');
    await expect(alert).toContainText('Esta página se ha abierto desde una dirección no permitida');
    await expect(alert).not.toContainText('No hemos podido conectar');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 700, height: 900 },
  ]) {
    test(`"Cancelar y Regresar" sits inside the "Retomar Evaluación" dialog at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signedInMember(page, 'Tomás');
      await page.goto('/assessment');
      const dialog = page.getByRole('alertdialog', { name: 'Retomar Evaluación' });
      await expect(dialog).toBeVisible();
      const dialogBox = await box(dialog);
      for (const name of ['Cancelar y Regresar', 'Continuar con Nueva Evaluación']) {
        const button = dialog.getByRole('button', { name });
        await expect(button).toBeVisible();
        expect(inside(await box(button), dialogBox), name).toBe(true);
      }
    });
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`the "Sección incompleta" toast leaves the save indicator visible at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await registerFreshUser(page, 'Nora');
      await page.goto('/evaluacion');
      await expect(wizardIntroHeading(page)).toBeVisible();
      await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
      const role = page.getByRole('textbox', { name: '¿Cuál es tu puesto?' });
      await expect(role).toBeVisible({ timeout: 5_000 });
      await role.fill('Jefa de proyecto');
      const indicator = page.getByTestId('wizard-header').getByRole('status');
      await expect(indicator).toHaveText('Guardado', { timeout: 5_000 });

      await page.getByRole('button', { name: 'Siguiente' }).click({ force: true });
      const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'Sección incompleta' });
      await expect(toast).toBeVisible();
      // Let its entry animation settle before measuring.
      await expect(async () => {
        const first = await box(toast);
        await page.waitForTimeout(150);
        expect(await box(toast)).toEqual(first);
      }).toPass({ timeout: 5_000 });
      expect(overlaps(await box(toast), await box(indicator))).toBe(false);
      await expect(indicator).toBeVisible();
    });
  }

  test('a slow first screen shows the "Cargando..." spinner, then the page', async ({ page }) => {
    await signedInMember(page, 'Iván');
    await page.route(/\/assets\/breathing-list-page-[^/]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    await page.goto('/breathing', { waitUntil: 'commit' });
    const spinner = page.getByRole('status').filter({ hasText: 'Cargando...' });
    await expect(spinner).toBeVisible({ timeout: 2_000 });
    await expect(page.getByRole('heading', { level: 1, name: /Respiración/ })).toBeVisible({ timeout: 10_000 });
    await expect(spinner).toHaveCount(0);
  });

  test('"5,5 respiraciones por minuto" appears once on the breathing screens', async ({ page }) => {
    await signedInMember(page, 'Elena');
    for (const [path, loaded] of [
      ['/breathing', page.getByRole('heading', { level: 2, name: 'Coherente' })],
      ['/breathing/coherente', page.getByRole('heading', { level: 2, name: 'Qué dice la evidencia' })],
    ] as const) {
      await page.goto(path);
      await expect(loaded).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text.split('5,5 respiraciones por minuto').length - 1, path).toBe(1);
    }
  });

  for (const path of ['/', '/profile', '/breathing']) {
    test(`on a phone the step counter covers no button or link at the end of ${path}, nor a toast`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signedInMember(page, 'Marta');
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const counter = stepCounter(page);
      await expect(counter).toBeVisible();
      await page.waitForLoadState('networkidle');
      // The very end of the page (once its height has settled), then one pixel back up: the counter
      // shows again, over the page's end.
      await expect(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(200);
        expect(await page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight - 1)).toBe(true);
      }).toPass({ timeout: 5_000 });
      await page.mouse.wheel(0, -1);
      await expect(counter).toHaveAttribute('data-shown', 'true');
      await page.waitForTimeout(300); // its slide-in transition (220 ms)
      const counterBox = await box(counter);
      const covered = await page.evaluate((c) => {
        const hits: string[] = [];
        for (const el of document.querySelectorAll<HTMLElement>('main a, main button, main input, main textarea, main [role="button"]')) {
          const r = el.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          if (r.left < c.x + c.width && c.x < r.right && r.top < c.y + c.height && c.y < r.bottom) hits.push(el.textContent?.trim() || el.tagName);
        }
        return hits;
      }, counterBox);
      expect(covered).toEqual([]);

      // A toast (the app shell's notice when signing out fails) and the counter never overlap.
      await page.route('**/api/trpc/auth.logout**', (route) => route.fulfill({ status: 503, contentType: 'text/plain', body: 'no disponible' }));
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // On a phone a member signs out from the header's menu (the header has no room for its own button).
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menú de Marta' });
      await expect(menuButton).toHaveAttribute('data-menu-ready', '');
      await menuButton.click();
      await page.getByRole('menu', { name: 'Menú de Marta' }).getByRole('menuitem', { name: 'Cerrar sesión' }).click();
      const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'No hemos podido cerrar la sesión' });
      await expect(toast).toBeVisible();
      expect(overlaps(await box(toast), await box(counter))).toBe(false);
    });
  }
});
