import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { registerFreshUser } from '../support/assessment';
import { passwordInput, registerForm, uniqueEmail } from '../support/auth';
import { mailedVerificationPath } from '../support/email-verification';

/**
 * E-mail verification: registering in the browser sends a welcome mail whose link confirms the address (read
 * here from the dev outbox, as the password reset spec reads its link); until then a banner at the top of
 * every signed-in screen says where the link went, with «Reenviar enlace». The link works once.
 */

test.describe('confirmar el correo', () => {
  test.use({ reducedMotion: 'reduce' });

  test('register in the browser, open the welcome mail’s link: the address is confirmed, the banner goes; the link works once', async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('confirmar');
    await page.goto('/acceso#crear-cuenta');
    const form = registerForm(page);
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill('Olaia');
    await form.getByLabel('Correo electrónico').fill(email);
    await passwordInput(form).fill('Un paseo largo por la sierra');
    await form.getByRole('button', { name: 'Crear cuenta' }).click();

    // Signed in (the wizard first, inside the app shell), with the banner above it.
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible();
    const banner = page.getByRole('region', { name: 'Confirma tu correo' });
    await expect(banner).toContainText(`Confirma tu correo: te hemos enviado un enlace a ${email}.`);
    await expect(banner.getByRole('button', { name: 'Reenviar enlace' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, testInfo, 'aviso-confirmar-correo');

    // The link, from the welcome mail.
    const path = await mailedVerificationPath(email);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu correo está confirmado' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText('ya no verás el aviso de confirmar tu correo');
    await expectNoSeriousA11yViolations(page, testInfo, 'correo-confirmado');
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirma tu correo' })).toHaveCount(0);
    // Still gone after a reload (the server says so, not just this tab).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirma tu correo' })).toHaveCount(0);

    // Used: opened again, signed out, it says the link is no longer valid and how to get a new one.
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya no es válido' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('inicia sesión y pulsa «Reenviar enlace»');
    await expectNoSeriousA11yViolations(page, testInfo, 'enlace-de-confirmacion-usado');
    await page.getByRole('link', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/acceso$/);
  });

  test('«Reenviar enlace» mails a fresh link (the welcome one dies), three an hour, then says how long to wait', async ({ page }) => {
    test.setTimeout(60_000);
    const { email } = await registerFreshUser(page, 'Olaia', { verified: false });
    const welcome = await mailedVerificationPath(email);
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Confirma tu correo' });
    const resend = banner.getByRole('button', { name: 'Reenviar enlace' });

    await resend.click();
    await expect(page.getByText('Te hemos enviado un enlace nuevo.')).toBeVisible();
    const fresh = await mailedVerificationPath(email, { template: 'email-verification' });
    expect(fresh).not.toBe(welcome);
    for (const count of [2, 3]) {
      await resend.click();
      await mailedVerificationPath(email, { template: 'email-verification', count });
    }
    await resend.click();
    await expect(page.getByText('Ya te hemos enviado varios enlaces para confirmar tu correo.', { exact: false })).toBeVisible();
    await expect(page.getByText('vuelve a pedirlo dentro de 1 hora', { exact: false })).toBeVisible();

    // The welcome link died with the first fresh one; the newest one works, signed in: the banner goes.
    await page.goto(welcome);
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ya no es válido' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('ve al inicio y pulsa «Reenviar enlace»');
    const newest = await mailedVerificationPath(email, { template: 'email-verification', count: 3 });
    await page.goto(newest);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu correo está confirmado' })).toBeVisible();
    await page.getByRole('link', { name: 'Ir al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Confirma tu correo' })).toHaveCount(0);
  });
});
