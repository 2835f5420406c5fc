import { expect, test } from '@playwright/test';
import { advanceServerClock } from '../support/clock';
import { advance, expectServerAward, expectStepToast, signUpWithAssessment, startTimedPractice } from './support';

test.describe('Fitness', () => {
  test('classes by length, level and equipment', async ({ page }) => {
    await signUpWithAssessment(page, 'Lola');
    await page.goto('/fitness');
    await expect(page.getByRole('heading', { level: 1, name: 'Fitness' })).toBeVisible();
    for (const band of ['Menos de 15 min', '15–29 min', '30 min o más']) {
      await expect(page.getByRole('heading', { level: 2, name: band })).toBeVisible();
    }
    await page.getByRole('radio', { name: '30 min o más' }).check();
    await expect(page).toHaveURL(/duracion=larga/);
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(['30 min o más']);
    await page.getByRole('radio', { name: 'Principiante' }).check();
    await expect(page.getByText('Ninguna clase con esos filtros.')).toBeVisible();
    await page.getByRole('button', { name: 'Quitar filtros' }).click();
    await page.getByRole('radio', { name: 'Sin material' }).check();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Activación exprés', 'Cardio suave']);
  });

  test('a class in the guided player, to the end: fitness_class_short toast and ledger (real round trip)', async ({ page }) => {
    test.setTimeout(120_000);
    const { user, sent } = await startTimedPractice(page, 'Marco', '/fitness');
    await page.getByRole('button', { name: 'Empezar clase: Activación exprés' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activación exprés' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/clase=activacion-express/);
    await dialog.getByRole('button', { name: 'Empezar', exact: true }).click();

    await expect(dialog.getByText('Ejercicio 1 de 10')).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Marcha en el sitio' })).toBeVisible();
    await expect(dialog.getByText('A continuación: Círculos de hombros (30 s)')).toBeVisible();
    await advance(page, 61_000, 5_000);
    await expect(dialog.getByRole('heading', { name: 'Círculos de hombros' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Pausar' }).click();
    await expect(dialog.getByRole('paragraph').filter({ hasText: /^En pausa$/ })).toBeVisible();
    await advance(page, 20_000, 5_000);
    await dialog.getByRole('button', { name: 'Reanudar' }).click();
    // The server's test clock moves on by what the page's clock did (61 s + 20 s paused + 390 s).
    await advanceServerClock(475_000);
    await advance(page, 390_000, 10_000); // 451 s practised: just past the end (the toast lasts 4 s)

    await expect(dialog.getByRole('heading', { name: '¡Clase completada!' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.practicedSeconds).toBeGreaterThanOrEqual(450);
    expect(sent[0]?.practicedSeconds).toBeLessThan(460);
    await expect(dialog.getByText('+315 pasos')).toBeVisible();
    // The modal dialog hides the rest of the page from assistive technology (the summary above says
    // it there); the step toast is on screen all the same.
    await expectStepToast(page.locator('[aria-label="Pasos conseguidos"]'), 315, 'Clase corta (<15 min)');
    await expectServerAward(page, user.id, 'fitness_class_short', 315);
    await dialog.getByRole('button', { name: 'Volver a las clases' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/clase=/);
  });

  test('leaving a class half way asks first', async ({ page }) => {
    await signUpWithAssessment(page, 'Nora');
    await page.goto('/fitness?clase=espalda-sana');
    const dialog = page.getByRole('dialog', { name: 'Espalda sana en la oficina' });
    await dialog.getByRole('button', { name: 'Empezar', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog.getByText('¿Salir de la clase?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Seguir con la clase' }).click();
    await expect(dialog.getByRole('button', { name: 'Pausar' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cerrar la clase' }).click();
    await dialog.getByRole('button', { name: 'Salir' }).click();
    await expect(dialog).toBeHidden();
  });
});
