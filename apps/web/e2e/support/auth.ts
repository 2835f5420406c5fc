import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_USER = { email: 'demo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Lucía' } as const;
export const NEW_USER = { email: 'nuevo@ascenso.local', password: 'Ascenso-demo-2026', firstName: 'Mateo' } as const;

/** The password input (its label also carries an aria-hidden "*", so match by accessible name). */
export function passwordInput(scope: Locator) {
  return scope.getByRole('textbox', { name: 'Contraseña', exact: true });
}

export function loginForm(page: Page) {
  return page.getByRole('form', { name: 'Iniciar sesión' });
}

export function registerForm(page: Page) {
  return page.getByRole('form', { name: 'Crear cuenta' });
}

/** Fills and submits the "Iniciar sesión" form on /acceso (the page must already be there). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel('Correo electrónico').fill(email);
  await passwordInput(form).fill(password);
  await form.getByRole('button', { name: 'Entrar' }).click();
}

/** Signs in through the real flow: /api/login → /acceso → form → Home. */
export async function signIn(page: Page, user: { email: string; password: string; firstName: string }): Promise<void> {
  await page.goto('/api/login');
  await expect(page).toHaveURL(/\/acceso$/);
  await submitLogin(page, user.email, user.password);
  await expect(page.getByRole('heading', { level: 1, name: `Hola, ${user.firstName}` })).toBeVisible();
}

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@ejemplo.test`;
}
