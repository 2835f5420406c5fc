import { EVIDENCE_SHORTFALL_MESSAGES } from '@ascenso/domain/evidence';
import { expect, test } from '@playwright/test';
import {
  conversationList,
  sendAndWaitForAnswer,
  sendButton,
  signUpCoachee,
  slowDownCoachStream,
  stopButton,
  streamingAnswer,
  streamingText,
} from '../support/coaching';
import { stepToasts } from '../support/steps';

const FIRST_MESSAGE = 'Quiero aprender a delegar más en mi equipo sin perder calidad';

test.describe('chat con el coach', () => {
  test('Home → Enter → the chat shows the message first and the answer streams in; a reload keeps it', async ({ page }) => {
    await signUpCoachee(page, 'Irene');
    await slowDownCoachStream(page, 60);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible();
    // Home arrives rendered by the server (decision 021): typing counts once the app has hydrated.
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);

    const box = page.getByRole('textbox', { name: 'Tu mensaje para tu coach' });
    await expect(box).toHaveAttribute('placeholder', /^Hoy quiero hablar de /);
    const send = page.getByRole('button', { name: 'Enviar' });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    // Shift+Enter adds a line instead of sending.
    await box.fill('Primera línea');
    await box.press('Shift+Enter');
    await expect(box).toHaveValue('Primera línea\n');
    await expect(page).toHaveURL(/\/$/);

    await box.fill(FIRST_MESSAGE);
    await box.press('Enter');

    await expect(page).toHaveURL(/\/coaching\/chat\?c=[\w-]+$/);
    const items = conversationList(page).getByRole('listitem');
    await expect(items.first()).toContainText(FIRST_MESSAGE);
    // Home's hand-off is consumed.
    expect(await page.evaluate(() => [sessionStorage.getItem('ascenso.initialMessage'), sessionStorage.getItem('ascenso.skipGreeting')])).toEqual([null, null]);

    // The answer grows over time while "Detener" is offered, then completes.
    const answer = streamingAnswer(page);
    await expect(answer).toBeVisible();
    await expect(stopButton(page)).toBeVisible();
    const lengths: number[] = [];
    for (let text = await streamingText(page); text !== null; text = await streamingText(page)) {
      lengths.push(text.length);
      await page.waitForTimeout(40);
    }
    const distinct = [...new Set(lengths.filter((length) => length > 0))];
    expect(distinct.length, `lengths seen: ${lengths.join(',')}`).toBeGreaterThan(2);
    expect([...distinct].sort((a, b) => a - b)).toEqual(distinct);

    await expect(items).toHaveCount(2);
    // The guided offline coach names the topic in its own words, never the user's sentence.
    await expect(items.nth(1)).toContainText('Confiar en el equipo');
    await expect(items.nth(1)).not.toContainText('delegar más en mi equipo');
    await expect(stopButton(page)).toHaveCount(0);
    await expect(sendButton(page)).toBeVisible();
    const answerText = (await items.nth(1).textContent()) ?? '';

    await page.reload();
    await expect(conversationList(page).getByRole('listitem')).toHaveCount(2);
    await expect(conversationList(page).getByRole('listitem').first()).toContainText(FIRST_MESSAGE);
    await expect(conversationList(page).getByRole('listitem').nth(1)).toHaveText(answerText);

    // The conversation goes on in the same chat.
    await sendAndWaitForAnswer(page, page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' }), 'Me cuesta soltar el control.');
    await expect(conversationList(page).getByRole('listitem')).toHaveCount(4);
  });

  test('"Detener" stops the answer mid-stream and the chat stays usable', async ({ page }) => {
    await signUpCoachee(page, 'Óscar');
    await slowDownCoachStream(page, 150);
    await page.goto('/coaching/chat');
    await expect(page.getByText('Soy tu coach de Ascenso')).toBeVisible();

    const box = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    await box.fill('Tengo una conversación difícil con mi jefa el jueves');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/coaching\/chat\?c=/);

    const answer = streamingAnswer(page);
    // A few words of the answer have arrived (the offline coach opens with "Vamos a mirarlo con calma, Óscar.").
    await expect(answer).toContainText('Vamos a mirarlo');
    await stopButton(page).click();

    await expect(answer).toHaveCount(0);
    const items = conversationList(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1)).toContainText('Respuesta detenida');
    const stoppedText = await items.nth(1).textContent();
    await page.waitForTimeout(600);
    expect(await items.nth(1).textContent()).toBe(stoppedText);
    await expect(stopButton(page)).toHaveCount(0);
    await expect(box).toBeEnabled();
    await expect(box).toBeFocused();

    // The next message gets a full answer.
    await sendAndWaitForAnswer(page, box, 'Vale, sigamos');
    await expect(items).toHaveCount(4);
    await expect(items.nth(3)).not.toContainText('Respuesta detenida');
  });

  test('three messages that say nothing earn no quick consultation, and the chat says what counts; one that says something earns it', async ({ page }) => {
    await signUpCoachee(page, 'Óscar');
    await page.goto('/coaching/chat');
    const box = page.getByRole('textbox', { name: 'Escribe tu mensaje para tu coach' });
    const note = page.getByTestId('nota-pasos');
    await box.fill('Me cuesta desconectar del trabajo por la noche');
    await box.press('Enter');
    // The chat is created with its first message, then opens on its own address and streams the answer.
    await expect(page).toHaveURL(/\/coaching\/chat\?c=/);
    await expect(streamingAnswer(page)).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByRole('list', { name: 'Conversación con tu coach' }).getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
    await sendAndWaitForAnswer(page, box, 'x');
    await expect(note).toHaveCount(0);
    await sendAndWaitForAnswer(page, box, 'y');
    // Three messages sent, one of them counts (decision 037): the reason, in Spanish, where the person writes.
    await expect(note).toHaveText(EVIDENCE_SHORTFALL_MESSAGES.chat_messages);
    await sendAndWaitForAnswer(page, box, 'Suelo mirar el correo justo antes de dormir');
    await expect(note).toHaveText(EVIDENCE_SHORTFALL_MESSAGES.chat_messages);
    await sendAndWaitForAnswer(page, box, 'Podría dejar el móvil fuera del dormitorio');
    await expect(stepToasts(page).getByText('+225 pasos')).toBeVisible({ timeout: 10_000 });
    await expect(note).toHaveCount(0);
  });
});
