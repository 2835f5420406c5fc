import { expect, type Page } from '@playwright/test';
import { uniqueEmail } from '../support/auth';
import { PASSWORD, completeAssessmentViaApi, signUpCoachee } from './app';
import { REPRESENTATIVE_IDS, textVectors, vectorById, type XssVector } from './vectors';
import { expectCleanDocument, expectCleanPlace, missingTexts } from './xss-harness';
import { test } from './xss-test';

/** The longest first name the forms and the API take. */
const NAME_MAX = 60;
/** The shell's name, the Home greeting, the profile's "Tus datos". */
const NAME_PLACES = 'header p, main h1, section[aria-labelledby="perfil-datos"] dl';

/** The names tried through the profile form: every representative vector that fits, then every 40th. */
function nameVectors(): XssVector[] {
  const fitting = textVectors(NAME_MAX);
  const chosen = new Map<string, XssVector>();
  for (const id of REPRESENTATIVE_IDS) {
    const vector = vectorById(id);
    if (fitting.includes(vector)) chosen.set(id, vector);
  }
  fitting.forEach((vector, index) => {
    if (index % 40 === 0) chosen.set(vector.id, vector);
  });
  return [...chosen.values()];
}

async function expectNameShownAsText(page: Page, selector: string, name: string, label: string): Promise<void> {
  await expect
    .poll(() => missingTexts(page, selector, [name]), {
      message: `${label}: the name as text`,
      timeout: 15_000,
      intervals: [50],
    })
    .toEqual([]);
  await expectCleanPlace(page, NAME_PLACES, label);
  await expectCleanDocument(page, label);
}

test.describe('XSS: names', () => {
  test('registering through the form with a hostile first name: the wizard, the shell and Home', async ({ page, traps }) => {
    test.setTimeout(90_000);
    const name = vectorById('o039').html; // <svg/onload=…('XSS')>
    await page.goto('/acceso');
    await page.getByRole('tab', { name: 'Crear cuenta' }).click();
    const form = page.getByRole('form', { name: 'Crear cuenta' });
    await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
    await form.getByLabel('Correo electrónico').fill(uniqueEmail('xss'));
    await form.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Crear cuenta' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Evaluación Profesional Integral' })).toBeVisible({
      timeout: 20_000,
    });
    await expectNameShownAsText(page, 'header', name, 'wizard');

    await completeAssessmentViaApi(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: `Hola, ${name}` })).toBeVisible({ timeout: 20_000 });
    await expectNameShownAsText(page, 'main h1', `Hola, ${name}`, 'Home greeting');
    await traps.expectNothingRan('registration');
  });

  test('hostile first names saved from the profile: the shell, "Tus datos" and the Home greeting', async ({ page, traps }) => {
    test.setTimeout(120_000);
    await signUpCoachee(page, 'Xisca');
    const names = nameVectors();
    expect(names.length).toBeGreaterThan(10);

    await page.goto('/profile');
    const card = page.locator('section[aria-labelledby="perfil-datos"]');
    for (const [index, vector] of names.entries()) {
      const name = vector.html.trim();
      await card.getByRole('button', { name: 'Editar tus datos' }).click();
      const form = page.getByRole('form', { name: 'Editar tus datos' });
      await form.getByRole('textbox', { name: 'Nombre', exact: true }).fill(name);
      await form.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(form).toHaveCount(0, { timeout: 15_000 });
      await expectNameShownAsText(page, 'section[aria-labelledby="perfil-datos"] dl', name, `${vector.id} in "Tus datos"`);
      await expectNameShownAsText(page, 'header', name, `${vector.id} in the shell`);
      if (index % 6 === 0 || index === names.length - 1) {
        await page.goto('/');
        await expectNameShownAsText(page, 'main h1', `Hola, ${name}`, `${vector.id} in the Home greeting`);
        await page.goto('/profile');
      }
    }
    await traps.expectNothingRan('names');
  });
});
