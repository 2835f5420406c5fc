import { expect, test } from '@playwright/test';
import { advanceServerClock } from '../support/clock';
import { stepToasts } from '../support/steps';
import { advance, expectServerAward, expectStepToast, signUpWithAssessment, startBreathing, startBreathingOnFakeClock, watchTrpcInputs } from './support';

test.describe('Respiración', () => {
  test('the list shows what each technique is for and how strong its evidence is', async ({ page }) => {
    await signUpWithAssessment(page, 'Diego');
    await page.goto('/breathing');
    await expect(page.getByRole('heading', { level: 1, name: 'Respiración' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(4);
    await expect(page.getByText('Evidencia buena')).toHaveCount(2);
    await expect(page.getByText('Evidencia moderada')).toHaveCount(1);
    await expect(page.getByText('Evidencia limitada')).toHaveCount(1);
    await page.getByRole('link', { name: 'Empezar Cuadrada' }).click();
    await expect(page).toHaveURL(/\/breathing\/cuadrada$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cuadrada' })).toBeVisible();
  });

  test('a 1-minute session with a pause: the pacer runs, paused time is not counted, breathing_short toast and ledger (real round trip)', async ({ page }) => {
    test.setTimeout(90_000);
    const user = await signUpWithAssessment(page, 'Elena');
    const sent = watchTrpcInputs<{ sessionId: string; practicedSeconds: number }>(page, 'practice.complete');
    const started: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().includes('practice.start')) started.push(request.postDataJSON());
    });
    await startBreathingOnFakeClock(page, 'cuadrada', '1 minuto');
    const pause = page.getByRole('button', { name: 'Pausar' });
    expect(started).toHaveLength(1);
    expect(JSON.stringify(started[0])).toContain('"minutes":1');

    await expect(page.getByTestId('pacer')).toContainText('Inhala');
    await advance(page, 5_000);
    await expect(page.getByTestId('pacer')).toContainText('Mantén');
    await advance(page, 15_000); // 20 s practised
    await pause.click();
    await expect(page.getByTestId('pacer')).toContainText('En pausa');
    await advance(page, 30_000, 5_000); // paused: not practice
    await expect(page.getByText(/Quedan 0:(40|39)/)).toBeVisible();
    await page.getByRole('button', { name: 'Reanudar' }).click();
    // The server's test clock moves on by what the page's clock did (20 s + 30 s paused + 41 s).
    await advanceServerClock(91_000);
    await advance(page, 41_000, 2_000);

    await expect(page.getByRole('heading', { name: '¡Bien hecho!' })).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.practicedSeconds).toBe(60);
    const toasts = stepToasts(page);
    await expect(toasts.getByText('¡Actividad completada!')).toBeVisible();
    await expectStepToast(toasts, 85, 'Respiración corta');
    await expectServerAward(page, user.id, 'breathing_short', 85);
  });

  test('the server refuses a claim longer than the time really passed, and the reason is shown', async ({ page }) => {
    test.setTimeout(90_000);
    await signUpWithAssessment(page, 'Fabio');
    await startBreathingOnFakeClock(page, 'coherente', '3 minutos');
    // Three minutes on the page's clock, a second or two on the server's.
    await advance(page, 180_000, 10_000);
    await expect(page.getByRole('alert').getByText('No puedes registrar más tiempo del que ha pasado desde que empezaste.')).toBeVisible();
    await expect(stepToasts(page).getByText('¡Actividad completada!')).toHaveCount(0);
  });

  test('under 30 seconds is not recorded (real round trip)', async ({ page }) => {
    await signUpWithAssessment(page, 'Gala');
    await startBreathing(page, '4-7-8');
    await page.getByRole('button', { name: 'Terminar' }).click();
    await expect(page.getByRole('alert').getByText('Practica al menos 30 segundos para registrarlo.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Empezar de nuevo' })).toBeVisible();
  });

  test('reduced motion shows a numeric countdown instead of the animation (and it can be toggled)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signUpWithAssessment(page, 'Hugo');
    await page.goto('/breathing/cuadrada');
    const toggle = page.getByRole('checkbox', { name: /Sin animación/ });
    await expect(toggle).toBeChecked();
    await page.getByRole('button', { name: 'Empezar', exact: true }).click();
    await expect(page.getByTestId('pacer')).toHaveAttribute('data-reduced-motion', 'true');
    await page.getByText('Sin animación', { exact: true }).click();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByTestId('pacer')).toHaveAttribute('data-reduced-motion', 'false');
  });
});
