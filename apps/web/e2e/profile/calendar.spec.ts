import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { freshMember } from '../admin/admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { APP_ORIGIN } from '../support/steps';

/**
 * The plan in the user's calendar (decision 031): from /profile the member sets their work
 * hours and creates the private feed; the URL, fetched with no cookie, is an iCalendar that parses and holds
 * today's plan items; "Revocar" makes it answer 404. The break reminders (same item): inside the work hours
 * a reminder with the member's own message appears, "Posponer 10 min" delays it, outside the hours none does,
 * one of two tabs shows it, and with the page hidden and permission granted it is a system notification.
 */

/** Monday 30 November 2026, 10:55 in Madrid (the browser's zone in these specs). */
const MONDAY_1055 = new Date('2026-11-30T09:55:00Z');

function summaries(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('summary')));
}

async function todaysPlanTitles(page: Page): Promise<string[]> {
  const response = await page.request.post('/api/generate-daily-plan', { data: {}, headers: { Origin: APP_ORIGIN } });
  expect(response.status(), await response.text()).toBe(200);
  const { plan } = (await response.json()) as { plan: { items: Array<{ title: string }> } };
  return plan.items.map((item) => item.title);
}

/** Turns the reminders on from /active-breaks (every hour, with the member's own message). */
async function turnRemindersOn(page: Page, message: string) {
  await page.goto('/active-breaks');
  const reminders = page.getByRole('region', { name: 'Recordatorios' });
  await reminders.getByText('Recordarme hacer pausas', { exact: true }).click();
  await reminders.getByRole('radio', { name: 'cada 60 minutos' }).check();
  await reminders.getByLabel('Tu mensaje (opcional)').fill(message);
  await expect(reminders.getByText(`Te quedan ${140 - message.length} caracteres`)).toBeVisible();
  await expect(reminders.getByText('De 09:00 a 18:00, de lunes a viernes. Fuera de ella no te avisaremos.')).toBeVisible();
}

test.describe('perfil: tu plan en tu calendario', () => {
  test.use({ reducedMotion: 'reduce' });

  test('work hours, create the feed, fetch it with no cookie (text/calendar with today’s plan), revoke it (404); axe clean', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
    await freshMember(page, 'Carmen');
    const titles = await todaysPlanTitles(page);

    await page.goto('/profile');
    const hours = page.getByRole('region', { name: 'Tu jornada' });
    await hours.scrollIntoViewIfNeeded();
    await expect(hours.getByLabel('Empieza')).toHaveValue('09:00');
    await hours.getByLabel('Termina').fill('08:00');
    await hours.getByRole('button', { name: 'Guardar jornada' }).click();
    await expect(hours.getByRole('alert')).toHaveText('Tu jornada tiene que terminar después de empezar');
    await hours.getByLabel('Termina').fill('17:00');
    await hours.getByRole('checkbox', { name: 'Viernes' }).uncheck();
    await hours.getByRole('button', { name: 'Guardar jornada' }).click();
    await expect(page.getByText('De 09:00 a 17:00, de lunes a jueves.')).toBeVisible();

    const card = page.getByRole('region', { name: 'Añadir mi plan al calendario' });
    await card.scrollIntoViewIfNeeded();
    await card.getByRole('button', { name: 'Crear mi enlace' }).click();
    const link = card.getByLabel('Tu enlace privado');
    await expect(link).toBeFocused();
    const url = await link.inputValue();
    expect(url).toMatch(new RegExp(`^${APP_ORIGIN}/api/calendar/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    await expect(card.getByRole('link', { name: 'Abrir en mi app de calendario' })).toHaveAttribute('href', url.replace(/^http:/, 'webcal:'));
    await card.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(card.getByText('Enlace copiado. Pégalo en tu app de calendario.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoSeriousA11yViolations(page, testInfo, 'perfil-calendario');

    // The calendar app's request: no cookie (the `request` fixture shares nothing with the page).
    const feed = await request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const events = summaries(await feed.text());
    for (const title of titles) expect(events).toContain(title);

    await card.getByRole('button', { name: 'Revocar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Revocar el enlace de tu calendario?' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Revocar el enlace' }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByRole('button', { name: 'Crear mi enlace' })).toBeVisible();
    expect((await request.get(url)).status()).toBe(404);
  });

  test('break reminders: inside the work hours with the custom message, snooze 10 min, none outside the hours; axe clean', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await freshMember(page, 'Tomás');
    await page.clock.install({ time: MONDAY_1055 });
    await turnRemindersOn(page, 'Estira la espalda y bebe agua');
    const notice = page.getByTestId('recordatorio-pausa');

    // 11:00: the first reminder of the hour, with the member's message.
    await page.clock.runFor(6 * 60_000);
    await expect(notice).toBeVisible();
    await expect(notice.getByRole('heading', { name: 'Hora de una pausa activa' })).toBeVisible();
    await expect(notice.getByText('Estira la espalda y bebe agua')).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo, 'recordatorio-pausa');

    // "Posponer 10 min": gone, back 10 minutes later (not at 12:00); the snooze survives a reload.
    await notice.getByRole('button', { name: 'Posponer 10 min' }).click();
    await expect(notice).toBeHidden();
    expect(await page.evaluate(() => Number(localStorage.getItem('ascenso.pausas.pospuesto')) - Date.now())).toBeGreaterThan(9 * 60_000);
    await page.reload();
    await page.clock.runFor(8 * 60_000);
    await expect(notice).toBeHidden();
    await page.clock.runFor(3 * 60_000);
    await expect(notice.getByText('Estira la espalda y bebe agua')).toBeVisible();
    await notice.getByRole('button', { name: 'Cerrar el recordatorio' }).click();

    // After work (18:30): nothing until the next morning.
    await page.clock.fastForward('07:18:00');
    await page.clock.runFor(60 * 60_000);
    await expect(notice).toBeHidden();
  });

  test('two tabs show a reminder once and share its snooze; with the page hidden and permission granted it is a system notification', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await freshMember(page, 'Lola');
    // Permission granted, and a Notification stand-in that records what the app shows (no OS notification in CI).
    await context.grantPermissions(['notifications'], { origin: APP_ORIGIN });
    await context.addInitScript(() => {
      const shown: Array<{ title: string; body: string }> = [];
      (window as unknown as { __notifications: typeof shown }).__notifications = shown;
      class RecordingNotification {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        onclick: (() => void) | null = null;
        constructor(title: string, options: { body?: string } = {}) {
          shown.push({ title, body: options.body ?? '' });
        }
        close() {}
      }
      Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true });
      Object.defineProperty(document, 'visibilityState', {
        get: () => ((window as unknown as { __hidden?: boolean }).__hidden ? 'hidden' : 'visible'),
        configurable: true,
      });
    });
    await page.clock.install({ time: MONDAY_1055 });
    await turnRemindersOn(page, 'Mira lejos veinte segundos');
    await expect(page.getByText('Los avisos del navegador están activados: te llegarán aunque estés en otra pestaña.')).toBeVisible();
    // The fake clock belongs to the context: both tabs share it.
    const second = await context.newPage();
    await second.goto('/profile');
    await page.evaluate(() => {
      (window as unknown as { __hidden: boolean }).__hidden = true;
    });

    await page.clock.runFor(6 * 60_000);
    const notices = [page.getByTestId('recordatorio-pausa'), second.getByTestId('recordatorio-pausa')];
    await expect.poll(async () => (await notices[0]!.count()) + (await notices[1]!.count())).toBe(1);
    await page.waitForTimeout(500);
    expect((await notices[0]!.count()) + (await notices[1]!.count())).toBe(1);
    // The tab that showed it, hidden, also raised the system notification with the member's message.
    if ((await notices[0]!.count()) === 1) {
      expect(await page.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications)).toEqual([
        { title: 'Hora de una pausa activa', body: 'Mira lejos veinte segundos' },
      ]);
    } else {
      expect(await second.evaluate(() => (window as unknown as { __notifications: unknown[] }).__notifications)).toEqual([]);
    }

    // The snooze is shared: snoozed in the tab that showed it, neither tab reminds before it ends, then one does.
    const shownIn = (await notices[0]!.count()) === 1 ? 0 : 1;
    await notices[shownIn]!.getByRole('button', { name: 'Posponer 10 min' }).click();
    await expect(notices[shownIn]!).toBeHidden();
    await page.clock.runFor(9 * 60_000);
    await page.waitForTimeout(300);
    expect((await notices[0]!.count()) + (await notices[1]!.count())).toBe(0);
    await page.clock.runFor(2 * 60_000);
    await expect.poll(async () => (await notices[0]!.count()) + (await notices[1]!.count())).toBe(1);
  });
});
