import { expect, test } from '@playwright/test';
import { signUpCoachee, trpcMutation } from '../support/coaching';

/**
 * The daily storage quotas (decision 013) with the server's default values: once a
 * quota is used up through the API, the screen that would add one more says so in Spanish, and nothing
 * more is stored.
 */
test.describe('cuotas diarias', () => {
  test('journal: the 31st entry of the day is refused with the reason, and not stored', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpCoachee(page, 'Clara');
    for (let i = 0; i < 30; i += 1) await trpcMutation(page, 'journaling.create', { mood: 'calma', body: `Entrada número ${i + 1}.` });

    await page.goto('/journaling');
    await page.getByRole('button', { name: 'Nueva entrada' }).click();
    await page.getByRole('radio', { name: 'Gratitud' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Tu entrada' }).fill('Una más antes de dormir.');
    await page.getByRole('button', { name: 'Guardar entrada' }).click();
    await expect(page.getByRole('alert')).toHaveText('Has llegado al máximo de entradas de diario por hoy. Mañana podrás escribir más.');

    const list = await page.request.get('/api/trpc/journaling.list');
    expect(((await list.json()) as { result: { data: { json: unknown[] } } }).result.data.json).toHaveLength(30);
  });

  test('sessions and notes: a new one past the day’s quota is refused with the reason', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpCoachee(page, 'Ramiro');
    for (let i = 0; i < 50; i += 1) await trpcMutation(page, 'coaching.start', { kind: i % 2 ? 'chat' : 'session' });
    await page.goto('/coaching/sessions');
    await page.getByRole('button', { name: 'Nueva sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Has llegado al máximo de conversaciones nuevas por hoy. Puedes seguir una de las que ya tienes, o empezar otra mañana.',
    );

    for (let i = 0; i < 100; i += 1) await trpcMutation(page, 'profile.addNote', { text: `Nota ${i + 1}` });
    await page.goto('/profile');
    const coach = page.getByRole('region', { name: 'Lo que tu coach sabe de ti' });
    await coach.getByRole('textbox', { name: 'Nueva nota' }).fill('Prefiero hablar por la mañana.');
    await coach.getByRole('button', { name: 'Añadir nota' }).click();
    await expect(coach.getByText('Has llegado al máximo de notas por hoy. Mañana podrás añadir más.')).toBeVisible();
    await expect(coach.getByRole('textbox', { name: 'Nueva nota' })).toBeFocused();
  });
});
