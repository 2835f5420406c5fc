import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, WHOLE_CHROMIUM_PATH } from '../browser';
import { signUpWithAssessment } from './support';

// Browser notifications need the whole browser: Chromium's headless shell (the suite's browser when it is
// installed, e2e/browser.ts) reports them as blocked even once they are granted.
test.use({ launchOptions: { executablePath: WHOLE_CHROMIUM_PATH, args: [...CHROMIUM_ARGS] } });

test.describe('Pausas activas: recordatorios', () => {
  test('reminders: opt in, choose the interval, the quiet break and a message; the work hours come from the profile; kept on this device', async ({ page }) => {
    await signUpWithAssessment(page, 'Karen');
    await page.goto('/active-breaks');
    const reminders = page.getByRole('region', { name: 'Recordatorios' });
    await reminders.getByText('Recordarme hacer pausas', { exact: true }).click();
    await reminders.getByRole('radio', { name: 'cada 30 minutos' }).check();
    await expect(reminders.getByText('De 09:00 a 18:00, de lunes a viernes. Fuera de ella no te avisaremos.')).toBeVisible();
    await expect(reminders.getByRole('link', { name: 'Cambiar tu jornada en tu perfil' })).toHaveAttribute('href', '/profile#perfil-jornada');
    await reminders.getByLabel('Sin avisos desde').fill('15:00');
    await reminders.getByLabel('Sin avisos hasta').fill('14:00');
    await expect(reminders.getByRole('alert')).toHaveText('La pausa sin avisos tiene que terminar después de empezar.');
    await reminders.getByLabel('Sin avisos hasta').fill('16:00');
    await reminders.getByLabel('Tu mensaje (opcional)').fill('Suelta los hombros');
    await expect(reminders.getByText(/^(Próximo recordatorio: .+|No hay recordatorios previstos\.)$/)).toBeVisible();
    // The browser has not been asked yet: the reminder offers to ask it.
    await expect(reminders.getByRole('button', { name: 'Activar avisos del navegador' })).toBeVisible();

    await page.context().grantPermissions(['notifications']);
    await page.reload();
    await expect(reminders.getByRole('radio', { name: 'cada 30 minutos' })).toBeChecked();
    await expect(reminders.getByLabel('Tu mensaje (opcional)')).toHaveValue('Suelta los hombros');
    await expect(reminders.getByText('Los avisos del navegador están activados: te llegarán aunque estés en otra pestaña.')).toBeVisible();
    await expect(reminders.getByRole('button', { name: 'Activar avisos del navegador' })).toHaveCount(0);
  });
});
