import { defineConfig } from 'vitest/config';

// One vitest run covers every package: unit tests beside the code, integration tests in apps/api,
// the web app's pure logic (components are covered by Playwright), and the repository-wide lint guards.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web', 'tooling/lint-guards'],
  },
});
