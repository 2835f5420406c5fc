import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, MEMBER_PASSWORD } from '../admin/admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { loginForm, passwordInput, uniqueEmail } from '../support/auth';
import { APP_ORIGIN } from '../support/steps';

type OutboxMail = { to: string; template: string; text: string; createdAt: string };

/** The reset link mailed to `email`, read from the dev outbox as an admin would (admin.outbox). */
async function mailedLink(admin: APIRequestContext, email: string, count = 1): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const answer = await admin.get('/api/trpc/admin.outbox');
        const mails = ((await answer.json()) as { result: { data: { json: OutboxMail[] } } }).result.data.json;
        const ours = mails.filter((mail) => mail.to === email && mail.template === 'password-reset');
        link = /https?:\/\/[^\s]+\/restablecer\/[A-Za-z0-9_-]{43}/.exec(ours[0]?.text ?? '')?.[0] ?? '';
        return ours.length;
      },
      { timeout: 10_000 },
    )
    .toBe(count);
  return new URL(link).pathname;
}

test('a forgotten password is recovered by e-mail: request, link, new password, the old one stops working, the link works once', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const email = uniqueEmail('olvido');
  const registered = await page.request.post('/api/auth/register', {
    data: { email, password: MEMBER_PASSWORD, firstName: 'Irene' },
    headers: { Origin: APP_ORIGIN },
  });
  expect(registered.status()).toBe(201);
  await page.context().clearCookies();
  const admin = await playwright.request.newContext({ baseURL: baseURL ?? APP_ORIGIN });
  expect((await admin.post('/api/auth/login', { data: ADMIN, headers: { Origin: APP_ORIGIN } })).status()).toBe(200);

  // From the sign-in form, with the address already typed: it is carried to the request page.
  await page.goto('/acceso');
  await loginForm(page).getByLabel('Correo electrónico').fill(email);
  await loginForm(page).getByRole('link', { name: '¿Has olvidado tu contraseña?' }).click();
  await expect(page).toHaveURL(/\/restablecer$/);
  await expect(page.getByRole('heading', { level: 1, name: '¿Has olvidado tu contraseña?' })).toBeVisible();
  const requestForm = page.getByRole('form', { name: 'Restablecer la contraseña' });
  await expect(requestForm.getByLabel('Correo electrónico')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page, testInfo, 'restablecer');
  await requestForm.getByRole('button', { name: 'Enviarme el enlace' }).click();
  await expect(requestForm.getByRole('status')).toContainText('Si hay una cuenta con ese correo, te hemos enviado un enlace');

  const path = await mailedLink(admin, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeVisible();
  const resetForm = page.getByRole('form', { name: 'Contraseña nueva' });
  await expectNoSeriousA11yViolations(page, testInfo, 'restablecer-enlace');
  // Too short: said beside the field, and the link is not used up.
  await passwordInput(resetForm).or(resetForm.getByLabel('Contraseña nueva')).first().fill('corta');
  await resetForm.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(resetForm.getByText('La contraseña necesita al menos 8 caracteres')).toBeVisible();
  await resetForm.getByLabel('Contraseña nueva').fill('Una contraseña nueva y larga');
  await resetForm.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contraseña cambiada' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('Hemos cerrado la sesión en todos tus dispositivos');

  // The old password no longer works; the new one does, through the form.
  const old = await page.request.post('/api/auth/login', { data: { email, password: MEMBER_PASSWORD }, headers: { Origin: APP_ORIGIN } });
  expect(old.status()).toBe(401);
  await page.getByRole('link', { name: 'Iniciar sesión' }).click();
  await expect(page).toHaveURL(/\/acceso$/);
  await loginForm(page).getByLabel('Correo electrónico').fill(email);
  await passwordInput(loginForm(page)).fill('Una contraseña nueva y larga');
  await loginForm(page).getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/acceso/);

  // The link works once: opened again, it says so and offers a new one.
  await page.context().clearCookies();
  await page.goto(path);
  await page.getByRole('form', { name: 'Contraseña nueva' }).getByLabel('Contraseña nueva').fill('Otra contraseña distinta');
  await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya no sirve' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Este enlace ya no es válido');
  await expectNoSeriousA11yViolations(page, testInfo, 'restablecer-caducado');
  await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).click();
  await expect(page).toHaveURL(/\/restablecer$/);
  await admin.dispose();
});

test('a signed-in person who opens a reset link gets the reset page, not the app', async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('olvido-dentro');
  expect(
    (
      await page.request.post('/api/auth/register', { data: { email, password: MEMBER_PASSWORD, firstName: 'Irene' }, headers: { Origin: APP_ORIGIN } })
    ).status(),
  ).toBe(201);
  const admin = await playwright.request.newContext({ baseURL: baseURL ?? APP_ORIGIN });
  expect((await admin.post('/api/auth/login', { data: ADMIN, headers: { Origin: APP_ORIGIN } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/password-reset', { data: { email }, headers: { Origin: APP_ORIGIN } })).status()).toBe(202);
  const path = await mailedLink(admin, email);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Elige una contraseña nueva' })).toBeVisible();
  await page.getByRole('form', { name: 'Contraseña nueva' }).getByLabel('Contraseña nueva').fill('Una contraseña nueva y larga');
  await page.getByRole('button', { name: 'Guardar la contraseña nueva' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contraseña cambiada' })).toBeVisible();
  // Every session ended, this browser's too.
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  await admin.dispose();
});
