import { expect, test } from '@playwright/test';
import { conversationList, sendAndWaitForAnswer, signUpCoachee } from '../support/coaching';

test.describe('cómo quieres que te hable tu coach', () => {
  test('the choice is a keyboard radio group on /profile, persists, and the coach screens say the coach is the guided offline one', async ({ page }) => {
    await signUpCoachee(page, 'Noa');
    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Cómo quieres que te hable tu coach' });
    const group = card.getByRole('group', { name: '¿Cómo quieres que te hable?' });
    await expect(group.getByRole('radio', { name: 'Neutro' })).toBeChecked();
    await expect(card.getByText('Por ejemplo: Te veo con ganas de dar el paso.')).toBeVisible();

    // Keyboard: one tab stop, arrows move the choice (native radios).
    await group.getByRole('radio', { name: 'Neutro' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(group.getByRole('radio', { name: 'Femenino' })).toBeChecked();
    await expect(page.getByText('Preferencia guardada')).toBeVisible();
    await expect(card.getByText('Por ejemplo: Te veo motivada para dar el paso.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('region', { name: 'Cómo quieres que te hable tu coach' }).getByRole('radio', { name: 'Femenino' })).toBeChecked();

    // The coach screens are honest about the offline coach, and it speaks in the chosen form.
    await page.goto('/coaching/chat');
    await expect(page.getByTestId('offline-coach-note')).toContainText('Coach sin conexión a IA: respuestas guiadas');
    const box = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await box.fill('Me cuesta delegar en mi equipo');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/coaching\/chat\?c=/);
    await expect(conversationList(page).getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await sendAndWaitForAnswer(page, box, 'Tengo miedo de que baje la calidad');
    await sendAndWaitForAnswer(page, box, 'Supongo que no me fío del todo');
    const thread = page.getByRole('main');
    await expect(thread).toContainText(/implicada|dispuesta|preparada|decidida|comprometida|motivada/);
    await expect(thread).not.toContainText(/\b(implicado|dispuesto|preparado|decidido|comprometido|motivado)\b/);
  });
});
