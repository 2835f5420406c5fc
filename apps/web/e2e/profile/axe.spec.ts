import { expect, test } from '@playwright/test';
import { freshMember } from '../admin/admin-support';
import { expectNoSeriousA11yViolations as expectNoSeriousViolations } from '../support/axe';
import { completeViaApi } from '../support/steps';

test.describe('perfil: accesibilidad (axe, WCAG 2.1 A/AA)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('/profile: the page, the edit form with the time-zone list, the table and the delete dialog', async ({ page }, testInfo) => {
    await freshMember(page, 'Ariadna');
    await completeViaApi(page.request, 'breathing_short');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tu historial de pasos' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tu evaluación' }).getByText('Estilo de coaching')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'profile');

    await page.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    await page.getByRole('button', { name: 'Editar tus datos' }).click();
    const zone = page.getByRole('combobox', { name: 'Zona horaria' });
    await zone.click();
    await zone.fill('madrid');
    await expect(page.getByRole('option', { name: /Europe\/Madrid/ })).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'profile-edit');
    await page.keyboard.press('Escape');

    await page.getByRole('region', { name: 'Tu cuenta' }).getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(dialog.getByText('Escribe tu contraseña')).toBeVisible();
    await expectNoSeriousViolations(page, testInfo, 'profile-delete-dialog');
  });
});
