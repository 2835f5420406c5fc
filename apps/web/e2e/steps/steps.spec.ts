import { expect, test } from '@playwright/test';
import { ASSESSMENT_STEPS, completeAssessmentViaApi } from '../support/assessment';
import { DEMO_USER, signIn } from '../support/auth';
import {
  completeViaApi,
  esNumber,
  recordSockets,
  registerViaApi,
  routeTrpcSocket,
  stepCounter,
  stepCounterLink,
  stepToasts,
  TRPC_WS_PATH,
  waitForRealtime,
} from '../support/steps';

test.describe('pasos', () => {
  test('a completion elsewhere toasts exactly once in each open tab and updates the counter; one socket per tab', async ({ page, context }) => {
    const sockets = recordSockets(page);
    const firstLive = waitForRealtime(page);
    await signIn(page, DEMO_USER);
    await firstLive;

    const other = await context.newPage();
    const otherSockets = recordSockets(other);
    const otherLive = waitForRealtime(other);
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
    await otherLive;

    // Lucía has a week of history: the counter starts from her total.
    await expect(stepCounterLink(page)).toBeVisible();

    const result = await completeViaApi(page.request, 'active_break');
    const title = result.limitReached ? 'Límite diario alcanzado' : '¡Actividad completada!';

    for (const tab of [page, other]) {
      const toasts = stepToasts(tab);
      await expect(toasts.getByText(title)).toHaveCount(1, { timeout: 1_000 });
      if (!result.limitReached) {
        await expect(toasts.getByText(`+${esNumber(result.stepsEarned)} pasos`)).toBeVisible({ timeout: 1_000 });
        await expect(toasts.getByText('Pausa activa')).toBeVisible();
      }
      await expect(stepCounterLink(tab, result.totalSteps)).toBeVisible({ timeout: 1_000 });
    }

    // Still exactly once after the push, the stats refresh and the polling had time to act.
    await page.waitForTimeout(800);
    for (const tab of [page, other]) await expect(stepToasts(tab).getByText(title)).toHaveCount(1);
    // Each signed-in tab opened exactly one WebSocket, the tRPC one (no `/ws` from the web app).
    expect(sockets).toEqual([TRPC_WS_PATH]);
    expect(otherSockets).toEqual([TRPC_WS_PATH]);
  });

  test('after its socket drops, the tab reconnects and catches up on the completion it missed (tracked ids)', async ({ page }) => {
    await registerViaApi(page, 'Rut');
    await completeAssessmentViaApi(page); // +ASSESSMENT_STEPS pasos
    let away = false;
    const socket = await routeTrpcSocket(page, () => away);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Rut' })).toBeVisible();
    await expect.poll(() => socket.state.started).toBe(1);

    const seen = await completeViaApi(page.request, 'breathing_short');
    await expect(stepToasts(page).getByText('Respiración corta')).toBeVisible({ timeout: 2_000 });
    await expect(stepCounterLink(page, seen.totalSteps)).toBeVisible();

    // The connection drops; the attempts that follow are refused while the tab misses a completion.
    away = true;
    await socket.drop(1011);
    const missed = await completeViaApi(page.request, 'journaling');
    await expect.poll(() => socket.state.connections, { timeout: 5_000 }).toBeGreaterThan(1);
    away = false;

    // The next attempt (at most 16 s later) resumes from the last id: the missed completion toasts.
    await expect(stepToasts(page).getByText('Journaling guiado')).toBeVisible({ timeout: 20_000 });
    await expect(stepCounterLink(page, missed.totalSteps)).toBeVisible();
    expect(socket.state.started).toBe(2);
  });

  test('a socket closed with 4403 stops reconnecting and leads to sign-in again', async ({ page }) => {
    await registerViaApi(page, 'Gael');
    await completeAssessmentViaApi(page);
    const socket = await routeTrpcSocket(page);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
    await expect.poll(() => socket.state.started).toBe(1);

    await socket.drop(4403);
    await expect(page).toHaveURL(/\/acceso\?next=%2Fprofile$/);
    await expect(page.getByRole('form', { name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForTimeout(2_500); // past the first two reconnect delays
    expect(socket.state.connections).toBe(1);
  });

  test('past the daily limit the toast says so, and toasts can be closed', async ({ page }) => {
    await registerViaApi(page, 'Noa');
    await completeAssessmentViaApi(page); // +ASSESSMENT_STEPS pasos
    const live = waitForRealtime(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Noa' })).toBeVisible();
    await live;
    await expect(stepCounterLink(page, ASSESSMENT_STEPS)).toBeVisible();
    const marked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('activities.markToastShown')) marked.push(request.postData() ?? '');
    });

    const first = await completeViaApi(page.request, 'sesion_completa');
    const second = await completeViaApi(page.request, 'sesion_completa');
    expect(first).toMatchObject({ stepsEarned: 1250, limitReached: false, totalSteps: ASSESSMENT_STEPS + 1250 });
    expect(second).toMatchObject({
      stepsEarned: 0,
      limitReached: true,
      totalSteps: ASSESSMENT_STEPS + 1250,
      todayCount: 2,
    });

    const toasts = stepToasts(page);
    await expect(toasts.getByText('¡Actividad completada!')).toBeVisible({ timeout: 1_000 });
    await expect(toasts.getByText(`+${esNumber(1250)} pasos`)).toBeVisible();
    // The second one follows 500 ms later, and is never silent.
    await expect(toasts.getByText('Límite diario alcanzado')).toBeVisible({ timeout: 1_500 });
    await expect(toasts.getByText('Ya has sumado los pasos de «Sesión completa» 1 vez hoy. Queda registrado, sin pasos extra.')).toBeVisible();
    await expect(stepCounterLink(page, ASSESSMENT_STEPS + 1250)).toBeVisible();
    // The server hears once per displayed toast that it was shown.
    await expect.poll(() => marked.length).toBe(2);
    expect(marked.some((body) => body.includes(first.activityId))).toBe(true);
    expect(marked.some((body) => body.includes(second.activityId))).toBe(true);

    // Keyboard-dismissable: the close button is a real button with a Spanish name.
    const limitToast = toasts.locator('[data-phase]').filter({ hasText: 'Límite diario alcanzado' });
    await limitToast.getByRole('button', { name: 'Cerrar notificación' }).press('Enter');
    await expect(toasts.getByText('Límite diario alcanzado')).toHaveCount(0);
    // The other one leaves by itself after 4 s (+ 300 ms).
    await expect(toasts.getByText('¡Actividad completada!')).toHaveCount(0, { timeout: 5_000 });
  });

  test('the counter opens /profile, which shows the totals and today per activity', async ({ page }) => {
    const user = await registerViaApi(page, 'Iker');
    await completeAssessmentViaApi(page); // +ASSESSMENT_STEPS pasos, today
    await completeViaApi(page.request, 'journaling');
    await completeViaApi(page.request, 'journaling');
    await completeViaApi(page.request, 'journaling'); // past the limit of 2: recorded, no steps
    await completeViaApi(page.request, 'breathing_short');

    await page.goto('/');
    await stepCounterLink(page, ASSESSMENT_STEPS + 735).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page).toHaveTitle('Tu perfil · Ascenso');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();

    const details = page.getByRole('region', { name: 'Tus datos' });
    await expect(details.getByText('Iker', { exact: true })).toBeVisible();
    await expect(details.getByText('Prueba Pasos')).toBeVisible();
    await expect(details.getByText(user.email)).toBeVisible();
    await expect(details.getByText(/Europe\/Madrid/)).toBeVisible();

    const steps = page.getByRole('region', { name: 'Tus pasos' });
    await expect(steps.getByRole('definition').filter({ hasText: esNumber(ASSESSMENT_STEPS + 735) })).toHaveCount(2); // total and today

    const today = page.getByRole('region', { name: 'Tu progreso de hoy' });
    await expect(today.getByRole('listitem')).toHaveCount(12);
    const journaling = today.getByRole('listitem').filter({ hasText: 'Journaling guiado' });
    await expect(journaling).toContainText('3 hoy · límite 2');
    await expect(journaling).toContainText('+650 pasos hoy');
    await expect(journaling.getByText('Límite alcanzado')).toBeVisible();
    const breathing = today.getByRole('listitem').filter({ hasText: 'Respiración corta' });
    await expect(breathing).toContainText('1 de 8 hoy');
    await expect(breathing.getByText('Límite alcanzado')).toHaveCount(0);
  });

  test('the counter hides while scrolling down past 100 px and comes back on scrolling up', async ({ page }) => {
    await registerViaApi(page, 'Sara');
    await completeAssessmentViaApi(page); // +ASSESSMENT_STEPS pasos
    await page.goto('/');
    const counter = stepCounter(page);
    await expect(stepCounterLink(page, ASSESSMENT_STEPS)).toBeVisible();
    // Home arrives rendered by the server; the counter follows the scroll once the app has started.
    await expect(page.locator('html[data-app-ready]')).toHaveCount(1);
    await page.evaluate(() => {
      document.body.style.minHeight = '4000px';
    });

    await page.evaluate(() => window.scrollTo({ top: 80, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(counter).toBeVisible();

    await page.evaluate(() => window.scrollTo({ top: 600, behavior: 'instant' }));
    await expect(counter).toBeHidden();

    await page.evaluate(() => window.scrollTo({ top: 400, behavior: 'instant' }));
    await expect(counter).toBeVisible();
  });

  test('voice entry opens the recorder (e2e/voice); the counter is hidden on chat and assessment paths', async ({ page }) => {
    await registerViaApi(page, 'Leo');
    await completeAssessmentViaApi(page); // +ASSESSMENT_STEPS pasos
    await page.goto('/');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' }); // Home is server-rendered: after hydration
    await stepCounter(page).getByRole('button', { name: 'Entrada rápida por voz' }).click();
    await expect(page.getByRole('dialog', { name: 'Entrada rápida por voz' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Entrada rápida por voz' })).toBeHidden();
    await expect(page).toHaveURL(/\/$/);

    for (const path of ['/assessment', '/evaluacion', '/coaching/chat', '/journaling/chat']) {
      await page.goto(path);
      // The app frame is there (on /assessment "Retomar Evaluación" may already cover it, as a modal).
      await expect(page.getByRole('banner', { includeHidden: true })).toBeAttached();
      await expect(stepCounter(page)).toHaveCount(0);
    }
    await page.goto('/profile');
    await expect(stepCounter(page)).toBeVisible();
  });
});
