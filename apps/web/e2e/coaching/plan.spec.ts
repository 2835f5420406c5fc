import { expect, test, type Page } from '@playwright/test';
import { PLAN_LINK_CLASSES, createOpenCommitment, signUpCoachee } from '../support/coaching';

function planCard(page: Page) {
  return page.getByRole('region', { name: 'Tu plan de hoy sugerido' });
}

test.describe('plan de hoy', () => {
  test('is generated automatically on Home, its links carry classes and icons, and same-site links navigate in the app', async ({ page }) => {
    await signUpCoachee(page, 'Nuria');
    // With an open commitment the plan includes "Revisa tu compromiso con tu coach" (/coaching).
    await createOpenCommitment(page, 'Hablar con Marta el miércoles sobre el informe');

    const generated = page.waitForRequest((request) => request.url().includes('dailyPlan.generate'));
    await page.goto('/');
    await generated;
    const card = planCard(page);
    await expect(card).toBeVisible({ timeout: 15_000 });
    await expect(card).toContainText('Nuria');

    const links = card.getByTestId('contenido-plan').getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual(3);
    for (const link of await links.all()) {
      const className = (await link.getAttribute('class')) ?? '';
      expect(
        className.split(/\s+/).some((token) => PLAN_LINK_CLASSES.includes(token)),
        className,
      ).toBe(true);
      await expect(link.locator('svg[data-plan-icon]')).toHaveCount(1);
      expect(await link.getAttribute('href')).toMatch(/^\//);
    }

    const coaching = card.locator('a.coaching');
    await expect(coaching).toHaveAttribute('href', '/coaching');
    await expect(coaching).toContainText('Revisa tu compromiso con tu coach');
    await expect(card).toContainText('Hablar con Marta el miércoles');

    // Client-side navigation: the page (and this marker) survives the click.
    await page.evaluate(() => ((window as unknown as { __sinRecarga: boolean }).__sinRecarga = true));
    await coaching.click();
    await expect(page).toHaveURL(/\/coaching$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tu coach' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sinRecarga?: boolean }).__sinRecarga)).toBe(true);
  });

  test('"Generar otro plan" replaces the plan until the daily limit, then says so', async ({ page }) => {
    await signUpCoachee(page, 'Pau');
    await page.goto('/');
    const card = planCard(page);
    await expect(card).toBeVisible({ timeout: 15_000 });
    const again = card.getByRole('button', { name: 'Generar otro plan' });
    // Five forced regenerations a day are allowed; the sixth is refused.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const response = page.waitForResponse((r) => r.url().includes('dailyPlan.generate'));
      await again.click();
      await response;
      await expect(again).toBeEnabled();
    }
    await expect(card.getByRole('alert')).toHaveText('Ya has regenerado tu plan varias veces hoy. Mañana tendrás uno nuevo.');
    await expect(card.getByTestId('contenido-plan')).toBeVisible();
  });

  test('XSS: hostile plan content never runs in the browser', async ({ page }) => {
    await signUpCoachee(page, 'Ximena');
    const hostile = [
      '<p>Plan <img src="x" onerror="window.__xss = 1"> de hoy<script>window.__xss = 2</script></p>',
      '<ul>',
      '<li><a class="coaching" href="javascript:window.__xss = 3">Enlace con javascript</a></li>',
      '<li><a class="fixed inset-0 coaching" href="/coaching" onclick="window.__xss = 4" style="position:fixed">Enlace limpio</a></li>',
      '<li><a class="fitness" href="//evil.example/x">Protocolo relativo</a></li>',
      '<li><a class="breathing" href="data:text/html,&lt;script&gt;window.__xss=5&lt;/script&gt;">Datos</a></li>',
      '<li><svg onload="window.__xss = 6"><circle r="1"></circle></svg><iframe srcdoc="<script>parent.__xss=7</script>"></iframe>Marcado raro</li>',
      '<li><a class="meditations" href="https://example.com/audio">Externo seguro</a></li>',
      '<li><form action="/x"><input name="y" autofocus onfocus="window.__xss = 8"></form><details open ontoggle="window.__xss = 9">x</details></li>',
      '</ul>',
    ].join('');

    // Replace what the server sends for dailyPlan.today (HTTP batch: find our entry by position).
    await page.route(/\/api\/trpc\/[^?]*dailyPlan\.today/, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Array<{
        result?: { data?: { json?: { plan: { content: string } | null } } };
      }>;
      const names = decodeURIComponent(new URL(route.request().url()).pathname.replace('/api/trpc/', '')).split(',');
      const entry = body[names.indexOf('dailyPlan.today')];
      const plan = entry?.result?.data?.json?.plan;
      if (plan) plan.content = hostile;
      await route.fulfill({ response, json: body });
    });

    await page.goto('/');
    const card = planCard(page);
    await expect(card).toContainText('Enlace limpio', { timeout: 15_000 });
    await expect(card).toContainText('Marcado raro');
    await page.waitForTimeout(300);

    const content = card.getByTestId('contenido-plan');
    await expect(content.locator('script, img, svg:not([data-plan-icon]), iframe, form, input, details, [style]')).toHaveCount(0);
    await expect(content.locator('[onerror], [onclick], [onload], [onfocus], [ontoggle]')).toHaveCount(0);

    // Only the safe links remain links; the dangerous ones are plain text.
    const clean = content.getByRole('link', { name: 'Enlace limpio' });
    await expect(clean).toHaveAttribute('href', '/coaching');
    await expect(clean).toHaveAttribute('class', /(^|\s)coaching(\s|$)/);
    expect(await clean.getAttribute('class')).not.toMatch(/fixed|inset-0/);
    await expect(content.getByRole('link', { name: 'Externo seguro' })).toHaveAttribute('href', 'https://example.com/audio');
    for (const name of ['Enlace con javascript', 'Protocolo relativo', 'Datos']) {
      await expect(content.getByRole('link', { name })).toHaveCount(0);
      await expect(content).toContainText(name);
    }
    await content.getByText('Enlace con javascript').click();
    await clean.hover();

    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
