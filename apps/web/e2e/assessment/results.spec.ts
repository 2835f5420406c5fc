import { AREA_PATHS } from '@ascenso/domain/assessment-evaluation';
import { expect, test } from '@playwright/test';
import { DEMO_USER, signIn } from '../support/auth';

test.describe('evaluación: resultados', () => {
  test("/assessment/results shows Lucía's energy chart, strengths, satisfaction, styles and history", async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto('/assessment/results');
    await expect(page.getByRole('heading', { level: 1, name: 'Tu perfil' })).toBeVisible();
    await expect(page).toHaveTitle('Resultados de tu evaluación · Ascenso');

    const energy = page.getByRole('region', { name: 'Lo que te da y te quita energía' });
    const chart = energy.getByRole('img', { name: /^Lo que te agota y lo que te da energía/ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', /Autonomía: \d|Autonomía: sin puntuar/);
    // Every factor is also in a (visually hidden) table.
    await expect(energy.getByRole('table')).toHaveCount(1);
    await expect(energy.getByRole('rowheader')).toHaveCount(7);

    const strengths = page.getByRole('region', { name: 'Tus fortalezas' });
    expect(await strengths.getByRole('listitem').count()).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Áreas de desarrollo' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tu satisfacción profesional' }).getByText(/Satisfacción: \d+ de 10/)).toBeAttached();
    const style = page.getByRole('region', { name: 'Cómo te acompaña tu coach' });
    await expect(style.getByText('Estilo de coaching')).toBeVisible();
    await expect(style.getByText('Estilo de comunicación')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Tus evaluaciones' })
        .getByText(/Satisfacción \d+\/10/)
        .first(),
    ).toBeVisible();

    await expect(page.getByRole('link', { name: 'Repetir la evaluación' })).toHaveAttribute('href', '/assessment');
    await page.getByRole('link', { name: 'Ver tu evaluación' }).click();
    await expect(page).toHaveURL(/\/assessment-eval$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Recomendaciones para ti' })).toBeVisible();
  });

  test('/assessment-eval shows the headline, the reading and recommendations without dead links', async ({ page }) => {
    await signIn(page, DEMO_USER);
    await page.goto('/assessment-eval');
    const headline = page.getByRole('heading', { level: 1 });
    await expect(headline).toBeVisible();
    await expect(headline).not.toHaveText('');
    await expect(page.getByText('Tu primer paso')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Tu punto de partida' })).toBeVisible();

    const recommendations = page.getByRole('region', { name: 'Recomendaciones para ti' });
    const cards = recommendations.getByRole('listitem');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().getByText(/\d+ min/)).toBeVisible();
    // Without an AI server the coach's own reading is absent.
    await expect(page.getByRole('heading', { name: 'La lectura de tu coach' })).toHaveCount(0);

    // Links only to screens that exist: each one opens a real page, never the 404.
    const hrefs = await recommendations.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    for (const href of new Set(hrefs)) {
      expect(Object.values(AREA_PATHS)).toContain(href);
      await page.goto(href!);
      await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toHaveCount(0);
    }
  });
});
