import { defineConfig } from 'vitest/config';

// One vitest run covers every package: unit tests beside the code, integration tests in apps/api,
// the web app's pure logic (components are covered by Playwright), and the repository-wide lint guards.
// The API suites run twice: on SQLite with the in-process bus and limits (`api`), and on PostgreSQL + Redis
// (`api-pg`: a fresh database per test on the run's throwaway cluster, and each app on the run's
// redis-server under a key prefix of its own; apps/api/src/testing/pg-test-setup.ts).
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/api',
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        test: { name: 'api-pg', env: { ASCENSO_TEST_DIALECT: 'postgres' } },
      },
      'apps/web',
      'tooling/lint-guards',
    ],
  },
});
