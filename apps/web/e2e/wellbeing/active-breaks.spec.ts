import { expect, test } from '@playwright/test';
import { advanceServerClock } from '../support/clock';
import { stepToasts } from '../support/steps';
import { advance, expectServerAward, expectStepToast, serverActivity, signUpWithAssessment, startTimedPractice, watchTrpcInputs } from './support';

test.describe('Pausas activas', () => {
  test('a break, one move at a time, to the end: active_break toast and the award in the server’s ledger (real round trip)', async ({ page }) => {
    test.setTimeout(90_000);
    const { user, sent } = await startTimedPractice(page, 'Irene', '/active-breaks');
    await expect(page.getByRole('heading', { level: 1, name: 'Pausas activas' })).toBeVisible();
    const areas = page.getByRole('region', { name: '¿Qué quieres mover?' }).getByRole('listitem');
    await expect(areas).toHaveCount(7);
    for (const name of ['Cuello', 'Espalda', 'Ojos', 'Muñecas y manos', 'Piernas', 'Respiración', 'Hombros y pecho']) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Cuello', exact: true }).click();
    await expect(page).toHaveURL(/\/active-breaks\/cuello$/);

    await page.getByRole('button', { name: 'Empezar la pausa' }).click();
    await expect(page.getByText('Movimiento 1 de 5')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Baja la barbilla al pecho.' })).toBeVisible();
    await expect(page.getByText('A continuación: Oreja derecha al hombro.')).toBeVisible();
    await advance(page, 16_000, 4_000);
    await expect(page.getByText('Movimiento 2 de 5')).toBeVisible();
    // The server's test clock moves on as the page's did: the break really lasted on the server.
    await advanceServerClock(90_000);
    await advance(page, 65_000, 5_000);

    await expect(page.getByRole('heading', { name: '¡Pausa hecha!' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.practicedSeconds).toBeGreaterThanOrEqual(80);
    await expectStepToast(stepToasts(page), 70, 'Pausa activa');
    await expectServerAward(page, user.id, 'active_break', 70);
  });

  test('skipping every move does not count, and says so where the result shows (real round trip)', async ({ page }) => {
    const user = await signUpWithAssessment(page, 'Jorge');
    const sent = watchTrpcInputs<{ practicedSeconds: number; skippedSeconds?: number }>(page, 'practice.complete');
    await page.goto('/active-breaks/ojos');
    await page.getByRole('button', { name: 'Empezar la pausa' }).click();
    for (const n of [1, 2, 3, 4]) {
      await expect(page.getByText(`Movimiento ${n} de 4`)).toBeVisible();
      await page.getByRole('button', { name: 'Saltar' }).click();
    }
    const problem = page.getByRole('alert');
    await expect(problem.getByText('Has saltado los movimientos: la pausa cuenta cuando los haces.')).toBeVisible();
    await expect(problem.getByText('Termina la pausa para sumar sus pasos.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Empezar de nuevo' })).toBeVisible();
    // What was skipped went along (it words the refusal; only the practised time is judged), and nothing was earned.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.skippedSeconds).toBeGreaterThan(60);
    await expect(stepToasts(page).getByText('¡Actividad completada!')).toHaveCount(0);
    expect(await serverActivity(page, user.id, 'active_break')).toMatchObject({ todayCount: 0, todaySteps: 0 });
  });

  test('a break ended early with "Terminar", nothing skipped, is asked to be finished (real round trip)', async ({ page }) => {
    await signUpWithAssessment(page, 'Lidia');
    await page.goto('/active-breaks/cuello');
    await page.getByRole('button', { name: 'Empezar la pausa' }).click();
    await expect(page.getByText('Movimiento 1 de 5')).toBeVisible();
    await page.getByRole('button', { name: 'Terminar' }).click();
    await expect(page.getByRole('alert').getByText('Termina la pausa para sumar sus pasos.')).toBeVisible();
    await expect(page.getByText('Has saltado los movimientos', { exact: false })).toHaveCount(0);
  });
});
