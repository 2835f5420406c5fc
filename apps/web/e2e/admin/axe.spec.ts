import { expect, test } from '@playwright/test';
import { DEMO_USER } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { ADMIN, loginViaApi } from './admin-support';

/** The e-mail preview itself: a `sandbox=""` iframe, where axe cannot run (see expectNoSeriousA11yViolations). */
const EMAIL_FRAME = ['iframe[sandbox]'];

test.describe('administración: accesibilidad (axe, WCAG 2.1 A/AA)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the "No tienes permiso" screen', async ({ page }, testInfo) => {
    await loginViaApi(page, DEMO_USER);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'No tienes permiso' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'forbidden');
  });

  test('/admin and /admin/steps (with a person chosen)', async ({ page }, testInfo) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/admin');
    await expect(page.getByRole('region', { name: 'Estado de los servicios' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Personas encontradas' })).toBeVisible();
    await page
      .getByRole('region', { name: 'Actividades completadas por día' })
      .getByRole('button', { name: 'Ver los datos en una tabla' })
      .click();
    await expectNoSeriousA11yViolations(page, testInfo, 'admin');

    await page.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('demo@ascenso');
    await expect(page.getByRole('list', { name: 'Personas encontradas' }).getByRole('link')).toHaveCount(1);
    await page.getByRole('list', { name: 'Personas encontradas' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pasos y catálogo' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Movimientos de pasos' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Actividades del catálogo' }).getByRole('listitem')).toHaveCount(12);
    await expectNoSeriousA11yViolations(page, testInfo, 'admin-steps');
  });

  test('/email-test and /ai-email-test (with a preview)', async ({ page }, testInfo) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/email-test');
    await expect(page.getByTestId('email-subject')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'email-test', { exclude: EMAIL_FRAME });

    await page.goto('/ai-email-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Correo del coach' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'ai-email-test');
    await page.getByRole('searchbox', { name: 'Buscar una persona' }).fill('demo@ascenso');
    await page.getByRole('button', { name: /demo@ascenso\.local/ }).click();
    await page.getByRole('button', { name: 'Generar la vista previa' }).click();
    await expect(page.getByTestId('email-subject')).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, testInfo, 'ai-email-test-preview', { exclude: EMAIL_FRAME });
  });
});
