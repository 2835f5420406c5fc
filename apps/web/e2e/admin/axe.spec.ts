import { expect, test } from '@playwright/test';
import { DEMO_USER } from '../support/auth';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { reachScreen } from '../a11y/screens';
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
    // The rows of the axe table (../a11y/screens.ts) get there and check what must be on screen.
    await reachScreen(page, '/admin', 'admin', 'panel con la tabla de datos');
    await expectNoSeriousA11yViolations(page, testInfo, 'admin');

    await reachScreen(page, '/admin/steps', 'admin', 'con una persona elegida');
    await expect(page.getByRole('list', { name: 'Actividades del catálogo' }).getByRole('listitem')).toHaveCount(12);
    await expectNoSeriousA11yViolations(page, testInfo, 'admin-steps');
  });

  test('/email-test and /ai-email-test (with a preview)', async ({ page }, testInfo) => {
    await loginViaApi(page, ADMIN);
    await reachScreen(page, '/email-test', 'admin', 'plantilla con vista previa');
    await expectNoSeriousA11yViolations(page, testInfo, 'email-test', { exclude: EMAIL_FRAME });

    await page.goto('/ai-email-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Correo del coach' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'ai-email-test');
    await reachScreen(page, '/ai-email-test', 'admin', 'con la vista previa del coach');
    await expectNoSeriousA11yViolations(page, testInfo, 'ai-email-test-preview', { exclude: EMAIL_FRAME });
  });
});
