import { test as base } from '@playwright/test';
import { resetModel } from './fake-model';
import { XssTraps } from './xss-harness';

/**
 * The XSS specs' `test`: the scripted fake model starts every test from its defaults, and `traps`
 * (sentinels, dialogs, navigations, pop-ups, CSP reports) are armed on the page before the test uses it.
 */
export const test = base.extend<{ modelReset: void; traps: XssTraps }>({
  modelReset: [
    async ({ page }, use) => {
      await resetModel(page.request);
      await use();
    },
    { auto: true },
  ],
  traps: async ({ page, modelReset: _reset }, use) => {
    await use(await XssTraps.arm(page));
  },
});
