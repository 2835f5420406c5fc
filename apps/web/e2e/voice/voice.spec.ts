import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';
import { signUpCoachee } from '../support/coaching';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { toneWav } from '@ascenso/test-services/wav';

/**
 * Voice quick entry (decision 030): Chromium's fake microphone plays a WAV tone written here; the
 * e2e server's transcription server is the fake OpenAI-compatible one (e2e/start-server.mjs), which
 * answers DEFAULT_FAKE_TRANSCRIPT. The transcript lands in Home's message box and nothing is sent
 * until the person presses Enviar.
 */

const TRANSCRIPT = 'Hoy quiero caminar veinte minutos después de comer.';

// Written by the worker that runs these tests, before its browser starts (the browser is launched for the
// first test, after beforeAll), and removed after them: the runner only loads this file to list the
// tests, so nothing is left behind in the system's temporary folder.
const WAV_PATH = join(tmpdir(), `ascenso-voice-e2e-${process.pid}.wav`);
test.beforeAll(() => {
  // Four seconds of a 440 Hz tone, 16-bit mono PCM at 48 kHz.
  writeFileSync(WAV_PATH, toneWav(4, { rate: 48_000, amplitude: 16_000 }));
});
test.afterAll(() => rmSync(WAV_PATH, { force: true }));

test.use({
  reducedMotion: 'reduce',
  permissions: ['microphone'],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${WAV_PATH}`],
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

test('Cancelar discards a recording; an upload the server refuses for want of a transcriber explains it and the button stops offering voice', async ({
  page,
}, testInfo) => {
  test.setTimeout(45_000);
  await signUpCoachee(page, 'Tomás');
  await page.goto('/');
  await expect(messageBox(page)).toBeVisible();
  // Home comes rendered by the server: wait for the app before pressing its buttons.
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });

  // This server can transcribe: the button opens the recorder.
  await expect(voiceButton(page)).toHaveAttribute('aria-haspopup', 'dialog');
  await expect(voiceButton(page)).not.toHaveAttribute('aria-disabled');

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

  // The server lost its transcriber after the page loaded (a restart with other settings): the upload's 503
  // says so, trying again is not offered, and from then on the button says why instead of opening.
  await page.route('**/api/voice/transcribe', (route) =>
    route.fulfill({
      status: 503,
      json: {
        error: {
          code: 'VOICE_UNAVAILABLE',
          message:
            'La entrada por voz necesita un servidor de transcripción, y este Ascenso no tiene ninguno configurado. Puedes escribir tu mensaje en su lugar.',
          requestId: 'e2e',
        },
      },
    }),
  );
  await voiceButton(page).click();
  await dialog.getByRole('button', { name: 'Detener' }).click();
  await expect(dialog.getByRole('alert')).toContainText('La entrada por voz necesita un servidor de transcripción');
  await expect(dialog.getByRole('button', { name: 'Volver a intentar' })).toHaveCount(0);
  const typeInstead = dialog.getByRole('button', { name: 'Escribir en su lugar' });
  await expect(typeInstead).toBeFocused();
  await expectNoSeriousA11yViolations(page, testInfo, 'voz-sin-servidor');
  await typeInstead.click();
  await expect(dialog).toBeHidden();
  await expect(messageBox(page)).toBeFocused();
  await expect(voiceButton(page)).toHaveAttribute('aria-disabled', 'true');
  await expect(voiceButton(page)).toHaveAccessibleDescription(
    'La entrada por voz no está disponible: este servidor no tiene un servicio de transcripción configurado',
  );
  // Pressed, it keeps its tooltip open (700 ms after the pointer arrived) and opens nothing.
  // force: Playwright waits for an aria-disabled button to be enabled; a person can press it all the same.
  await voiceButton(page).click({ force: true });
  await expect(page.getByRole('tooltip', { name: /^La entrada por voz no está disponible/ })).toBeVisible();
  await expect(dialog).toHaveCount(0);
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

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error('no bounding box');
  return box;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/**
 * The recorder's parts on screen: each inside the viewport and the dialog, none overlapping another,
 * no text cut off in its box (what it needs fits in what it has), the page not scrolling sideways; on a
 * phone, touch targets of at least 44 × 44 px.
 */
async function expectLaidOut(page: Page, parts: Record<string, Locator>, options: { phone: boolean; targets: string[] }) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const screen: Box = { x: 0, y: 0, ...viewport };
  const dialogBox = await boxOf(page.getByTestId('voice-dialog'));
  expect(inside(dialogBox, screen), `the dialog ${JSON.stringify(dialogBox)} within the ${viewport.width}×${viewport.height} screen`).toBe(true);
  const boxes: Record<string, Box> = {};
  for (const [name, locator] of Object.entries(parts)) {
    const box = await boxOf(locator);
    boxes[name] = box;
    expect(inside(box, dialogBox), `${name} ${JSON.stringify(box)} inside the dialog ${JSON.stringify(dialogBox)}`).toBe(true);
    const clipped = await locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
    expect(clipped, `${name}: its content fits its box`).toBe(false);
  }
  const names = Object.keys(boxes);
  for (const [i, a] of names.entries()) for (const b of names.slice(i + 1)) expect(overlap(boxes[a]!, boxes[b]!), `${a} and ${b} overlap`).toBe(false);
  if (options.phone) {
    for (const name of options.targets) {
      expect(boxes[name]!.height, `${name} is at least 44 px tall`).toBeGreaterThanOrEqual(44);
      expect(boxes[name]!.width, `${name} is at least 44 px wide`).toBeGreaterThanOrEqual(44);
    }
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(sideways, 'the page scrolls sideways').toBe(false);
  return boxes;
}

for (const screen of [
  { name: 'desktop 1280×800', width: 1280, height: 800, phone: false },
  { name: 'phone 375×667', width: 375, height: 667, phone: true },
]) {
  test(`the recorder’s layout on a ${screen.name}: meter, time and buttons fit, aligned, nothing clipped`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await signUpCoachee(page, 'Nora');
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await voiceButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Entrada rápida por voz' });
    const meter = dialog.getByRole('meter', { name: 'Nivel del micrófono' });
    await expect(meter).toBeVisible({ timeout: 10_000 });
    const elapsed = dialog.getByTestId('voice-elapsed');
    await expect(elapsed).toContainText(/0:0[1-9] \/ 2:00/, { timeout: 10_000 });

    const recording = await expectLaidOut(
      page,
      {
        title: dialog.getByRole('heading', { name: 'Entrada rápida por voz' }),
        close: dialog.getByRole('button', { name: 'Cerrar' }),
        status: dialog.getByRole('status'),
        meter,
        time: elapsed,
        cancel: dialog.getByRole('button', { name: 'Cancelar' }),
        stop: dialog.getByRole('button', { name: 'Detener' }),
      },
      { phone: screen.phone, targets: ['close', 'cancel', 'stop'] },
    );
    // The meter and its time share a row, the time to the right, their middles level.
    const middle = (box: Box) => box.y + box.height / 2;
    expect(Math.abs(middle(recording.meter!) - middle(recording.time!))).toBeLessThanOrEqual(2);
    expect(recording.time!.x).toBeGreaterThanOrEqual(recording.meter!.x + recording.meter!.width);
    expect(recording.meter!.width).toBeGreaterThan(screen.phone ? 120 : 200);
    // Cancelar and Detener side by side under the meter, Detener last, tops level.
    expect(Math.abs(recording.cancel!.y - recording.stop!.y)).toBeLessThanOrEqual(1);
    expect(recording.stop!.x).toBeGreaterThan(recording.cancel!.x);
    expect(recording.cancel!.y).toBeGreaterThan(recording.meter!.y + recording.meter!.height);
    // The close button on the title's row, clear of the title.
    expect(Math.abs(middle(recording.close!) - middle(recording.title!))).toBeLessThanOrEqual(4);

    // The error step's two long labels: side by side on a wide screen, one under the other on a phone.
    await page.route('**/api/voice/transcribe', (route) =>
      route.fulfill({
        status: 502,
        json: {
          error: {
            code: 'VOICE_UPSTREAM_ERROR',
            message: 'El servidor de transcripción no ha podido transcribir el audio. Vuelve a intentarlo o escribe tu mensaje.',
            requestId: 'e2e',
          },
        },
      }),
    );
    await dialog.getByRole('button', { name: 'Detener' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    const failed = await expectLaidOut(
      page,
      {
        title: dialog.getByRole('heading', { name: 'Entrada rápida por voz' }),
        close: dialog.getByRole('button', { name: 'Cerrar' }),
        alert: dialog.getByRole('alert'),
        type: dialog.getByRole('button', { name: 'Escribir en su lugar' }),
        retry: dialog.getByRole('button', { name: 'Volver a intentar' }),
      },
      { phone: screen.phone, targets: ['close', 'type', 'retry'] },
    );
    if (screen.phone) expect(failed.retry!.y).toBeGreaterThanOrEqual(failed.type!.y + failed.type!.height);
    else expect(Math.abs(failed.type!.y - failed.retry!.y)).toBeLessThanOrEqual(1);
  });
}
