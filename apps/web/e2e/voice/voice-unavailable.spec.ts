import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { DEMO_USER, submitLogin } from '../support/auth';
import { startOwnServer, type OwnServer } from '../support/own-server';

/**
 * Voice quick entry on a server WITHOUT a transcription server (decision 030): a server of this spec's own
 * (support/own-server.ts: no model, no TRANSCRIBE_BASE_URL). The step counter's button knows before it is
 * pressed, from the page itself (`voice.capability` is a first-screen query): it is aria-disabled (still
 * focusable), its tooltip says why on hover and on keyboard focus, and no press opens a recorder.
 */

const REASON = 'La entrada por voz no está disponible: este servidor no tiene un servicio de transcripción configurado';

let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const counter = (page: Page) => page.getByTestId('floating-step-counter');
const voiceButton = (page: Page) => counter(page).getByRole('button', { name: 'Entrada rápida por voz' });

/** Everything a press could start: the recorder's chunk, the capability or an upload, the microphone. */
function watchVoiceActivity(page: Page): { requests: string[]; microphone: () => Promise<number> } {
  const requests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/voice-dialog|\/api\/voice|voice\.capability/.test(url)) requests.push(url);
  });
  return { requests, microphone: () => page.evaluate(() => (window as unknown as { __microphoneAsks?: number }).__microphoneAsks ?? 0) };
}

test('the voice button is aria-disabled from the first paint, says why on hover and on focus, and no press opens anything', async ({ page }, testInfo) => {
  test.setTimeout(60_000);
  // Counts any request for the microphone (none may happen).
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const original = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => {
      const w = window as unknown as { __microphoneAsks?: number };
      w.__microphoneAsks = (w.__microphoneAsks ?? 0) + 1;
      return original(constraints);
    };
  });

  // Signed in through the form: the app asks for the answer along with the counter's other data.
  await page.goto(`${server.origin}/acceso`);
  await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${DEMO_USER.firstName}` })).toBeVisible();
  await expect(voiceButton(page)).toHaveAttribute('aria-disabled', 'true');

  // A fresh page: the answer comes with it (the server-rendered Home already has the disabled button), and the
  // app asks the server nothing about voice.
  const activity = watchVoiceActivity(page);
  const response = await page.goto(`${server.origin}/`);
  const html = (await response?.text()) ?? '';
  const bootstrap = JSON.parse(html.match(/<script id="ascenso-bootstrap" type="application\/json">([^<]*)<\/script>/)?.[1] ?? '{}') as {
    queries?: Array<{ path: string; data: { json: unknown } }>;
  };
  expect(bootstrap.queries?.find((q) => q.path === 'voice.capability')?.data.json).toEqual({ available: false, maxSeconds: 120, maxBytes: 10_485_760 });
  // Home usually comes rendered by the server (not when the render is slow: decision 021); then its button is already disabled.
  if (html.includes('data-page="server"')) {
    expect(html.match(/<button[^>]*aria-label="Entrada rápida por voz"[^>]*>/)?.[0]).toContain('aria-disabled="true"');
  }
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const button = voiceButton(page);
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // aria-disabled, not disabled: it stays in the tab order so its tooltip can be reached.
  await expect(button).not.toHaveAttribute('disabled');
  await expect(button).not.toHaveAttribute('aria-haspopup');
  // Screen readers get the reason as its description, tooltip open or not.
  await expect(button).toHaveAccessibleDescription(REASON);
  // The tooltip code is a lazy chunk: wait until the button is its trigger.
  await expect(button).toHaveAttribute('data-scope', 'tooltip');
  const tooltip = page.getByRole('tooltip', { name: REASON });

  // Hover: the tooltip says why; a click opens nothing and leaves the explanation open.
  await button.hover();
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(REASON);
  // force: Playwright waits for an aria-disabled button to be enabled; a person can press it all the same.
  await button.click({ force: true });
  await expect(tooltip).toBeVisible();

  // Keyboard: from the total, Shift+Tab reaches the button, whose tooltip opens on focus; Enter and Space open nothing.
  await page.mouse.move(5, 300);
  await expect(tooltip).toBeHidden();
  await counter(page).getByRole('link').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(button).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expect(button).toHaveAccessibleDescription(REASON);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(button).toBeFocused();
  await expect(tooltip).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo, 'voz-no-disponible');

  // Give a recorder every chance to have appeared (its chunk is small and local), then check nothing did.
  await page.waitForTimeout(750);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(activity.requests).toEqual([]);
  expect(await activity.microphone()).toBe(0);
});

test('on a phone, where a finger gets no tooltip, a tap tells why in a notification and opens nothing', async ({ browser }, testInfo) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true, locale: 'es-ES' });
  const page = await context.newPage();
  try {
    await page.goto(`${server.origin}/acceso`);
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${DEMO_USER.firstName}` })).toBeVisible();
    const button = voiceButton(page);
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    const activity = watchVoiceActivity(page);
    // force: Playwright waits for an aria-disabled button to be enabled; a finger can tap it all the same.
    await button.tap({ force: true });
    const notice = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'La entrada por voz no está disponible' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Este servidor no tiene un servicio de transcripción configurado');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, testInfo, 'voz-no-disponible-movil');
    expect(activity.requests).toEqual([]);
  } finally {
    await context.close();
  }
});
