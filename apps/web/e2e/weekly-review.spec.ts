import { expect, test, type Page } from '@playwright/test';
import { loginViaApi } from './admin/admin-support';
import { DEMO_USER } from './support/auth';
import { expectNoSeriousA11yViolations } from './support/axe';

/**
 * "Tu semana" (decision 027): reached from Home and from the profile, the demo user's seeded week
 * (the seven days before today, so it spans this week and the one before), week navigation, the chart's
 * table alternative, and no streak language anywhere.
 */

const NO_STREAKS = /racha|d[ií]as seguidos|consecutiv/i;

async function expectWeekScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Tu semana' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'La reflexión de tu coach' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('semana-reflexion-texto')).toHaveText(/\?$/);
  await expect(
    page
      .getByRole('region', { name: 'Tus días' })
      .getByRole('listitem')
      .filter({ has: page.getByText(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo)$/) }),
  ).toHaveCount(7);
  await expect(page.locator('body')).not.toContainText(NO_STREAKS);
}

/** The mood words and activity names the screen shows. */
async function shown(page: Page) {
  const moods = await page.getByRole('region', { name: 'Cómo te sentiste' }).getByRole('listitem').allInnerTexts();
  const days = await page.getByRole('region', { name: 'Tus días' }).innerText();
  return { moods: moods.join(' '), days };
}

test.describe('tu semana', () => {
  test.use({ reducedMotion: 'reduce' });

  test('from Home and from the profile; the demo week, the previous week, the table; axe clean; no streaks', async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await loginViaApi(page, DEMO_USER);

    // From Home.
    await page.goto('/');
    await page.getByRole('link', { name: 'Tu semana' }).click();
    await expect(page).toHaveURL(/\/semana$/);
    await expectWeekScreen(page);
    // The current week: no way into the future.
    await expect(page.getByRole('button', { name: 'Semana siguiente' })).toBeDisabled();
    await expect(page.getByText('Estás viendo la semana en curso.')).toBeVisible();
    const thisWeek = await shown(page);
    await expectNoSeriousA11yViolations(page, testInfo, 'semana');

    // The previous week.
    await page.getByRole('link', { name: 'Semana anterior' }).click();
    await expect(page).toHaveURL(/\/semana\?semana=\d{4}-W\d{2}$/);
    await expectWeekScreen(page);
    await expect(page.getByRole('link', { name: 'Semana siguiente' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Esta semana' })).toBeVisible();
    const lastWeek = await shown(page);
    // On a Sunday the first seeded day falls one week further back.
    const url = page.url();
    await page.getByRole('link', { name: 'Semana anterior' }).click();
    await expect(page).not.toHaveURL(url);
    await expectWeekScreen(page);
    const weekBefore = await shown(page);
    await page.goBack();
    await expect(page).toHaveURL(url);
    await expectWeekScreen(page);

    // Lucía's seeded week (the seven days before today) is spread over these weeks.
    const moods = `${thisWeek.moods} ${lastWeek.moods} ${weekBefore.moods}`;
    for (const mood of ['cansancio', 'motivación', 'gratitud', 'tranquilidad', 'alegría']) expect(moods).toContain(mood);
    const days = `${thisWeek.days} ${lastWeek.days} ${weekBefore.days}`;
    for (const activity of ['Pausa activa', 'Journaling guiado', 'Sesión completa', 'Clase larga (>=30 min)']) expect(days).toContain(activity);

    // The chart's table alternative: a real table with a caption, a row per day.
    await page.getByRole('button', { name: 'Ver los datos en una tabla' }).click();
    const table = page.getByRole('table', { name: 'Pasos por día y área de la semana' });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(['Día', 'Mente y calma', 'Cuerpo', 'Coaching', 'Diario', 'Total']);
    await expect(table.getByRole('rowheader')).toHaveCount(7);
    await expect(page.getByRole('button', { name: 'Ocultar la tabla de datos' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousA11yViolations(page, testInfo, 'semana-anterior-tabla');
    await expect(page.locator('body')).not.toContainText(NO_STREAKS);

    // From the profile.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Ver tu semana' }).click();
    await expect(page).toHaveURL(/\/semana$/);
    await expectWeekScreen(page);
  });

  test('a week that does not exist: the Spanish reason and a way back', async ({ page }, testInfo) => {
    await loginViaApi(page, DEMO_USER);
    await page.goto('/semana?semana=2026-W54');
    await expect(page.getByRole('alert')).toContainText('El año 2026 no tiene semana 54');
    await expectNoSeriousA11yViolations(page, testInfo, 'semana-no-existe');
    await page.getByRole('link', { name: 'Ver esta semana' }).click();
    await expectWeekScreen(page);
  });
});
