import { expect, test, type Page } from '@playwright/test';
import { freshMember } from '../admin/admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { APP_ORIGIN } from '../support/steps';

/**
 * Sharing with a coach or therapist (decision 029): from /profile the member ticks the mood
 * trend and one journal entry, copies the link; a visitor with no account and no cookie sees exactly that
 * (server-rendered, no request to another origin, no CSP refusal), the owner sees the view; after "Revocar"
 * the link answers the 410 page.
 */

async function journalEntry(page: Page, title: string, body: string, mood: string) {
  const created = await page.request.post('/api/trpc/journaling.create', { data: { json: { title, body, mood } }, headers: { Origin: APP_ORIGIN } });
  expect(created.status(), await created.text()).toBe(200);
}

test.describe('perfil: compartir con tu coach o terapeuta', () => {
  test.use({ reducedMotion: 'reduce' });

  test('create a share with the mood trend and one ticked entry, open it without an account, see the view, revoke it (410)', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_ORIGIN });
    await freshMember(page, 'Irene');
    await journalEntry(page, 'Una conversación tranquila', 'Hoy he hablado con calma con mi jefa sobre los plazos.', 'tranquilidad');
    await journalEntry(page, 'Solo para mí', 'ESTO-NO-SE-COMPARTE: lo que pienso de verdad.', 'cansancio');

    await page.goto('/profile');
    const card = page.getByRole('region', { name: 'Compartir con tu coach o terapeuta' });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByText('Todavía no has compartido nada.')).toBeVisible();
    const shared = card.getByRole('checkbox', { name: /Una conversación tranquila/ });
    const secret = card.getByRole('checkbox', { name: /Solo para mí/ });
    await expect(shared).not.toBeChecked();
    await expect(secret).not.toBeChecked();

    // Nothing chosen: a Spanish error, nothing created.
    await card.getByRole('button', { name: 'Crear enlace' }).click();
    await expect(card.getByText('Elige al menos una parte que compartir o una entrada del diario')).toBeVisible();

    // Chakra's checkbox: its input is visually hidden, the label is what a person clicks.
    await card.locator('label').filter({ hasText: 'Evolución del estado de ánimo' }).click();
    await expect(card.getByRole('checkbox', { name: /Evolución del estado de ánimo/ })).toBeChecked();
    await card.locator('label').filter({ hasText: 'Una conversación tranquila' }).click();
    await expect(shared).toBeChecked();
    await expect(secret).not.toBeChecked();
    await card.getByLabel('Durante cuánto tiempo').selectOption('3');
    await expectNoSeriousA11yViolations(page, testInfo, 'profile-shares-form');
    await card.getByRole('button', { name: 'Crear enlace' }).click();

    const urlInput = card.getByRole('textbox', { name: 'Tu enlace para compartir' });
    await expect(urlInput).toHaveValue(new RegExp(`^${APP_ORIGIN}/compartido/[A-Za-z0-9_-]{43}$`));
    await expect(urlInput).toBeFocused();
    const url = await urlInput.inputValue();
    await card.getByRole('button', { name: 'Copiar enlace' }).click();
    await expect(card.getByText('Enlace copiado. Envíaselo a tu coach o terapeuta.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    const item = card.getByRole('listitem').filter({ hasText: 'Enlace creado el' });
    await expect(item).toContainText('Activo');
    await expect(item).toContainText('Evolución del estado de ánimo; 1 entrada del diario');
    await expect(item.getByTestId('share-views')).toHaveText('Nadie lo ha abierto todavía');
    await expectNoSeriousA11yViolations(page, testInfo, 'profile-shares-created');

    // A visitor: a fresh context, no cookies.
    const visitor = await browser.newContext({ locale: 'es-ES' });
    const view = await visitor.newPage();
    const requests: string[] = [];
    const cspErrors: string[] = [];
    view.on('request', (request) => requests.push(request.url()));
    view.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    const response = await view.goto(url);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(view.getByRole('heading', { level: 1, name: 'Progreso compartido de Irene' })).toBeVisible();
    await expect(view.getByRole('heading', { level: 2, name: 'Estado de ánimo' })).toBeVisible();
    await expect(view.getByRole('heading', { level: 2, name: 'Entradas del diario elegidas' })).toBeVisible();
    await expect(view.getByRole('heading', { level: 3, name: 'Una conversación tranquila' })).toBeVisible();
    await expect(view.getByText('Hoy he hablado con calma con mi jefa sobre los plazos.')).toBeVisible();
    await expect(view.locator('body')).not.toContainText('ESTO-NO-SE-COMPARTE');
    await expect(view.locator('body')).not.toContainText('Solo para mí');
    await expect(view.getByRole('heading', { name: 'Pasos' })).toHaveCount(0);
    await expect(view.getByRole('contentinfo')).toContainText(/Compartido por Irene hasta el \d{1,2} de [a-z]+ de \d{4} a las \d{2}:\d{2}\./);
    await expect(view.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    // The hashed style applies (no CSP refusal) and nothing is asked of another origin, nor any script.
    expect(await view.locator('header').evaluate((el) => getComputedStyle(el).maxWidth)).not.toBe('none');
    expect(cspErrors).toEqual([]);
    expect(requests.filter((r) => !r.startsWith(`${APP_ORIGIN}/`))).toEqual([]);
    expect(requests.filter((r) => r !== url && !r.endsWith('/favicon.ico'))).toEqual([]);
    await expectNoSeriousA11yViolations(view, testInfo, 'share-page');

    // The owner sees the view.
    await page.reload();
    await card.scrollIntoViewIfNeeded();
    await expect(item.getByTestId('share-views')).toHaveText(/^Visto 1 vez · última: \d{1,2} de [a-z]+ de \d{4} a las \d{2}:\d{2}$/);

    // Revoke, after a confirmation; the link answers the 410 page.
    await item.getByRole('button', { name: 'Revocar' }).click();
    const dialog = page.getByRole('alertdialog', { name: '¿Revocar este enlace?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await expectNoSeriousA11yViolations(page, testInfo, 'profile-shares-revoke-dialog');
    await dialog.getByRole('button', { name: 'Revocar el enlace' }).click();
    await expect(dialog).toBeHidden();
    await expect(item).toContainText('Revocado');
    await expect(item.getByRole('button', { name: 'Revocar' })).toHaveCount(0);

    const gone = await view.goto(url);
    expect(gone?.status()).toBe(410);
    await expect(view.getByRole('heading', { level: 1, name: 'Este enlace ya no está disponible' })).toBeVisible();
    await expect(view.locator('body')).not.toContainText('Hoy he hablado con calma');
    await expectNoSeriousA11yViolations(view, testInfo, 'share-page-gone');
    await visitor.close();
  });
});
