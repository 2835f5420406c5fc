import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { freshMember } from '../admin/admin-support';
import { expectNoSeriousA11yViolations } from '../support/axe';
import { APP_ORIGIN, completeViaApi } from '../support/steps';

test.describe('perfil: exportar en Markdown', () => {
  test.use({ reducedMotion: 'reduce' });

  test('"Descargar en Markdown" sits beside the JSON export and downloads a readable file with the journal', async ({ page }, testInfo) => {
    await freshMember(page, 'Marga');
    const entry = 'Hoy he paseado junto al río y he respirado despacio.';
    const created = await page.request.post('/api/trpc/journaling.create', {
      data: { json: { mood: 'calma', body: `${entry}\n# Título falso <script>alert(1)</script>` } },
      headers: { Origin: APP_ORIGIN },
    });
    expect(created.status(), await created.text()).toBe(200);
    await completeViaApi(page.request, 'breathing_short');

    await page.goto('/profile');
    const account = page.getByRole('region', { name: 'Tu cuenta' });
    await expect(account.getByRole('link', { name: 'Exportar mis datos' })).toHaveAttribute('href', '/api/profile/export');
    const link = account.getByRole('link', { name: 'Descargar en Markdown' });
    await expect(link).toHaveAttribute('href', '/api/profile/export?format=markdown');
    await expect(link).toHaveAccessibleDescription(/descárgalo en Markdown, un texto fácil de leer/);
    await expectNoSeriousA11yViolations(page, testInfo, 'profile-export-markdown');

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^ascenso-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = await readFile(await download.path(), 'utf8');
    expect(markdown).toContain('# Tus datos de Ascenso');
    expect(markdown).toContain('## Tu diario');
    expect(markdown).toContain(entry);
    expect(markdown).toContain('**Estado de ánimo:** calma');
    expect(markdown).toContain('\\# Título falso \\<script\\>alert(1)\\</script\\>');
    expect(markdown).toContain('## Tus pasos');
  });
});
