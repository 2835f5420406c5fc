import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The bar of the quality issue: WCAG 2.0 and 2.1, levels A and AA. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Waits until no CSS/Web animation is running, so colours are measured in their final state. */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

/**
 * axe on the current page: zero serious or critical WCAG 2.1 A/AA violations. The offending nodes are
 * attached to the report as `axe-<name>.json`.
 *
 * `exclude` leaves out elements axe cannot enter, such as the e-mail previews: a `sandbox=""` iframe
 * runs no script, so axe cannot be injected into it (the page around it, including the iframe's title,
 * is still checked).
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  testInfo: TestInfo,
  name: string,
  options: { exclude?: readonly string[] } = {},
): Promise<void> {
  await settleAnimations(page);
  // Legacy mode runs axe once in the page (same-origin frames included) instead of gathering partial runs and
  // finishing them in a new blank page: about half the time per check, and our screens have no cross-origin
  // frame to lose (the e-mail previews are sandboxed and excluded). Only violations are gathered (axe's
  // documented `resultTypes`). Decision 033.
  let builder = new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] });
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    await testInfo.attach(`axe-${name}.json`, {
      body: JSON.stringify(serious, null, 2),
      contentType: 'application/json',
    });
  }
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join(', ')}`),
    `axe violations on ${name}`,
  ).toEqual([]);
}
