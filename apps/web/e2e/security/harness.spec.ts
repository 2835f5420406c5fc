import { expect, test } from '@playwright/test';
import { vectorById } from './vectors';
import { XssTraps, auditPlace } from './xss-harness';

/**
 * The detectors themselves: markup put straight into the live page (as a broken sanitiser would)
 * must be seen by the sentinels, the dialog trap, the CSP trap and the DOM audits. Without this, a
 * green suite could mean a blind harness.
 */
test.describe('XSS harness: the detectors see what gets through', () => {
  test('sentinels, dialogs and the DOM audits fire on injected markup', async ({ page }) => {
    const traps = await XssTraps.arm(page);
    await page.goto('/acceso');
    await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toBeVisible();
    // <svg/onload=xss_o039('XSS')> and <img src=x onerror="(xss_oob01)(1)">, then a real alert the
    // rewrite could not have seen, a javascript: link and an iframe with srcdoc.
    const injected = `${vectorById('o039').html}${vectorById('oob01').html}<img src="/no-existe.png" onerror="top['al\\x65rt']('real')"><a href=" javascript:void 0">x</a><iframe srcdoc="<p>hola</p>"></iframe>`;
    await page.evaluate((html) => {
      const box = document.createElement('div');
      box.id = 'inyectado';
      box.innerHTML = html;
      document.body.append(box);
    }, injected);
    await expect.poll(() => traps.evidence.map((e) => e.kind), { timeout: 5_000 }).toEqual(expect.arrayContaining(['dialog', 'sentinel', 'navigation']));
    expect(traps.evidence.map((e) => e.detail).join('\n')).toContain('xss_oob01(1)');
    const problems = await auditPlace(page, '#inyectado');
    for (const expected of ['<svg>', 'event handler onload', '<img>', 'event handler onerror', 'href=" javascript:void 0"', 'srcdoc', '<iframe>']) {
      expect(problems.join('\n'), expected).toContain(expected);
    }
  });

  test.describe('with the Content-Security-Policy enforced', () => {
    test.use({ bypassCSP: false });

    test('an inline handler in the live page is reported as a CSP violation, not merely logged', async ({ page }) => {
      const traps = await XssTraps.arm(page);
      await page.goto('/acceso');
      await expect(page.getByRole('tab', { name: 'Crear cuenta' })).toBeVisible();
      await page.evaluate(() => {
        const image = document.createElement('img');
        document.body.append(image);
        image.setAttribute('onerror', 'void 0');
        image.src = '/no-existe.png';
      });
      await expect.poll(() => traps.evidence.filter((e) => e.kind === 'csp').length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(traps.evidence.filter((e) => e.kind === 'sentinel')).toEqual([]);
    });
  });
});
