import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { freshMember, loginViaApi, MEMBER_PASSWORD } from '../admin/admin-support';
import { APP_ORIGIN, completeViaApi } from '../support/steps';

/** Calls a tRPC mutation over HTTP the way the app does (superjson envelope, allowed Origin). */
async function trpcMutation<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(`/api/trpc/${path}`, {
    data: { json: input },
    headers: { Origin: APP_ORIGIN },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { json: T } } }).result.data.json;
}

/** A finished structured session: the (offline) coach turns the last message into open commitments. */
async function finishSessionWithCommitments(page: Page, lastMessage: string): Promise<void> {
  const conversation = await trpcMutation<{ id: string }>(page, 'coaching.start', { kind: 'session' });
  for (const content of ['Llego con mucho trabajo esta semana', lastMessage]) {
    await trpcMutation(page, 'coaching.send', {
      conversationId: conversation.id,
      content,
      clientMessageId: randomUUID(),
    });
  }
  await trpcMutation(page, 'coaching.finishSession', { conversationId: conversation.id });
}

test.describe('perfil', () => {
  test('name and time zone are editable; the 30-day chart, the ledger with reasons and the assessment summary show', async ({ page }) => {
    await freshMember(page, 'Irene');
    await completeViaApi(page.request, 'journaling');
    await completeViaApi(page.request, 'journaling');
    await completeViaApi(page.request, 'journaling'); // past the limit of 2: recorded without steps

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();

    // 30-day chart: an SVG with a text summary, and every value in a table on demand.
    const chart = page.getByRole('region', { name: 'Pasos de los últimos 30 días' });
    await expect(chart.getByRole('img', { name: /Gráfico de barras de tus pasos por día en los últimos 30 días/ })).toBeVisible();
    await chart.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    const table = chart.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(31);
    await expect(table.getByRole('row').last()).toContainText('1650'); // assessment 1000 + 2 × 325 today
    await expect(chart.getByRole('button', { name: 'Ocultar la tabla de datos' })).toHaveAttribute('aria-expanded', 'true');

    // Ledger: every entry with what it earned and why.
    const ledger = page.getByRole('region', { name: 'Tu historial de pasos' });
    const entries = ledger.getByRole('listitem');
    await expect(entries).toHaveCount(4);
    await expect(entries.first()).toContainText('Journaling guiado');
    await expect(entries.first()).toContainText('Límite diario alcanzado');
    await expect(entries.filter({ hasText: 'Evaluación completada' })).toContainText('+1000');

    // Assessment summary with its links.
    const assessment = page.getByRole('region', { name: 'Tu evaluación' });
    await expect(assessment.getByText('Estilo de coaching')).toBeVisible();
    await expect(assessment.getByRole('link', { name: 'Ver tus resultados' })).toHaveAttribute('href', '/assessment/results');
    await expect(assessment.getByRole('link', { name: 'Rehacer la evaluación' })).toHaveAttribute('href', '/assessment');

    // Edit the name and pick a time zone from the searchable list.
    const details = page.getByRole('region', { name: 'Tus datos' });
    await details.getByRole('button', { name: 'Editar tus datos' }).click();
    const form = details.getByRole('form', { name: 'Editar tus datos' });
    await expect(form.getByRole('textbox', { name: 'Nombre', exact: true })).toBeFocused();
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Irene María');
    const zone = form.getByRole('combobox', { name: 'Zona horaria' });
    await zone.click();
    await zone.fill('mexico city');
    await page.getByRole('option', { name: /America\/Mexico City/ }).click();
    await expect(zone).toHaveValue('America/Mexico City');
    await form.getByRole('button', { name: 'Guardar cambios' }).click();

    await expect(details.getByRole('button', { name: 'Editar tus datos' })).toBeFocused();
    await expect(details.getByText('Irene María', { exact: true })).toBeVisible();
    await expect(details.getByText(/America\/Mexico_City/)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Irene María')).toBeVisible();
    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({ firstName: 'Irene María', timezone: 'America/Mexico_City' });
  });

  test('"Exportar mis datos" downloads a JSON document with the account', async ({ page }) => {
    const member = await freshMember(page, 'Eloy');
    await page.goto('/profile');
    const link = page.getByRole('link', { name: 'Exportar mis datos' });
    await expect(link).toHaveAttribute('href', '/api/profile/export');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.json$/);
    const path = await download.path();
    const data = JSON.parse(await readFile(path, 'utf8')) as { account: { email: string }; format: string };
    expect(data.account.email).toBe(member.email);
    expect(data.format).toBe('ascenso-export-v1');
  });

  test('past the hourly export limit, the download is not an error file: a toast says how long to wait', async ({ page }) => {
    await freshMember(page, 'Elia');
    // Ten exports in the hour (the limit), straight from the API.
    for (let i = 0; i < 10; i += 1) expect((await page.request.get('/api/profile/export')).status()).toBe(200);
    await page.goto('/profile');
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    await page.getByRole('link', { name: 'Exportar mis datos' }).click();
    const toast = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: 'No se ha podido descargar' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(/Has descargado tus datos muchas veces en la última hora\. Podrás volver a hacerlo dentro de \d+ minutos?\./);
    expect(downloaded).toBe(false);
  });

  test('notes for the coach: add, edit and delete (with a confirmation)', async ({ page }) => {
    await freshMember(page, 'Nora');
    await page.goto('/profile');
    const coach = page.getByRole('region', { name: 'Lo que tu coach sabe de ti' });
    const notes = coach.getByRole('list', { name: 'Tus notas para el coach' });
    await expect(coach.getByText('Todavía no has añadido notas.')).toBeVisible();

    // An empty note is refused beside the field.
    await coach.getByRole('button', { name: 'Añadir nota' }).click();
    await expect(coach.getByText('Escribe la nota')).toBeVisible();
    await expect(coach.getByRole('textbox', { name: 'Nueva nota' })).toBeFocused();

    await coach.getByRole('textbox', { name: 'Nueva nota' }).fill('Prefiero sesiones cortas por la mañana.');
    await coach.getByRole('button', { name: 'Añadir nota' }).click();
    await expect(notes.getByRole('listitem')).toHaveCount(1);
    await expect(notes.getByRole('listitem').first()).toContainText('Prefiero sesiones cortas por la mañana.');
    await expect(coach.getByRole('textbox', { name: 'Nueva nota' })).toHaveValue('');

    // Edit in place; focus goes back to "Editar".
    const item = notes.getByRole('listitem').first();
    await item.getByRole('button', { name: 'Editar' }).click();
    const text = item.getByRole('textbox', { name: 'Texto de la nota' });
    await expect(text).toBeFocused();
    await text.fill('Prefiero sesiones cortas por la tarde.');
    await item.getByRole('button', { name: 'Guardar' }).click();
    await expect(item).toContainText('Prefiero sesiones cortas por la tarde.');
    await expect(item.getByRole('button', { name: 'Editar' })).toBeFocused();

    // Delete: the dialog starts on "Cancelar"; Escape keeps the note.
    await item.getByRole('button', { name: 'Borrar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Borrar esta nota?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(notes.getByRole('listitem')).toHaveCount(1);

    await item.getByRole('button', { name: 'Borrar' }).click();
    await dialog.getByRole('button', { name: 'Borrar nota' }).click();
    await expect(dialog).toBeHidden();
    await expect(coach.getByText('Todavía no has añadido notas.')).toBeVisible();
    await expect(coach.getByRole('textbox', { name: 'Nueva nota' })).toBeFocused();

    const stored = await (await page.request.get('/api/profile/export')).json();
    expect(stored.coachMemory.notes).toEqual([]);
  });

  test('commitments from a session: edit, mark as done and delete (with a confirmation)', async ({ page }) => {
    await freshMember(page, 'Ciro');
    await finishSessionWithCommitments(page, 'Preparar la agenda el lunes; hablar con Marta');
    await page.goto('/profile');
    const commitments = page.getByRole('list', { name: 'Tus compromisos abiertos' });
    await expect(commitments.getByRole('listitem')).toHaveCount(2);

    const agenda = commitments.getByRole('listitem').filter({ hasText: 'Preparar la agenda el lunes' });
    await agenda.getByRole('button', { name: 'Editar' }).click();
    await agenda.getByRole('textbox', { name: 'Texto del compromiso' }).fill('Preparar la agenda el lunes a primera hora');
    await agenda.getByRole('button', { name: 'Guardar' }).click();
    await expect(commitments.getByText('Preparar la agenda el lunes a primera hora')).toBeVisible();

    await commitments.getByRole('button', { name: 'Marcar como hecho: hablar con Marta' }).click();
    await expect(commitments.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('Ya has cumplido 1 compromiso.')).toBeVisible();

    await commitments.getByRole('listitem').first().getByRole('button', { name: 'Borrar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Borrar este compromiso?' });
    await expect(dialog).toContainText('Preparar la agenda el lunes a primera hora');
    await dialog.getByRole('button', { name: 'Borrar compromiso' }).click();
    await expect(page.getByText('No tienes compromisos abiertos.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tus compromisos abiertos' })).toBeFocused();

    const stored = (await (await page.request.get('/api/profile/export')).json()) as {
      coaching: { commitments: Array<{ text: string; status: string }> };
    };
    expect(stored.coaching.commitments.map((c) => [c.text, c.status])).toEqual([['hablar con Marta', 'done']]);
  });

  test('changing the password ends the session in another browser', async ({ page, browser }) => {
    const member = await freshMember(page, 'Óscar');
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await loginViaApi(otherPage, member);
    await otherPage.goto('/');
    await expect(otherPage.getByRole('heading', { level: 1, name: 'Hola, Óscar' })).toBeVisible();

    await page.goto('/profile');
    const form = page.getByRole('form', { name: 'Cambiar contraseña' });
    // A wrong current password is shown beside that field.
    await form.getByRole('textbox', { name: 'Contraseña actual' }).fill('no es esta contraseña');
    await form.getByRole('textbox', { name: 'Contraseña nueva' }).fill('Otra frase larga para entrar');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('La contraseña actual no es correcta')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Contraseña actual' })).toBeFocused();

    // A too short new password, beside the new one.
    await form.getByRole('textbox', { name: 'Contraseña actual' }).fill(MEMBER_PASSWORD);
    await form.getByRole('textbox', { name: 'Contraseña nueva' }).fill('corta');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('La contraseña necesita al menos 8 caracteres')).toBeVisible();

    await form.getByRole('textbox', { name: 'Contraseña nueva' }).fill('Otra frase larga para entrar');
    await form.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await expect(form.getByText('Se ha cerrado 1 sesión en otro dispositivo')).toBeVisible();

    // The other browser is signed out (live, or at the latest on its next load).
    await otherPage.reload();
    await expect(otherPage.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    // This one is still signed in, and the new password works.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
    const login = await otherPage.request.post('/api/auth/login', {
      data: { email: member.email, password: 'Otra frase larga para entrar' },
      headers: { Origin: APP_ORIGIN },
    });
    expect(login.status()).toBe(200);
    await other.close();
  });

  test('"Cerrar sesión en todos los dispositivos" asks first, then shows the landing page', async ({ page }) => {
    await freshMember(page, 'Telmo');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Cerrar sesión en todos tus dispositivos?' });
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cerrar todas las sesiones' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('deleting the account needs the password and the checkbox; afterwards signing in fails', async ({ page }) => {
    const member = await freshMember(page, 'Berta');
    await page.goto('/profile');
    await page.getByRole('region', { name: 'Tu cuenta' }).getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
    await expect(dialog).toBeVisible();
    const password = dialog.getByRole('textbox', { name: 'Tu contraseña' });
    await expect(password).toBeFocused();

    // Nothing filled in: both are explained.
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(dialog.getByText('Escribe tu contraseña')).toBeVisible();
    await expect(dialog.getByText('Marca la casilla para confirmar que lo entiendes')).toBeVisible();

    // A wrong password (the server answers 401).
    await password.fill('no es mi contraseña');
    await dialog.getByText('Entiendo que se borrarán todos mis datos').click();
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(dialog.getByText('La contraseña no es correcta')).toBeVisible();
    await expect(password).toBeFocused();

    await password.fill(member.password);
    await dialog.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    const login = await page.request.post('/api/auth/login', {
      data: { email: member.email, password: member.password },
      headers: { Origin: APP_ORIGIN },
    });
    expect(login.status()).toBe(401);
  });
});
