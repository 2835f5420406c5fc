import { expect, test } from '@playwright/test';
import { DEMO_USER, loginForm, passwordInput, registerForm, signIn, submitLogin, uniqueEmail } from '../support/auth';

test.describe('acceso', () => {
  test('landing → CTA → /acceso → demo sign-in → Home → 404 page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Ascenso — Coaching y bienestar');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // CTAs are real links to the sign-in endpoint (full-page navigation, server 302 → /acceso).
    const cta = page.getByRole('main').getByRole('link', { name: 'Iniciar sesión' });
    await expect(cta).toHaveAttribute('href', '/api/login');
    await cta.click();
    await expect(page).toHaveURL(/\/acceso$/);
    await expect(page).toHaveTitle('Acceder · Ascenso');

    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
    await expect(page.getByText('¿En qué quieres trabajar hoy?')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByText('Lucía')).toBeVisible();

    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
  });

  test('"Empieza gratis" opens the sign-up tab', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'Empieza gratis' }).first().click();
    await expect(page).toHaveURL(/\/acceso#crear-cuenta$/);
    await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toHaveAttribute('aria-selected', 'true');
    await expect(registerForm(page).getByRole('textbox', { name: 'Nombre', exact: true })).toBeVisible();
  });

  test('a wrong password shows the Spanish error', async ({ page }) => {
    await page.goto('/acceso');
    await submitLogin(page, DEMO_USER.email, 'no-es-la-contraseña');
    await expect(loginForm(page).getByRole('alert')).toHaveText('Correo o contraseña incorrectos.');
    await expect(page).toHaveURL(/\/acceso$/);
  });

  test('client-side validation explains empty fields', async ({ page }) => {
    await page.goto('/acceso');
    await loginForm(page).getByRole('button', { name: 'Entrar' }).click();
    await expect(loginForm(page).getByText('Escribe tu correo')).toBeVisible();
    await expect(loginForm(page).getByLabel('Correo electrónico')).toBeFocused();
  });

  test('register a new account → signed in, the assessment wizard first → sign out → landing', async ({ page }) => {
    await page.goto('/acceso');
    await page.getByRole('tab', { name: 'Crear cuenta' }).click();
    const form = registerForm(page);
    await expect(form.getByText('Mínimo 8 caracteres. Una frase que recuerdes es perfecta.')).toBeVisible();
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Valeria');
    await form.getByLabel('Apellidos (opcional)').fill('Ortega Ruiz');
    await form.getByLabel('Correo electrónico').fill(uniqueEmail());
    const password = passwordInput(form);
    await password.fill('Un paseo largo por la sierra');
    await expect(password).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Mostrar contraseña' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();

    // A new account has no assessment yet: signed in (named in the header), every path shows the wizard.
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Valeria')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // The session is really gone: a reload still shows the landing page.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
  });

  test('registering an e-mail that already exists shows an inline error', async ({ page }) => {
    await page.goto('/acceso#crear-cuenta');
    const form = registerForm(page);
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Otra');
    await form.getByLabel('Correo electrónico').fill(DEMO_USER.email);
    await passwordInput(form).fill('Una frase bastante larga');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(form.getByText('Ya existe una cuenta con ese correo. Inicia sesión o usa otro correo.')).toBeVisible();
  });

  test('?next= is kept through /api/login → /acceso → after sign-in', async ({ page }) => {
    await page.goto('/api/login?next=/no-existe');
    await expect(page).toHaveURL(/\/acceso\?next=%2Fno-existe$/);
    await submitLogin(page, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(/\/no-existe$/);
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Lucía')).toBeVisible();
  });

  test('visitors see the landing page and /acceso; a signed-in screen asks them to sign in; other paths are 404', async ({ page }) => {
    await page.goto('/breathing');
    await expect(page).toHaveURL(/\/acceso\?next=%2Fbreathing$/);
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  });

  test('signing out in another tab returns this tab to the landing page', async ({ page, context }) => {
    await signIn(page, DEMO_USER);
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('heading', { level: 1, name: 'Hola, Lucía' })).toBeVisible();
    // Home arrives rendered by the server (decision 021): its buttons work once the app has hydrated.
    await expect(other.locator('html[data-app-ready]')).toHaveCount(1);
    await other.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(other.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /Tu coach con IA/ })).toBeVisible();
  });
});
