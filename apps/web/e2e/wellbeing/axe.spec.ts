import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations as expectAccessible } from '../support/axe';
import { signUpWithAssessment } from './support';

test.describe('accesibilidad de bienestar (axe, WCAG 2.1 A/AA)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('audio, breathing, fitness, breaks and the journal', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signUpWithAssessment(page, 'Quim');

    await page.goto('/meditations');
    await expect(page.getByRole('list', { name: 'Audios del archivo' }).getByRole('listitem')).toHaveCount(8);
    await expectAccessible(page, testInfo, 'meditations');

    await page.getByRole('list', { name: 'Audios del archivo' }).getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Transcripción' })).toBeVisible();
    await expectAccessible(page, testInfo, 'meditation');

    await page.goto('/breathing');
    await expect(page.getByText('Evidencia buena').first()).toBeVisible();
    await expectAccessible(page, testInfo, 'breathing');

    await page.goto('/breathing/suspiro-ciclico');
    await expect(page.getByRole('heading', { name: 'Prepara tu práctica' })).toBeVisible();
    await expectAccessible(page, testInfo, 'breathing-exercise');
    await page.getByRole('button', { name: 'Empezar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Pausar' })).toBeEnabled({ timeout: 10_000 });
    await expectAccessible(page, testInfo, 'breathing-running');

    await page.goto('/fitness');
    await expect(page.getByRole('heading', { level: 2, name: 'Menos de 15 min' })).toBeVisible();
    await expectAccessible(page, testInfo, 'fitness');
    await page.getByRole('button', { name: 'Empezar clase: Activación exprés' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, testInfo, 'fitness-class');
    await page.getByRole('dialog').getByRole('button', { name: 'Empezar', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Ejercicio 1 de 10')).toBeVisible();
    await expectAccessible(page, testInfo, 'fitness-player');

    await page.goto('/active-breaks');
    await page.getByRole('region', { name: 'Recordatorios' }).getByText('Recordarme hacer pausas', { exact: true }).click();
    await expect(page.getByRole('region', { name: 'Recordatorios' }).getByText('Tu jornada', { exact: true })).toBeVisible();
    await expectAccessible(page, testInfo, 'active-breaks');

    await page.goto('/active-breaks/espalda');
    await expect(page.getByRole('button', { name: 'Empezar la pausa' })).toBeVisible();
    await expectAccessible(page, testInfo, 'active-break');
    await page.getByRole('button', { name: 'Empezar la pausa' }).click();
    await expect(page.getByText('Movimiento 1 de 6')).toBeVisible();
    await expectAccessible(page, testInfo, 'active-break-running');

    await page.goto('/journaling?nueva');
    await page.getByRole('radio', { name: 'Motivación' }).check();
    await expectAccessible(page, testInfo, 'journal-mood');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Tu entrada' }).fill('Hoy he terminado el informe a tiempo y me siento con energía.');
    await expectAccessible(page, testInfo, 'journal-write');
    await page.getByRole('button', { name: 'Guardar entrada' }).click();
    await expect(page.getByRole('region', { name: 'Entradas' }).getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page, testInfo, 'journaling');

    await page.getByRole('region', { name: 'Entradas' }).getByRole('link').click();
    await expect(page.getByRole('button', { name: 'Borrar entrada' })).toBeVisible();
    await expectAccessible(page, testInfo, 'journal-entry');
  });
});
