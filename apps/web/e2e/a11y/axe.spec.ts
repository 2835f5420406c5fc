import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations as expectNoSeriousViolations } from '../support/axe';
import { DEMO_USER, signIn } from '../support/auth';
import { completeViaApi, registerViaApi, stepCounterLink, stepToasts, waitForRealtime } from '../support/steps';
import { ASSESSMENT_STEPS, completeAssessmentViaApi } from '../support/assessment';

test.describe('accesibilidad (axe, WCAG 2.1 A/AA)', () => {
  // Entrance animations fade content in; measure colours in their final state.
  test.use({ reducedMotion: 'reduce' });

  test('landing page', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'landing');
  });

  test('/acceso: both tabs', async ({ page }, testInfo) => {
    await page.goto('/acceso');
    await expect(page.getByRole('form', { name: 'Iniciar sesión' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'acceso-iniciar-sesion');

    await page.getByRole('tab', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('form', { name: 'Crear cuenta' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'acceso-crear-cuenta');

    // With inline errors showing, too.
    await page.getByRole('form', { name: 'Crear cuenta' }).getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Escribe tu nombre')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'acceso-crear-cuenta-errores');
  });

  test('Home and the 404 page (signed in)', async ({ page }, testInfo) => {
    await signIn(page, DEMO_USER);
    await expectNoSeriousViolations(page, testInfo, 'home');
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'not-found');
  });

  test('/profile (signed in)', async ({ page }, testInfo) => {
    await signIn(page, DEMO_USER);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tu progreso de hoy' }).getByRole('listitem')).toHaveCount(12);
    await expectNoSeriousViolations(page, testInfo, 'profile');
  });

  test('Home with a step toast and the floating counter', async ({ page }, testInfo) => {
    await registerViaApi(page, 'Alba');
    await completeAssessmentViaApi(page);
    const live = waitForRealtime(page);
    await page.goto('/');
    await live;
    await completeViaApi(page.request, 'sesion_completa');
    await completeViaApi(page.request, 'sesion_completa');
    const toasts = stepToasts(page);
    await expect(toasts.getByText('Límite diario alcanzado')).toBeVisible();
    await expect(stepCounterLink(page, ASSESSMENT_STEPS + 1250)).toBeVisible();
    // Focus holds a toast on screen (it would otherwise leave after 4 s) while axe runs.
    await toasts.getByRole('button', { name: 'Cerrar notificación' }).last().focus();
    await expectNoSeriousViolations(page, testInfo, 'home-toast');
    await expect(toasts.getByText('Límite diario alcanzado')).toBeVisible();
  });
});
