import { EVIDENCE_SHORTFALL_MESSAGES } from '@ascenso/domain/evidence';
import { expect, test } from '@playwright/test';
import { sendAndWaitForAnswer, signUpCoachee } from '../support/coaching';
import { LONG_ENTRY } from '../support/journal';

test.describe('diario guiado', () => {
  test('writing 50+ words with a mood and saving it to the journal', async ({ page }) => {
    await signUpCoachee(page, 'Elena');
    await page.goto('/journaling/chat');
    await expect(page).toHaveURL(/\/journaling\/chat\?c=[\w-]+$/);
    await expect(page.getByText('Este es tu espacio para escribir sin filtro')).toBeVisible();

    const save = page.getByRole('button', { name: 'Guardar en mi diario' });
    await expect(save).toBeDisabled();
    const mood = page.getByRole('button', { name: 'motivada/o' });
    await mood.click();
    await expect(mood).toHaveAttribute('aria-pressed', 'true');

    const words = LONG_ENTRY.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(50);
    await sendAndWaitForAnswer(page, page.getByRole('textbox', { name: 'Escribe en tu diario' }), LONG_ENTRY);
    await expect(page.getByText(`Llevas ${words} palabras`)).toBeVisible();

    await save.click();
    const saved = page.getByRole('status').filter({ hasText: 'Guardado en tu diario' });
    await expect(saved).toBeVisible();
    await expect(saved).toContainText(`Tu entrada tiene ${words} palabras`);
    await expect(saved).toContainText('Has sumado 325 pasos.');
    await expect(page.getByRole('textbox', { name: 'Escribe en tu diario' })).toBeDisabled();

    // "Escribir otra entrada" starts a new one.
    await page.getByRole('link', { name: 'Escribir otra entrada' }).click();
    await expect(page.getByRole('button', { name: 'Guardar en mi diario' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Escribe en tu diario' })).toBeEnabled();
  });

  test('a short entry is saved but says how many words earn steps', async ({ page }) => {
    await signUpCoachee(page, 'Marcos');
    await page.goto('/journaling/chat');
    await page.getByRole('textbox', { name: 'O dilo con tus palabras' }).fill('con ganas de empezar');
    await sendAndWaitForAnswer(page, page.getByRole('textbox', { name: 'Escribe en tu diario' }), 'Hoy estoy cansado pero contento.');
    await page.getByRole('button', { name: 'Guardar en mi diario' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Guardado en tu diario' });
    await expect(saved).toContainText('Tu entrada tiene 5 palabras');
    await expect(saved).toContainText(EVIDENCE_SHORTFALL_MESSAGES.journal_short);
  });

  test('an entry of filler (one sentence pasted again and again) is saved, earns nothing and says why', async ({ page }) => {
    await signUpCoachee(page, 'Irene');
    await page.goto('/journaling/chat');
    const filler = 'Hoy he tenido un día muy largo en el trabajo y estoy cansada. '.repeat(5).trim();
    await sendAndWaitForAnswer(page, page.getByRole('textbox', { name: 'Escribe en tu diario' }), filler);
    await page.getByRole('button', { name: 'Guardar en mi diario' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Guardado en tu diario' });
    await expect(saved).toContainText('Tu entrada tiene 65 palabras');
    await expect(saved).toContainText(EVIDENCE_SHORTFALL_MESSAGES.journal_repetitive);
    await expect(saved).not.toContainText('Has sumado');
  });
});
