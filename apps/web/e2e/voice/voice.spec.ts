import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpCoachee } from '../support/coaching';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { toneWav } from '../../../../tooling/test-services/wav.ts';

/**
 * Voice quick entry (issue 18, item 3): Chromium's fake microphone plays a WAV tone written here; the
 * e2e server's transcription server is the fake OpenAI-compatible one (e2e/start-server.mjs), which
 * answers DEFAULT_FAKE_TRANSCRIPT. The transcript lands in Home's message box and nothing is sent
 * until the person presses Enviar.
 */

const TRANSCRIPT = 'Hoy quiero caminar veinte minutos después de comer.';

const WAV_PATH = join(tmpdir(), `ascenso-voice-e2e-${process.pid}.wav`);
// Four seconds of a 440 Hz tone, 16-bit mono PCM at 48 kHz.
writeFileSync(WAV_PATH, toneWav(4, { rate: 48_000, amplitude: 16_000 }));
test.afterAll(() => rmSync(WAV_PATH, { force: true }));

test.use({
  reducedMotion: 'reduce',
  permissions: ['microphone'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${WAV_PATH}`,
    ],
  },
});

const voiceButton = (page: Page) => page.getByRole('button', { name: 'Entrada rápida por voz' });
const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Tu mensaje para tu coach' });

test('records with a moving level meter, stops, and the transcript waits in Home’s message box until Enviar', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  await signUpCoachee(page, 'Irene');
  // Every coaching mutation the page sends: none may happen before the person presses Enviar.
  const coachingWrites: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/trpc\/[^?]*coaching\./.test(request.url())) coachingWrites.push(request.url());
  });

  // Started from another screen: the transcript brings the person back to Home.
  await page.goto('/profile');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await voiceButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Entrada rápida por voz' });
  await expect(dialog).toBeVisible();
  const meter = dialog.getByRole('meter', { name: 'Nivel del micrófono' });
  await expect(meter).toBeVisible({ timeout: 10_000 });
  await expect(dialog.getByRole('button', { name: 'Detener' })).toBeFocused();
  await expect(dialog.getByRole('status')).toHaveText(/^Grabando/);
  // The tone moves the meter, and the time runs against 2:00.
  await expect.poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(dialog.getByTestId('voice-elapsed')).toContainText(/0:0[1-9] \/ 2:00/, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, testInfo, 'voz-grabando');

  const upload = page.waitForResponse((response) => response.url().endsWith('/api/voice/transcribe'));
  await dialog.getByRole('button', { name: 'Detener' }).click();
  expect((await upload).status()).toBe(200);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
  await expect(messageBox(page)).toHaveValue(TRANSCRIPT);
  await expect(messageBox(page)).toBeFocused();
  expect(coachingWrites).toEqual([]);

  // The person edits it and sends it: only now does the coach get it.
  await messageBox(page).press('End');
  await messageBox(page).pressSequentially(' Y estirar.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page).toHaveURL(/\/coaching\/chat/);
  await expect(page.getByText(`${TRANSCRIPT} Y estirar.`).first()).toBeVisible({ timeout: 15_000 });
});

test('without a transcription server the button explains why and offers to type instead; Cancelar discards a recording', async ({ page }, testInfo) => {
  test.setTimeout(45_000);
  await signUpCoachee(page, 'Tomás');
  await page.goto('/');
  await expect(messageBox(page)).toBeVisible();
  // Home comes rendered by the server: wait for the app before pressing its buttons.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

  // Cancel while recording: nothing is uploaded and the box stays empty.
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/voice/transcribe')) uploads.push(request.url());
  });
  await voiceButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Entrada rápida por voz' });
  await expect(dialog.getByRole('meter', { name: 'Nivel del micrófono' })).toBeVisible({ timeout: 10_000 });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await expect(voiceButton(page)).toBeFocused();
  expect(uploads).toEqual([]);
  await expect(messageBox(page)).toHaveValue('');

  // This server "has no transcriber": the capability says so before any recording.
  await page.route('**/api/voice', (route) => route.fulfill({ json: { available: false, maxSeconds: 120, maxBytes: 10_485_760 } }));
  await voiceButton(page).click();
  await expect(dialog.getByText('La entrada por voz necesita un servidor de transcripción')).toBeVisible();
  await expect(dialog.getByRole('meter')).toHaveCount(0);
  const typeInstead = dialog.getByRole('button', { name: 'Escribir en su lugar' });
  await expect(typeInstead).toBeFocused();
  await expectNoSeriousA11yViolations(page, testInfo, 'voz-sin-servidor');
  await typeInstead.click();
  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  expect(uploads).toEqual([]);
});

test('a server error, a refused microphone and a browser without MediaRecorder each explain themselves; "Escribir en su lugar" focuses the box', async ({
  page,
}) => {
  test.setTimeout(45_000);
  await signUpCoachee(page, 'Alba');
  const dialog = page.getByRole('dialog', { name: 'Entrada rápida por voz' });
  const openRecorder = async () => {
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await voiceButton(page).click();
  };

  // The transcription server failed: the API's Spanish message, and "Volver a intentar" takes the focus.
  await page.route('**/api/voice/transcribe', (route) =>
    route.fulfill({
      status: 502,
      json: { error: { code: 'VOICE_UPSTREAM_ERROR', message: 'El servidor de transcripción no ha podido transcribir el audio.', requestId: 'e2e' } },
    }),
  );
  await openRecorder();
  await dialog.getByRole('button', { name: 'Detener' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('El servidor de transcripción no ha podido transcribir el audio.');
  await expect(dialog.getByRole('button', { name: 'Volver a intentar' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Escribir en su lugar' }).click();
  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  await expect(messageBox(page)).toHaveValue('');

  // The microphone is refused.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await openRecorder();
  await expect(dialog.getByRole('alert')).toContainText('No tienes permiso para usar el micrófono');

  // No MediaRecorder at all.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'MediaRecorder');
  });
  await openRecorder();
  await expect(dialog.getByRole('alert')).toContainText('Este navegador no puede grabar audio');
  await dialog.getByRole('button', { name: 'Escribir en su lugar' }).click();
  await expect(messageBox(page)).toBeFocused();
});
