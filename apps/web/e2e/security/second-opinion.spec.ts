import { expect, test } from '@playwright/test';
import { CHAT_BOX, say, signUpCoachee } from './app';
import { modelRequests, resetModel, scriptModel } from './fake-model';

/**
 * The model's second opinion on the crisis screen (decision 036) in the browser, against the scripted
 * fake model: a message the local screen lets through, which the model finds to be a crisis, gets the
 * family's helplines and pauses the chat exactly as a local route does; when the model fails, the chat
 * goes on.
 */
// Not routed by the local screen (checked in the API tests); the scripted model decides here.
// The same message as the API's second-opinion tests, which check that the local screen lets it through.
const MISSED = 'Hoy he ordenado los papeles del seguro y he dejado todo apuntado para mi hermana.';

test.describe('the crisis screen’s second opinion', () => {
  test.beforeEach(async ({ page }) => {
    await resetModel(page.request);
  });
  test.afterEach(async ({ page }) => {
    await resetModel(page.request);
  });

  test('a crisis the local screen missed: the helplines, the chat paused, no coach answer', async ({ page }) => {
    await signUpCoachee(page, 'Irene');
    await scriptModel(page.request, { screen: { kind: 'opinion', crisis: true, families: ['suicidal_active'] } });
    await page.goto('/coaching/chat');
    const before = await modelRequests(page.request);
    await say(page, MISSED);

    const panel = page.getByRole('region', { name: 'Ahora lo importante eres tú' });
    await expect(panel).toBeVisible({ timeout: 20_000 });
    await expect(panel.getByRole('link', { name: /024/ }).first()).toHaveAttribute('href', 'tel:024');
    await expect(page.getByRole('button', { name: 'He leído los recursos, quiero continuar' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: CHAT_BOX })).toBeDisabled();
    const after = await modelRequests(page.request);
    expect(after.screen - before.screen).toBe(1);
    // No coach answer was asked for.
    expect(after.stream - before.stream).toBe(0);
  });

  test('the model fails: no opinion, the chat goes on with the coach’s answer', async ({ page }) => {
    await signUpCoachee(page, 'Iker');
    await scriptModel(page.request, { screen: { kind: 'error', status: 500 }, stream: { kind: 'text', text: 'Te escucho. ¿Qué tienes preparado?' } });
    await page.goto('/coaching/chat');
    await say(page, MISSED);
    await expect(page.getByText('Te escucho. ¿Qué tienes preparado?', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Ahora lo importante eres tú' })).toHaveCount(0);
  });
});
