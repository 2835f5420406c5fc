import { EVIDENCE_SHORTFALL_MESSAGES } from '@ascenso/domain/evidence';
import { expect, test, type Page } from '@playwright/test';
import { conversationList, sendAndWaitForAnswer, signUpCoachee } from '../support/coaching';

function currentPhase(page: Page) {
  return page.getByRole('list', { name: 'Fases de la sesión' }).locator('[aria-current="step"]');
}

test.describe('sesión estructurada', () => {
  test('goes through check-in, goal, exploration and commitments and ends with a summary and the commitments', async ({ page }) => {
    await signUpCoachee(page, 'Raquel');
    await page.goto('/coaching');
    await page.getByRole('button', { name: 'Empezar una sesión' }).click();
    await expect(page).toHaveURL(/\/coaching\/session\/[\w-]+$/);

    const phases = page.getByRole('list', { name: 'Fases de la sesión' }).getByRole('listitem');
    await expect(phases).toHaveText(['Check-in', 'Objetivo', 'Exploración', 'Compromisos', 'Resumen'].map((label) => new RegExp(label)));
    await expect(currentPhase(page)).toContainText('Check-in');
    // The coach's opening message is already there.
    await expect(conversationList(page).getByRole('listitem').first()).toContainText('check-in, objetivo, exploración y compromisos');

    const finish = page.getByRole('button', { name: 'Terminar sesión' });
    await expect(finish).toBeDisabled();

    const box = page.getByRole('textbox', { name: 'Tu respuesta a tu coach' });
    await sendAndWaitForAnswer(page, box, 'Llego con un 6. Me ronda la cabeza el lanzamiento del trimestre.');
    await expect(currentPhase(page)).toContainText('Objetivo');

    await sendAndWaitForAnswer(page, box, 'Quiero salir con un plan para delegar el informe semanal.');
    await expect(currentPhase(page)).toContainText('Exploración');
    await expect(finish).toBeEnabled();

    await sendAndWaitForAnswer(page, box, 'Podría pedírselo a Marta y revisar solo el resumen final.');
    await expect(currentPhase(page)).toContainText('Compromisos');

    await sendAndWaitForAnswer(page, box, 'Hablar con Marta el lunes; Revisar el primer borrador el jueves');

    const summary = page.getByRole('region', { name: 'Resumen de la sesión' });
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await expect(summary).toContainText('contaste cómo llegabas');
    const commitments = summary.getByRole('list', { name: 'Compromisos de esta sesión' }).getByRole('listitem');
    await expect(commitments).toHaveCount(2);
    await expect(commitments.first()).toContainText('Hablar con Marta el lunes');
    await expect(commitments.nth(1)).toContainText('Revisar el primer borrador el jueves');
    await expect(currentPhase(page)).toContainText('Resumen');
    await expect(page.getByRole('textbox', { name: 'Tu respuesta a tu coach' })).toBeDisabled();
    await expect(finish).toHaveCount(0);

    // The sessions list shows it completed with its summary; the hub lists the open commitments.
    await page.getByRole('link', { name: 'Tus sesiones' }).click();
    const sessions = page.getByRole('list', { name: 'Tus sesiones de coaching' }).getByRole('listitem');
    await expect(sessions).toHaveCount(1);
    await expect(sessions.first()).toContainText('Completada');
    await expect(sessions.first()).toContainText('contaste cómo llegabas');

    await page.goto('/coaching');
    const open = page.getByRole('list', { name: 'Compromisos de tus sesiones' });
    const checkbox = open.getByRole('checkbox', { name: /Hablar con Marta el lunes/ });
    await expect(checkbox).not.toBeChecked();
    // The visible control is the label (Chakra keeps the real input visually hidden).
    await open.locator('label').filter({ hasText: 'Hablar con Marta el lunes' }).click();
    await expect(checkbox).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Compromiso hecho: Hablar con Marta el lunes' })).toBeAttached();
    await page.reload();
    await expect(page.getByRole('list', { name: 'Compromisos de tus sesiones' }).getByRole('checkbox', { name: /Hablar con Marta el lunes/ })).toBeChecked();
  });

  test('"Terminar sesión" closes a session early with a summary', async ({ page }) => {
    await signUpCoachee(page, 'Bruno');
    await page.goto('/coaching/sessions');
    await page.getByRole('button', { name: 'Nueva sesión' }).click();
    await expect(page).toHaveURL(/\/coaching\/session\//);
    const box = page.getByRole('textbox', { name: 'Tu respuesta a tu coach' });
    await sendAndWaitForAnswer(page, box, 'Llego con un 7.');
    await sendAndWaitForAnswer(page, box, 'Quiero preparar mi evaluación anual.');
    await page.getByRole('button', { name: 'Terminar sesión' }).click();
    const summary = page.getByRole('region', { name: 'Resumen de la sesión' });
    await expect(summary).toBeVisible({ timeout: 15_000 });
    await expect(summary.getByRole('list', { name: 'Compromisos de esta sesión' }).getByRole('listitem')).not.toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Resumen de la sesión' })).toBeFocused();
    // Two stages, one of them a bare "Llego con un 7.": the summary says why the session earned no steps (decision 037).
    await expect(summary.getByTestId('nota-pasos')).toHaveText(EVIDENCE_SHORTFALL_MESSAGES.session_stages);
  });
});
