import { SECTION_COUNT, type SectionDefinition } from '@ascenso/domain/assessment';
import { expect, test, type Page } from '@playwright/test';
import {
  ASSESSMENT_SECTIONS,
  COMPLETE_RESPONSES,
  completeAssessmentViaApi,
  registerFreshUser,
  saveProgressViaApi,
  wizardIntroHeading,
} from '../support/assessment';

function section(n: number): SectionDefinition {
  const found = ASSESSMENT_SECTIONS[n - 1];
  if (!found) throw new Error(`No section ${n}`);
  return found;
}

/** Waits for step `n` and for its questions (they appear 2 s after every step change). */
async function expectStep(page: Page, n: number): Promise<void> {
  await expect(page.getByText(`Paso ${n} de ${SECTION_COUNT}`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: section(n).title })).toBeVisible();
  const first = section(n).fields[0]!;
  const question = first.kind === 'text' ? page.getByRole('textbox', { name: first.label }) : page.getByRole('group', { name: first.label });
  await expect(question).toBeVisible({ timeout: 5_000 });
}

/** Answers every required question of a section from its definition (first option, rating 7). */
async function answerSection(page: Page, n: number, skip: readonly string[] = []): Promise<void> {
  for (const field of section(n).fields) {
    if (skip.includes(field.name)) continue;
    switch (field.kind) {
      case 'text':
        if (field.optional) break;
        await page.getByRole('textbox', { name: field.label }).fill(`Mi respuesta (${field.name})`);
        break;
      case 'select':
        await page.getByRole('group', { name: field.label }).getByRole('radio', { name: field.options[0]!.label, exact: true }).check();
        break;
      case 'multi':
        await page.getByRole('group', { name: field.label }).getByRole('checkbox', { name: field.options[0]!.label, exact: true }).check();
        break;
      case 'rating':
        await page.getByRole('group', { name: field.label }).getByRole('radio', { name: '7', exact: true }).check();
        break;
      case 'energy':
        break; // optional
    }
  }
}

function nextButton(page: Page) {
  return page.getByRole('button', { name: 'Siguiente' });
}

test.describe('evaluación: asistente', () => {
  test('a new user goes from the intro through the 9 sections to "¡Felicidades!" and lands on Home', async ({ page }) => {
    test.setTimeout(120_000);
    await registerFreshUser(page, 'Irene');

    // Every path shows the wizard while the assessment is pending.
    await page.goto('/breathing');
    await expect(wizardIntroHeading(page)).toBeVisible();
    await page.goto('/');
    await expect(wizardIntroHeading(page)).toBeVisible();
    await expect(page.getByText('Solo 5 Minutos', { exact: true })).toBeVisible();
    await expect(page.getByText('9 dimensiones', { exact: true })).toBeVisible();
    await expect(page.getByText(/Tu progreso se guarda automáticamente/)).toBeVisible();
    await expect(page.getByRole('banner').getByText('Irene')).toBeVisible();

    await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
    await expect(page.getByText(`Paso 1 de ${SECTION_COUNT}`)).toBeVisible();
    await expect(page.getByText('0% completado')).toBeVisible();
    // A calm waiting state first, then the questions (2 s).
    await expect(page.getByText('Preparando las preguntas…')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: section(1).title })).toBeFocused();
    await expectStep(page, 1);
    await expect(page.getByText('Preparando las preguntas…')).toHaveCount(0);

    // Incomplete: "Siguiente" looks disabled, but trying explains why and stays on the step.
    await expect(page.getByText('Preguntas pendientes en esta sección')).toBeVisible();
    await expect(nextButton(page)).toHaveAttribute('aria-disabled', 'true');
    await nextButton(page).click({ force: true });
    await expect(page.getByText('Sección incompleta')).toBeVisible();
    await expect(page.getByText('Por favor completa todas las preguntas requeridas antes de continuar.')).toBeVisible();
    await expect(page.getByText(`Paso 1 de ${SECTION_COUNT}`)).toBeVisible();
    await expect(page.getByRole('textbox', { name: section(1).fields[0]!.label })).toBeFocused();

    await answerSection(page, 1);
    await expect(page.getByText('Preguntas pendientes en esta sección')).toHaveCount(0);
    await expect(nextButton(page)).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText(/^[1-9]\d?% completado$/)).toBeVisible();
    await nextButton(page).click();

    // Section 2: at most 3 personal situations; a 4th choice is ignored.
    await expectStep(page, 2);
    const situation = page.getByRole('group', { name: '¿Cuál es tu situación personal?' });
    await expect(situation.getByText('Elige hasta 3')).toBeVisible();
    for (const label of ['Sin pareja', 'En pareja', 'Con hijos pequeños']) await situation.getByRole('checkbox', { name: label }).check();
    await situation.getByRole('checkbox', { name: 'Con hijos adultos' }).click();
    await expect(situation.getByRole('checkbox', { name: 'Con hijos adultos' })).not.toBeChecked();
    await expect(situation.getByRole('checkbox', { checked: true })).toHaveCount(3);
    await expect(situation.getByText('Ya has elegido 3. Quita una para cambiarla.')).toBeVisible();
    await answerSection(page, 2, ['personalSituation']);
    await nextButton(page).click();

    for (const n of [3, 4, 5]) {
      await expectStep(page, n);
      await answerSection(page, n);
      await nextButton(page).click();
    }

    // Section 6 (energy) is optional; rate two factors anyway.
    await expectStep(page, 6);
    await page.getByRole('group', { name: 'Reuniones' }).getByRole('radio', { name: '1, me agota mucho' }).check();
    await page.getByRole('group', { name: 'Autonomía' }).getByRole('radio', { name: '5, me da mucha energía' }).check();
    await nextButton(page).click();

    for (const n of [7, 8]) {
      await expectStep(page, n);
      await answerSection(page, n);
      await nextButton(page).click();
    }

    // Section 9: choosing "Otro" shows its text input, which is then required.
    await expectStep(page, 9);
    await answerSection(page, 9);
    const finish = page.getByRole('button', { name: '¡Completar Evaluación!' });
    await expect(finish).not.toHaveAttribute('aria-disabled', 'true');
    const otherInput = page.getByRole('textbox', { name: '¿Cuál es esa otra victoria rápida?' });
    await expect(otherInput).toHaveCount(0);
    await page.getByRole('group', { name: '¿Qué victorias rápidas te gustaría conseguir?' }).getByRole('checkbox', { name: 'Otro' }).check();
    await expect(otherInput).toBeVisible();
    // Optional (spec §3): choosing 'otro' does not make the section incomplete.
    await expect(finish).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('button', { name: '¿Cuál es esa otra victoria rápida?' })).toHaveCount(0); // not in the pending list
    await otherInput.fill('Salir a caminar a mediodía');
    await expect(finish).not.toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByText('100% completado')).toBeVisible();

    await finish.click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeVisible();
    // The server awards the steps and pushes the toast live.
    await expect(page.getByRole('status', { name: 'Pasos conseguidos' }).getByText('Evaluación completada')).toBeVisible();
    // After 6 s: Home, with the full app.
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Irene' })).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/$/);
  });

  test('progress is saved automatically and resumed after a reload', async ({ page }) => {
    await registerFreshUser(page, 'Bruno');
    await page.goto('/evaluacion');
    await page.getByRole('button', { name: 'Comenzar Evaluación' }).click();
    await expectStep(page, 1);
    await answerSection(page, 1);
    await nextButton(page).click();
    await expectStep(page, 2);
    await page.getByRole('group', { name: '¿Cuál es tu situación personal?' }).getByRole('checkbox', { name: 'En pareja' }).check();
    await expect(page.getByRole('status').getByText('Guardando...')).toBeVisible();
    await expect(page.getByRole('status').getByText('Guardado')).toBeVisible({ timeout: 5_000 });

    await page.reload();
    await expectStep(page, 2);
    await expect(page.getByRole('checkbox', { name: 'En pareja' })).toBeChecked();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await expectStep(page, 1);
    await expect(page.getByRole('textbox', { name: section(1).fields[0]!.label })).toHaveValue(`Mi respuesta (${section(1).fields[0]!.name})`);
  });

  test('a failed completion shows the error toast and keeps the answers', async ({ page }) => {
    await registerFreshUser(page, 'Olga');
    await saveProgressViaApi(page, {
      currentSection: 9,
      responses: COMPLETE_RESPONSES,
      completedSections: [1, 2, 3, 4, 5, 6, 7, 8, 9],
    });
    await page.route('**/api/trpc/assessment.complete**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([{ error: { message: 'boom', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } } }]),
      }),
    );
    await page.goto('/');
    await expectStep(page, 9);
    await page.getByRole('button', { name: '¡Completar Evaluación!' }).click();
    await expect(page.getByText('No se pudo completar la evaluación. Inténtalo de nuevo.')).toBeVisible();
    await expect(page.getByText('Error', { exact: true })).toBeVisible();
    await expect(page.getByText(`Paso 9 de ${SECTION_COUNT}`)).toBeVisible();

    await page.unroute('**/api/trpc/assessment.complete**');
    await page.getByRole('button', { name: '¡Completar Evaluación!' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '¡Felicidades!' })).toBeVisible();
  });

  test('"Retomar Evaluación" for a recent assessment: cancel goes home, continue starts anew', async ({ page }) => {
    await registerFreshUser(page, 'Tomás');
    await completeAssessmentViaApi(page);

    await page.goto('/assessment');
    const dialog = page.getByRole('alertdialog', { name: 'Retomar Evaluación' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancelar y Regresar' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Tomás' })).toBeVisible();

    await page.goto('/evaluacion');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Continuar con Nueva Evaluación' }).click();
    await expect(dialog).toHaveCount(0);
    await expectStep(page, 1);
    await expect(page.getByRole('textbox', { name: section(1).fields[0]!.label })).toHaveValue('');
  });

  test('?success=true shows "Excelente trabajo" with rotating messages, then Home', async ({ page }) => {
    await registerFreshUser(page, 'Paula');
    await completeAssessmentViaApi(page);
    await page.goto('/assessment?success=true');
    await expect(page.getByRole('heading', { level: 1, name: 'Excelente trabajo' })).toBeVisible();
    await expect(page.getByText('Tu evaluación está guardada.')).toBeVisible();
    await expect(page.getByText('Tu coach ya conoce tu punto de partida.')).toBeVisible({ timeout: 3_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Paula' })).toBeVisible({ timeout: 12_000 });
    await expect(page).toHaveURL(/\/$/);
  });
});
