import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { dialectFreeTests } from './tooling/test-services/dialect-free-tests.ts';

// One vitest run covers every package: unit tests beside the code, integration tests in apps/api,
// the web app's pure logic (components are covered by Playwright), and the repository-wide lint guards.
// The API suites run twice: on SQLite with the in-process bus and limits (`api`), and on PostgreSQL + Redis
// (`api-pg`: a fresh database per test on the run's throwaway cluster, and each app on the run's
// redis-server under a key prefix of its own; apps/api/src/testing/pg-test-setup.ts).
export default defineConfig({
  test: {
    // Vitest's default is one worker per core less one: a single worker on our 2-core machines, which left a core
    // idle while suites waited on SQLite, PostgreSQL and Redis. Test files are isolated from each other (fresh
    // databases, own Redis key prefixes, ephemeral ports), so two run side by side: the unit step takes ~2.5x less.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Once per run, before any project's tests: the PostgreSQL twin of packages/db is generated from the SQLite
    // source, not committed (decision 039). The projects referenced by folder do not inherit this.
    globalSetup: ['./packages/db/scripts/codegen-setup.ts'],
    projects: [
      'packages/*',
      'apps/api',
      {
        extends: './apps/api/vitest.config.ts',
        root: './apps/api',
        // Only the files that can reach the dialect: the others would run the same code twice (decision 033).
        test: { name: 'api-pg', env: { ASCENSO_TEST_DIALECT: 'postgres' }, exclude: ['**/node_modules/**', ...dialectFreeTests('./apps/api')] },
      },
      'apps/web',
      'tooling/lint-guards',
      'tooling/test-services',
    ],
  },
});
