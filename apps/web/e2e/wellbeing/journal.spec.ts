import { expect, test } from '@playwright/test';
import { LONG_ENTRY } from '../support/journal';
import { stepToasts, waitForRealtime } from '../support/steps';
import { expectStepToast, signUpWithAssessment } from './support';

test.describe('Diario', () => {
  test('write 50+ words (toast), then list, search, read and delete', async ({ page }) => {
    await signUpWithAssessment(page, 'Olga');
    const live = waitForRealtime(page);
    await page.goto('/journaling');
    await live;
    await expect(page.getByRole('heading', { level: 1, name: 'Tu diario' })).toBeVisible();
    await expect(page.getByText('Tu diario está esperando la primera página.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Escribir con tu coach' })).toHaveAttribute('href', '/journaling/chat');

    // 1. The feeling first.
    await page.getByRole('button', { name: 'Nueva entrada' }).click();
    await expect(page.getByRole('heading', { level: 2, name: '¿Cómo te sientes ahora?' })).toBeFocused();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('alert')).toHaveText('Elige cómo te sientes o escríbelo con tus palabras.');
    await page.getByRole('radio', { name: 'Gratitud' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();

    // 2. Today's question and the text, with the live word count.
    await expect(page.getByText('Te sientes: Gratitud')).toBeVisible();
    await expect(page.getByText('La pregunta de hoy')).toBeVisible();
    const text = page.getByRole('textbox', { name: 'Tu entrada' });
    await text.fill('Una reunión difícil con el equipo.');
    await expect(page.getByText('6/50 palabras para sumar pasos')).toBeVisible();
    await text.fill(LONG_ENTRY);
    await expect(page.getByText(/^\d+ palabras · esta entrada suma pasos$/)).toBeVisible();
    await page.getByRole('textbox', { name: /Título/ }).fill('Escuchar antes de responder');
    await page.getByRole('button', { name: 'Guardar entrada' }).click();

    const toasts = stepToasts(page);
    await expect(toasts.getByText('¡Actividad completada!')).toBeVisible();
    await expectStepToast(toasts, 325, 'Journaling guiado');

    // A short one, with the feeling in my own words: saved, no steps.
    await expect(page.getByRole('link', { name: 'Escuchar antes de responder' })).toBeVisible();
    await page.getByRole('button', { name: 'Nueva entrada' }).click();
    await page.getByRole('radio', { name: 'Otra cosa' }).check();
    await page.getByRole('textbox', { name: 'Dilo con tus palabras' }).fill('ilusión');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('checkbox', { name: 'Responder a esta pregunta' }).uncheck({ force: true });
    await page.getByRole('textbox', { name: 'Tu entrada' }).fill('Mañana empiezo el curso de liderazgo.');
    await page.getByRole('button', { name: 'Guardar entrada' }).click();
    await expect(page.getByText('Entrada guardada')).toBeVisible();

    const entries = page.getByRole('region', { name: 'Entradas' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText('Ilusión');

    // Search (title, text or mood).
    await page.getByRole('searchbox', { name: 'Buscar en tu diario' }).fill('reunión');
    await expect(entries).toHaveCount(1);
    await expect(page).toHaveURL(/q=reuni/);
    await page.getByRole('searchbox', { name: 'Buscar en tu diario' }).fill('nada-parecido');
    await expect(page.getByText('Ninguna entrada coincide con «nada-parecido».')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Buscar en tu diario' }).fill('');
    await expect(entries).toHaveCount(2);

    // Read.
    await page.getByRole('link', { name: 'Escuchar antes de responder' }).click();
    await expect(page).toHaveURL(/\/journaling\/entry\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Escuchar antes de responder' })).toBeVisible();
    await expect(page.getByText('Te sentías: Gratitud')).toBeVisible();
    await expect(page.getByText('La pregunta', { exact: true })).toBeVisible();
    await expect(page.getByText(/Mañana quiero empezar el día revisando prioridades/)).toBeVisible();

    // Delete, after confirming.
    await page.getByRole('button', { name: 'Borrar entrada' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Borrar esta entrada?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(confirm).toBeHidden();
    await page.getByRole('button', { name: 'Borrar entrada' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Borrar', exact: true }).click();
    await expect(page).toHaveURL(/\/journaling$/);
    await expect(page.getByText('Entrada borrada')).toBeVisible();
    await expect(entries).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Escuchar antes de responder' })).toHaveCount(0);
  });

  test('the draft survives a reload', async ({ page }) => {
    await signUpWithAssessment(page, 'Pau');
    await page.goto('/journaling?nueva');
    await page.getByRole('radio', { name: 'Cansancio' }).check();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('textbox', { name: 'Tu entrada' }).fill('Semana larga, pero con buenas noticias al final.');
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Tu entrada' })).toHaveValue('Semana larga, pero con buenas noticias al final.');
    await expect(page.getByText('Te sientes: Cansancio')).toBeVisible();
  });
});
