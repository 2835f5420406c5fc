import { expect, test } from '@playwright/test';
import { conversationList, createOpenCommitment, expectNoSeriousA11yViolations, sendAndWaitForAnswer, signUpCoachee } from '../support/coaching';

test.describe('accesibilidad del coach (axe, WCAG 2.1 A/AA)', () => {
  // Entrance animations fade content in; measure colours in their final state.
  test.use({ reducedMotion: 'reduce' });

  test('Home with the plan, /coaching, the chat, a session and the journaling chat', async ({ page }, testInfo) => {
    // Seven cold page loads and seven axe runs in one test: ~20 s alone, past the default 30 s on a
    // machine loaded by a second gate (the page was still loading when the time ran out).
    test.setTimeout(90_000);
    await signUpCoachee(page, 'Aitana');
    await createOpenCommitment(page, 'Preparar la reunión del lunes con calma');

    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Tu plan de hoy sugerido' })).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page, testInfo, 'home-plan');

    await page.goto('/coaching');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu coach' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Compromisos de tus sesiones' })).toBeVisible();
    await expect(page.getByText('Estilo de coaching')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'coaching');

    await page.goto('/coaching/chat');
    const chatBox = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await expect(chatBox).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'chat-greeting');
    await chatBox.fill('Quiero organizar mejor mi semana');
    await chatBox.press('Enter');
    await expect(conversationList(page).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Enviar' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'chat');

    await page.goto('/coaching');
    await page.getByRole('button', { name: 'Empezar una sesión' }).click();
    await expect(page).toHaveURL(/\/coaching\/session\//);
    await sendAndWaitForAnswer(page, page.getByRole('textbox', { name: 'Tu respuesta a tu coach' }), 'Llego con un 8.');
    await expectNoSeriousA11yViolations(page, testInfo, 'session');

    await page.goto('/coaching/sessions');
    await expect(page.getByRole('list', { name: 'Tus sesiones de coaching' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'sessions');

    await page.goto('/journaling/chat');
    await expect(page.getByRole('button', { name: 'Guardar en mi diario' })).toBeVisible();
    await page.getByRole('button', { name: 'tranquila/o' }).click();
    await expectNoSeriousA11yViolations(page, testInfo, 'journaling');

    await page.goto('/coaching/chat');
    const crisisBox = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await crisisBox.fill('no quiero vivir');
    await crisisBox.press('Enter');
    await expect(page.getByRole('region', { name: 'Ahora lo importante eres tú' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'chat-safety');
  });
});
