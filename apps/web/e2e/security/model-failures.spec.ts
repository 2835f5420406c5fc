import { expect, test } from '@playwright/test';
import { CONVERSATION, say, signUpCoachee } from './app';
import { modelRequests, resetModel, scriptModel, type FakeReply } from './fake-model';

/**
 * The model failures of decision 017 in the browser, against the scripted fake model: an empty, cut or hung answer is an
 * error with "Reintentar" (which asks the model again), nothing is shown or kept as the coach's answer,
 * and a plan written without the model says so.
 */
const FAILED = 'Tu coach no ha podido responder ahora.';

test.describe('the coach when the model fails', () => {
  test.beforeEach(async ({ page }) => {
    await resetModel(page.request);
  });

  const failures: Array<[string, FakeReply]> = [
    ['an empty answer', { kind: 'text', text: '', chunks: [] }],
    ['a cut stream', { kind: 'truncate', chunks: ['Entiendo lo que ', 'me cuentas y '] }],
  ];
  for (const [label, reply] of failures) {
    test(`${label}: the error with "Reintentar", which asks the model again; nothing kept`, async ({ page }) => {
      await signUpCoachee(page, 'Marta');
      await scriptModel(page.request, { stream: reply });
      await page.goto('/coaching/chat');
      const before = (await modelRequests(page.request)).stream;
      await say(page, 'Hola, quiero preparar una reunión difícil');

      const conversation = page.locator(CONVERSATION);
      await expect(conversation.getByText(FAILED)).toBeVisible({ timeout: 20_000 });
      // The cut text is not shown as an answer.
      await expect(conversation.getByText('Entiendo lo que')).toHaveCount(0);

      await scriptModel(page.request, {
        stream: { kind: 'text', text: 'Gracias por contármelo. ¿Qué te preocupa más de esa reunión?' },
      });
      await conversation.getByRole('button', { name: 'Reintentar' }).click();
      await expect(conversation.getByText('Gracias por contármelo. ¿Qué te preocupa más de esa reunión?')).toBeVisible({
        timeout: 20_000,
      });
      await expect(conversation.getByText(FAILED)).toHaveCount(0);
      expect((await modelRequests(page.request)).stream - before).toBe(2);

      // After a reload: one message and its one answer, no empty bubble.
      await page.reload();
      await expect(conversation.getByText('Gracias por contármelo. ¿Qué te preocupa más de esa reunión?')).toBeVisible({
        timeout: 20_000,
      });
      await expect(conversation.locator(':scope > li')).toHaveCount(2);
    });
  }

  test('a hung model: "tardando más de lo normal", then the error at the first-token timeout', async ({ page }) => {
    test.setTimeout(60_000);
    await signUpCoachee(page, 'Hugo');
    await scriptModel(page.request, { stream: { kind: 'hang' } });
    await page.goto('/coaching/chat');
    await say(page, '¿Me ayudas a ordenar la semana?');
    const conversation = page.locator(CONVERSATION);
    await expect(conversation.getByText('Tu coach está tardando un poco más de lo normal…')).toBeVisible({
      timeout: 12_000,
    });
    await expect(conversation.getByText(FAILED)).toBeVisible({ timeout: 25_000 });
    await expect(conversation.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });

  test('a plan written without the model says so', async ({ page }) => {
    await signUpCoachee(page, 'Paula');
    await scriptModel(page.request, { json: { kind: 'error', status: 500 } });
    await page.goto('/');
    const card = page.locator('section[aria-labelledby="plan-de-hoy"]');
    await expect(card.getByText('Plan preparado sin IA porque el modelo no respondió.', { exact: false })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('the coaching hub says what is sent to the AI provider', async ({ page }) => {
    await signUpCoachee(page, 'Irene');
    await page.goto('/coaching');
    const notice = page.getByRole('region', { name: 'Qué compartes con el proveedor de IA' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('Nunca se envía tu correo electrónico');
    await expect(notice).toContainText('la conversación con tu coach', { ignoreCase: true });
  });
});
