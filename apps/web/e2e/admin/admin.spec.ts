import { expect, test, type Page } from '@playwright/test';
import { DEMO_USER } from '../support/auth';
import { ADMIN, completeFromPage, freshMember, loginViaApi } from './admin-support';

const ADMIN_PATHS = ['/admin', '/admin/steps', '/email-test', '/ai-email-test'];

async function expectForbidden(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'No tienes permiso' })).toBeVisible();
  await expect(page.getByText(/solo para las personas que administran Ascenso/)).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
  await expect(page).toHaveTitle('No tienes permiso · Ascenso');
}

/** The catalogue row (a form) of one activity, by its key. */
function catalogueRow(page: Page, key: string) {
  return page.getByRole('region', { name: 'Catálogo de actividades' }).getByRole('listitem').filter({ hasText: key });
}

async function setDailyLimit(page: Page, key: string, value: number): Promise<void> {
  const row = catalogueRow(page, key);
  await row.getByRole('textbox', { name: 'Límite diario' }).fill(String(value));
  await row.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText(/^Guardado: /).first()).toBeVisible();
  await expect(row.getByRole('textbox', { name: 'Límite diario' })).toHaveValue(String(value));
}

test.describe('administración', () => {
  test('a plain user is refused on every admin screen and sees no "Administración" entry', async ({ page }) => {
    await loginViaApi(page, DEMO_USER);
    for (const path of ADMIN_PATHS) {
      await page.goto(path);
      await expectForbidden(page);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Administración' })).toHaveCount(0);
    // The API refuses too.
    const response = await page.request.get('/api/trpc/admin.overview');
    expect(response.status()).toBe(403);
  });

  test('dashboard: figures, services, charts with tables, and a searchable users list', async ({ page }) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Administración' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Administración' }).getByRole('link', { name: 'Panel' })).toHaveAttribute('aria-current', 'page');

    const figures = page.getByRole('region', { name: 'Cifras principales' });
    await expect(figures.getByText('Personas registradas')).toBeVisible();
    await expect(figures.getByText(/%$/)).toBeVisible();

    const health = page.getByRole('region', { name: 'Estado de los servicios' });
    await expect(health.getByRole('listitem')).toHaveCount(3);
    await expect(health.getByText('Bandeja de desarrollo')).toBeVisible();
    await expect(health.getByText(/Coach sin conexión/)).toBeVisible();

    const activities = page.getByRole('region', { name: 'Actividades completadas por día' });
    await expect(activities.getByRole('img', { name: /Gráfico de barras apiladas/ })).toBeVisible();
    await expect(
      activities
        .getByRole('list', { name: /Leyenda/ })
        .getByRole('listitem')
        .first(),
    ).toBeVisible();
    await activities.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    await expect(activities.getByRole('table').getByRole('row')).toHaveCount(15);
    const aiUsage = page.getByRole('region', { name: 'Uso del coach con IA' });
    await expect(aiUsage.getByRole('img', { name: /tokens/ })).toBeVisible();
    await expect(aiUsage.getByRole('img', { name: /error(es)? del modelo|llamadas fallidas/ })).toBeVisible();

    const people = page.getByRole('region', { name: 'Personas' });
    await people.getByRole('searchbox', { name: 'Buscar por nombre o correo' }).fill('demo@ascenso');
    const rows = people.getByRole('list', { name: 'Personas encontradas' }).getByRole('link');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Lucía Martín');
    await expect(rows.first()).toHaveAttribute('href', /^\/admin\/steps\?user=/);
    await rows.first().click();
    await expect(page).toHaveURL(/\/admin\/steps\?user=/);
    await expect(page.getByText('Persona elegida')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Pasos de una persona' }).getByText('demo@ascenso.local')).toBeVisible();
  });

  test('a daily limit changed by the admin applies to the next completion (and is restored)', async ({ page, browser }) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/admin/steps');
    await expect(page.getByRole('heading', { level: 1, name: 'Pasos y catálogo' })).toBeVisible();
    const row = catalogueRow(page, 'sesion_completa');
    await expect(row.getByRole('textbox', { name: 'Límite diario' })).toHaveValue('1');

    // Validation mirrors the domain schema.
    await row.getByRole('textbox', { name: 'Límite diario' }).fill('1,5');
    await row.getByRole('button', { name: 'Guardar' }).click();
    await expect(row.getByText('Escribe un número entero')).toBeVisible();
    await expect(row.getByRole('textbox', { name: 'Límite diario' })).toBeFocused();

    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    try {
      await setDailyLimit(page, 'sesion_completa', 2);
      await expect(page.getByRole('region', { name: 'Registro de cambios del catálogo' }).getByRole('listitem').first()).toContainText('Límite diario: 1');

      await freshMember(member, 'Gael', 'limite');
      await member.goto('/');
      const first = await completeFromPage(member, 'sesion_completa');
      const second = await completeFromPage(member, 'sesion_completa');
      expect(first).toMatchObject({ stepsEarned: 1250, limitReached: false });
      expect(second).toMatchObject({ stepsEarned: 1250, limitReached: false, dailyLimit: 2 });
      const third = await completeFromPage(member, 'sesion_completa');
      expect(third).toMatchObject({ stepsEarned: 0, limitReached: true });
    } finally {
      await setDailyLimit(page, 'sesion_completa', 1);
      await memberContext.close();
    }
    const audit = page.getByRole('region', { name: 'Registro de cambios del catálogo' }).getByRole('listitem');
    await expect(audit.first()).toContainText('Sesión completa');
    await expect(audit.first()).toContainText('admin@ascenso.local');
  });

  test("a manual adjustment needs a reason and shows up in the person's ledger", async ({ page, browser }) => {
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    const person = await freshMember(member, 'Vera', 'ajuste');

    await loginViaApi(page, ADMIN);
    await page.goto('/admin/steps');
    const panel = page.getByRole('region', { name: 'Pasos de una persona' });
    await panel.getByRole('searchbox', { name: 'Buscar una persona' }).fill(person.email);
    await panel.getByRole('button', { name: new RegExp(person.email) }).click();
    await expect(page).toHaveURL(new RegExp(`user=${person.id}`));
    await expect(panel.getByText('Persona elegida')).toBeVisible();

    const form = panel.getByRole('form', { name: 'Ajuste manual de pasos' });
    await form.getByRole('textbox', { name: 'Pasos' }).fill('0');
    await form.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(form.getByText('El ajuste no puede ser 0')).toBeVisible();
    await expect(form.getByText('Explica el motivo del ajuste')).toBeVisible();

    await form.getByRole('textbox', { name: 'Pasos' }).fill('-150');
    await form.getByRole('textbox', { name: 'Motivo' }).fill('Actividad duplicada por error');
    await form.getByRole('button', { name: 'Aplicar ajuste' }).click();
    await expect(form.getByText(/Ajuste aplicado: −150 pasos/)).toBeVisible();
    const ledger = panel.getByRole('list', { name: 'Movimientos de pasos' });
    await expect(ledger.getByRole('listitem').first()).toContainText('Motivo: Actividad duplicada por error');
    await expect(ledger.getByRole('listitem').first()).toContainText('−150');

    await member.goto('/profile');
    // A cold start of the app (its chunks, then the profile's) can take longer than an assertion's 5 s on a
    // machine loaded by a second gate; the ledger is checked once the app has started.
    await member.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(member.getByRole('region', { name: 'Tu historial de pasos' }).getByRole('listitem').first()).toContainText('Actividad duplicada por error');
    await memberContext.close();
  });

  test('/email-test: preview each template, send a test and find it stored in the outbox', async ({ page }) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/email-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Correo de prueba' })).toBeVisible();
    await expect(page.getByTestId('email-subject')).toHaveText('Te damos la bienvenida a Ascenso, Admin');
    const frame = page.locator('iframe[title^="Vista previa del correo"]');
    await expect(frame).toHaveAttribute('sandbox', '');
    // The welcome mail carries the link that confirms the address (a sample one here).
    await expect(frame).toHaveAttribute('srcdoc', /Confirmar mi correo/);
    await expect(page.getByLabel('Versión de texto del correo')).toContainText('Hola, Admin:');

    await page.getByRole('radio', { name: /Resumen semanal/ }).check({ force: true });
    await expect(page.getByTestId('email-subject')).toHaveText(/^Tu semana en Ascenso/);

    const address = `prueba-${Date.now()}@ejemplo.test`;
    const form = page.getByRole('form', { name: 'Enviar correo de prueba' });
    await form.getByRole('textbox', { name: 'Enviar a' }).fill('no-es-un-correo');
    await form.getByRole('button', { name: /Enviar/ }).click();
    await expect(form.getByText('Escribe un correo válido')).toBeVisible();
    await form.getByRole('textbox', { name: 'Enviar a' }).fill(address);
    await form.getByRole('button', { name: /Enviar/ }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Guardado en la bandeja de salida de desarrollo' })).toBeVisible();

    const outbox = page.getByRole('region', { name: 'Bandeja de salida' });
    const message = outbox.getByRole('listitem').filter({ hasText: address });
    await expect(message).toContainText('Guardado (desarrollo)');
    await expect(message).toContainText('Resumen semanal');
  });

  test('/ai-email-test: the coach writes a person’s weekly summary; preview, then send', async ({ page }) => {
    await loginViaApi(page, ADMIN);
    await page.goto('/ai-email-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Correo del coach' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar una persona' }).fill('demo@ascenso');
    await page.getByRole('button', { name: /demo@ascenso\.local/ }).click();
    await page.getByRole('button', { name: 'Generar la vista previa' }).click();

    const preview = page.getByRole('region', { name: 'Vista previa del resumen semanal' });
    await expect(preview.getByTestId('email-subject')).toHaveText(/^Tu semana en Ascenso/, { timeout: 15_000 });
    await expect(preview.getByText('Escrito por el coach sin conexión')).toBeVisible();
    await expect(preview.locator('iframe[sandbox=""]')).toHaveAttribute('srcdoc', /Lucía/);

    // Only to the person it is about: there is no recipient to choose.
    await expect(preview.getByRole('textbox')).toHaveCount(0);
    await expect(preview.getByText('Se envía solo a la persona, a demo@ascenso.local')).toBeVisible();
    await preview.getByRole('button', { name: 'Enviar el resumen' }).click();
    await expect(preview.getByRole('status').filter({ hasText: 'Guardado en la bandeja de salida de desarrollo' })).toBeVisible({ timeout: 15_000 });
    // The newest mail in the outbox is this one, to the person's own address.
    await expect(page.getByRole('region', { name: 'Bandeja de salida' }).getByRole('listitem').first()).toContainText('demo@ascenso.local');
    // And the audit log says who sent it, to whom, and how it went.
    const log = page.getByRole('region', { name: 'Registro de correos enviados en nombre de personas' });
    const entry = log.getByRole('list', { name: 'Correos enviados en nombre de personas' }).getByRole('listitem').first();
    await expect(entry).toContainText('para Lucía (demo@ascenso.local)');
    await expect(entry).toContainText(`Enviado por ${ADMIN.email}`);
    await expect(entry).toContainText('Guardado (desarrollo)');
  });
});
