import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { conversationList, signUpCoachee } from '../support/coaching';

test.describe('crisis safety', () => {
  test('a crisis message → its helplines as tappable links → "He leído los recursos" → the chat goes on in careful mode, and so does the plan', async ({
    page,
  }, testInfo) => {
    await signUpCoachee(page, 'Teo');
    await page.goto('/coaching/chat');
    const box = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await box.fill('mi pareja me pega y tengo miedo');
    await box.press('Enter');

    // The fixed answer for partner violence, with 016 first, its other channels and 112.
    const panel = page.getByRole('region', { name: 'Ahora lo importante eres tú' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('no aparece en la factura');
    await expect(panel.getByRole('link', { name: 'Llamar al 016' })).toHaveAttribute('href', 'tel:016');
    await expect(panel.getByRole('link', { name: 'WhatsApp 600 000 016' })).toHaveAttribute('href', 'https://wa.me/34600000016');
    await expect(panel.getByRole('link', { name: '016-online@igualdad.gob.es' })).toHaveAttribute('href', 'mailto:016-online@igualdad.gob.es');
    await expect(panel.getByRole('link', { name: 'Emergencias: 112' })).toHaveAttribute('href', 'tel:112');
    await expect(panel.getByRole('link', { name: 'findahelpline.com' })).toHaveAttribute('href', 'https://findahelpline.com');
    // Focus goes to the answer, so a screen reader reads it first.
    await expect(panel.getByRole('heading', { name: 'Ahora lo importante eres tú' })).toBeFocused();

    // The conversation waits for the acknowledgement, also after a reload.
    await expect(box).toBeDisabled();
    const acknowledge = page.getByRole('button', { name: 'He leído los recursos, quiero continuar' });
    await expect(acknowledge).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Ahora lo importante eres tú' }).getByRole('link', { name: 'Llamar al 016' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' })).toBeDisabled();

    await page.getByRole('button', { name: 'He leído los recursos, quiero continuar' }).click();
    const reopened = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await expect(reopened).toBeEnabled();
    await expect(reopened).toBeFocused();
    await expect(page.getByTestId('modo-cuidadoso')).toContainText('Tu coach irá con calma');

    await reopened.fill('Gracias. Hoy estoy un poco mejor.');
    await reopened.press('Enter');
    // The conversation's own items (the helplines inside the safety answer are a nested list).
    const items = conversationList(page).locator(':scope > li');
    await expect(items).toHaveCount(4);
    await expect(items.nth(3)).toContainText(/\S/);
    await expect(page.getByRole('region', { name: 'Ahora lo importante eres tú' })).toHaveCount(1);

    // The API agrees: careful mode is stored with the conversation.
    const id = new URL(page.url()).searchParams.get('c') ?? '';
    const stored = await page.request.get(`/api/trpc/coaching.conversation?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`);
    const body = (await stored.json()) as { result: { data: { json: { status: string; careful: boolean } } } };
    expect(body.result.data.json).toMatchObject({ status: 'active', careful: true });

    // Careful mode reaches the daily plan on Home: the helplines first, then only gentle practices.
    await page.goto('/');
    const plan = page.getByRole('region', { name: 'Hoy, cuídate' });
    await expect(plan.getByTestId('plan-cuidado')).toContainText('El 016 atiende las 24 horas');
    await expect(plan.getByRole('link')).toHaveCount(3);
    await expect(plan.getByRole('link', { name: /Estiramiento suave/ })).toBeVisible();
    await expect(plan.getByRole('button', { name: 'Generar otro plan' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'home-plan-cuidadoso');
  });

  test('a journal entry that shows risk is saved, and its helplines are offered gently', async ({ page }) => {
    await signUpCoachee(page, 'Nora');
    await page.goto('/journaling');
    await page.getByRole('button', { name: 'Nueva entrada' }).click();
    await page.getByRole('radio', { name: 'Tristeza', exact: true }).check({ force: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Tu entrada' }).fill('Hoy no he podido más. A veces pienso que todos estarían mejor sin mí.');
    await page.getByRole('button', { name: 'Guardar entrada' }).click();

    const note = page.getByRole('region', { name: 'Tu entrada está guardada' });
    await expect(note).toBeVisible();
    await expect(note.getByRole('heading', { name: 'Tu entrada está guardada' })).toBeFocused();
    await expect(note.getByRole('link', { name: 'Llamar al 024' })).toHaveAttribute('href', 'tel:024');
    await expect(note.getByRole('link', { name: 'Emergencias: 112' })).toHaveAttribute('href', 'tel:112');

    await note.getByRole('button', { name: 'Volver al diario' }).click();
    await expect(page.getByRole('link', { name: /^Hoy no he podido más\. A veces pienso/ })).toBeVisible();
  });
});
